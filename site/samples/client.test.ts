// The guides' client samples (a partner's code that calls Stream), in TypeScript and Python, run
// as the page shows them against a real sandbox: each must exit 0, make the calls its page says,
// and have every call accepted by the sandbox with a body the contract allows.
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../packages/cli/src/sandbox/server.js';
import { findOperation } from '../../packages/cli/src/openapi.js';
import type { SampleLanguage } from './extract.js';
import { clientProblems, contractExample, literal, runClientSample, type ClientRun, type ClientSampleOptions, type ExpectedCall } from './client.js';

const LANGUAGES = ['ts', 'python'] as const;
const LABEL: Record<SampleLanguage, string> = { ts: 'TypeScript', python: 'Python' };

interface ClientSample {
  /** What the sample does, as the test name says it. */
  readonly does: string;
  readonly options: (language: SampleLanguage) => Omit<ClientSampleOptions, 'language'>;
  readonly calls: (credentials: RunningSandbox['credentials']) => ExpectedCall[];
  /** What the calls must have said or changed, as the page describes it. */
  readonly outcome?: (run: ClientRun) => void;
}

const bodies = (run: ClientRun) => run.exchanges.map((exchange) => exchange.requestBody as any);
const order = (run: ClientRun, match: (order: any) => boolean) => (run.state.orders as any[]).find(match);

const posWebhook = (credentials: RunningSandbox['credentials']): ExpectedCall => ({ method: 'POST', path: `/pos/${credentials.partnerSlug}/webhook` });

/** Every example of a POS event a POS sends Stream, with a pause that ends in the future, as the page says. */
function posEventExamples(): unknown[] {
  const examples = [...findOperation('pos', 'sendWebhookEvent').requestExamples.values()].map((value) => structuredClone(value) as { object: { paused_until?: number | null } });
  for (const example of examples) if (typeof example.object.paused_until === 'number') example.object.paused_until = Date.now() + 45 * 60_000;
  return examples;
}

const SAMPLES: readonly ClientSample[] = [
  {
    does: 'pauses a POS location for 45 minutes and resumes it early',
    options: () => ({ name: 'pos-location-status' }),
    calls: (credentials) => [posWebhook(credentials), posWebhook(credentials)],
    outcome: (run) => {
      const [pause, resume] = bodies(run);
      expect(pause.object).toMatchObject({ status: 'inactive', location_id: 'loc-downtown' });
      expect(pause.object.paused_until - Date.now()).toBeGreaterThan(40 * 60_000);
      expect(resume.object).toEqual({ status: 'active', location_id: 'loc-downtown' });
    },
  },
  {
    does: 'sends Stream every POS event example with one signed sender',
    options: (language) => ({
      name: 'pos-send',
      driver: () =>
        language === 'ts'
          ? `for (const driverEvent of ${literal(language, posEventExamples())}) await sendToStream(driverEvent as any);`
          : `for driver_event in ${literal(language, posEventExamples())}:\n    send_to_stream(driver_event)`,
    }),
    calls: (credentials) => posEventExamples().map(() => posWebhook(credentials)),
    outcome: (run) => {
      expect(bodies(run).map((body) => body.type)).toEqual(posEventExamples().map((example) => (example as { type: string }).type));
    },
  },
  {
    does: 'reports an in-store order',
    options: (language) => {
      const order = contractExample('pos', 'InStoreOrderCreated').object;
      return { name: 'pos-in-store-order', driver: () => (language === 'ts' ? `await reportInStoreOrder(${literal(language, order)});` : `report_in_store_order(${literal(language, order)})`) };
    },
    calls: (credentials) => [posWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)[0]).toEqual(contractExample('pos', 'InStoreOrderCreated'));
      expect(order(run, (candidate) => candidate.provider_id === 'pos-ord-88415')?.status).toBe('received');
    },
  },
  {
    does: 'tells Stream a location\'s catalog changed',
    options: () => ({ name: 'pos-catalog-updated' }),
    calls: (credentials) => [posWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)).toEqual([contractExample('pos', 'LocationCatalogUpdated')]);
    },
  },
  {
    does: 'reports an order ready for pickup',
    options: () => ({ name: 'pos-order-status' }),
    calls: (credentials) => [posWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)).toEqual([contractExample('pos', 'OrderReadyForPickup')]);
      expect(order(run, (candidate) => candidate.provider_id === 'pos-ord-88412')?.status).toBe('ready_for_pickup');
    },
  },
];

describe.each(LANGUAGES)('the guides\' client samples in %s', (language) => {
  it('include at least one sample to run', () => {
    expect(SAMPLES.length).toBeGreaterThan(0);
  });

  for (const sample of SAMPLES) {
    it(`${sample.does}: the sandbox accepts every call it makes`, { timeout: 90_000 }, async () => {
      const run = await runClientSample({ ...sample.options(language), language });
      expect(clientProblems(run, sample.calls(run.credentials))).toEqual([]);
      sample.outcome?.(run);
    });
  }
});

/** Replaces `from` in a block, failing loudly when the page no longer has it (the change would test nothing). */
function replacing(from: string | RegExp, to: string): (code: string) => string {
  return (code) => {
    const changed = code.replace(from, to);
    if (changed === code) throw new Error(`the sample no longer contains ${String(from)}; update the changed copy`);
    return changed;
  };
}

describe('the client samples check catches a broken sample', () => {
  const SIGNED_OTHER_BYTES: Record<SampleLanguage, (code: string) => string> = {
    ts: replacing('signWebhook({ secret: process.env.STREAM_WEBHOOK_SECRET!, body })', "signWebhook({ secret: process.env.STREAM_WEBHOOK_SECRET!, body: `${body}\\n` })"),
    python: replacing('body, hashlib.sha256)', 'body + b"\\n", hashlib.sha256)'),
  };
  const WRONG_PATH: Record<SampleLanguage, (code: string) => string> = {
    ts: replacing('}/pos/${process.env.PARTNER_SLUG}/webhook', '}/pos/${process.env.PARTNER_SLUG}/webhooks'),
    python: replacing("}/pos/{os.environ['PARTNER_SLUG']}/webhook", "}/pos/{os.environ['PARTNER_SLUG']}/webhooks"),
  };

  for (const language of LANGUAGES) {
    it(`reports a ${LABEL[language]} sample that signs other bytes than it sends: the sandbox answers 401`, { timeout: 90_000 }, async () => {
      const run = await runClientSample({ name: 'pos-catalog-updated', language, rewrite: SIGNED_OTHER_BYTES[language] });
      const problems = clientProblems(run, [posWebhook(run.credentials)]);
      expect(problems.join('\n')).toMatch(/exited with 1/);
      expect(problems.join('\n')).toMatch(/answered 401 \(refused\): signature_mismatch/);
    });

    it(`reports a ${LABEL[language]} sample that posts to a path Stream does not serve`, { timeout: 90_000 }, async () => {
      const run = await runClientSample({ name: 'pos-order-status', language, rewrite: WRONG_PATH[language] });
      const problems = clientProblems(run, [posWebhook(run.credentials)]).join('\n');
      expect(problems).toContain(`made the calls [POST /pos/${run.credentials.partnerSlug}/webhooks]`);
      expect(problems).toMatch(/answered 404/);
      expect(problems).toMatch(/is no operation of the contracts/);
    });
  }

  it('reports a body that breaks the contract even when the sandbox accepted it', async () => {
    const run = await runClientSample({ name: 'pos-catalog-updated', language: 'python' });
    const broken = { ...run, exchanges: run.exchanges.map((exchange) => ({ ...exchange, requestBody: { type: 'location.catalog.updated', object: {} } })) };
    expect(clientProblems(broken, [posWebhook(run.credentials)]).join('\n')).toMatch(/breaks the pos contract's/);
  });
});
