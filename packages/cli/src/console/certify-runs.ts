// Certify from the console: a run against the partner's server in the background, its results
// pushed to the page as they come, and its report to download once it ends.
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { guideUrl, loadCatalogue, referenceUrl } from '../certify/catalogue.js';
import { htmlReport, junitXml, REPORT_CSP } from '../certify/report.js';
import { runCertification, type CertificationResult, type RequirementResult } from '../certify/runner.js';
import { linkSandbox } from '../certify/sandbox-link.js';
import { AUDIENCES, listTargets, type Audience } from '../trigger/targets.js';
import { parseUrl, type ConsoleHub } from './hub.js';
import { redactSecretText } from '../secret-text.js';
import { durationText, RUN_LIMIT_DEFAULT_MS } from '../certify/run-limit.js';

const CERTIFY_RUNS_KEPT = 5;

interface CertifyRun {
  readonly id: string;
  readonly audience: Audience;
  readonly baseUrl: string;
  readonly results: RequirementResult[];
  prompts: string[];
  result?: CertificationResult;
  error?: string;
}

export function registerCertifyRuns({ app, guard, sandbox, control, publish, recordOutbound }: ConsoleHub): void {
  const runs = new Map<string, CertifyRun>();
  control('/_sandbox/console/certify', async (body, _request, reply) => {
    if (!(AUDIENCES as readonly unknown[]).includes(body.audience)) return reply.code(400).send({ code: 'invalid_audience', message: 'The audience must be pos, dsp or events.' });
    const baseUrl = parseUrl(body.baseUrl);
    if (baseUrl === undefined) return reply.code(400).send({ code: 'invalid_url', message: "The server's base URL must be an absolute http(s) URL such as http://127.0.0.1:4101." });
    if ([...runs.values()].some((run) => run.result === undefined && run.error === undefined)) {
      return reply.code(409).send({ code: 'certify_running', message: 'A certification run is already in progress; wait for it to end.' });
    }
    const audience = body.audience as Audience;
    const skipSandbox = body.skipSandbox !== false;
    const waitMs = typeof body.waitMs === 'number' && body.waitMs > 0 && body.waitMs <= 600_000 ? body.waitMs : 60_000;
    // The run holds the console's one run slot: a slow server must not keep it for hours.
    const runLimitMs = body.runLimitMs ?? RUN_LIMIT_DEFAULT_MS;
    if (typeof runLimitMs !== 'number' || !Number.isInteger(runLimitMs) || runLimitMs < 1000 || runLimitMs > RUN_LIMIT_DEFAULT_MS) {
      return reply.code(400).send({ code: 'invalid_run_limit', message: `runLimitMs must be a whole number of milliseconds from 1000 to ${RUN_LIMIT_DEFAULT_MS} (${durationText(RUN_LIMIT_DEFAULT_MS)}, the default); for longer, run stream-partner certify --run-limit-ms in a terminal.` });
    }
    const run: CertifyRun = { id: randomBytes(6).toString('hex'), audience, baseUrl: baseUrl.toString().replace(/\/$/, ''), results: [], prompts: [] };
    runs.set(run.id, run);
    for (const old of [...runs.keys()].slice(0, Math.max(0, runs.size - CERTIFY_RUNS_KEPT))) runs.delete(old);
    const k = sandbox().credentials;
    const sleep = (ms: number) => delay(ms).then(() => undefined);
    publish({ type: 'certify', data: { id: run.id, phase: 'started', audience, baseUrl: redactSecretText(run.baseUrl) } });
    void (async () => {
      let link: Awaited<ReturnType<typeof linkSandbox>> | undefined;
      try {
        if (!skipSandbox) link = await linkSandbox({ url: sandbox().url, consoleToken: guard.token, webhookSecret: k.webhookSecret, partnerSlug: k.partnerSlug, partnerId: k.partnerId, now: Date.now, sleep });
        run.result = await runCertification({
          config: {
            audience,
            baseUrl: run.baseUrl,
            ...(typeof body.token === 'string' && body.token !== '' ? { token: body.token } : {}),
            webhookSecret: k.webhookSecret,
            clientId: typeof body.clientId === 'string' && body.clientId !== '' ? body.clientId : 'stream-client',
            clientSecret: typeof body.clientSecret === 'string' && body.clientSecret !== '' ? body.clientSecret : 'stream-secret',
            redirectUri: 'https://partners.stream.example/oauth/callback',
            timeoutMs: 30_000,
            answerLimitMs: 10_000,
            waitMs,
            runLimitMs,
            now: Date.now,
            sleep,
          },
          skipSandbox,
          ...(link === undefined ? {} : { sandbox: link }),
          prompt: (text) => {
            run.prompts.push(text);
            publish({ type: 'certify', data: { id: run.id, phase: 'prompt', text } });
          },
          onResult: (result) => {
            run.results.push(result);
            for (const evidence of result.evidence) {
              const target = listTargets().find((candidate) => candidate.audience === audience && (candidate.name === result.requirement.contract.event || candidate.name === result.requirement.contract.operationId));
              recordOutbound('certify', target, {
                request: { method: evidence.request.method, url: evidence.request.url, ...(evidence.request.body === undefined ? {} : { body: evidence.request.body }) },
                status: evidence.response.status,
                headers: {},
                bodyText: evidence.response.body ?? '',
                json: undefined,
                ms: evidence.response.ms,
                ...(evidence.response.error === undefined ? {} : { error: { kind: 'unreachable' as const, message: evidence.response.error } }),
              }, { note: `${result.requirement.id}: ${evidence.what}`, judged: false });
            }
            publish({ type: 'certify', data: { id: run.id, phase: 'result', result: resultView(result) } });
          },
        });
        publish({ type: 'certify', data: { id: run.id, phase: 'finished', counts: run.result.counts, certified: run.result.certified, ms: run.result.ms, timeLimitReached: run.result.timeLimitReached, timeLimit: durationText(runLimitMs) } });
      } catch (error) {
        run.error = (error as Error).message;
        publish({ type: 'certify', data: { id: run.id, phase: 'failed', error: run.error } });
      } finally {
        await link?.close();
      }
    })();
    return reply.code(202).send({ id: run.id, requirements: loadCatalogue(audience).requirements.length });
  });

  app.get('/_sandbox/console/certify/:id', async (request, reply) => {
    // The token or the page's session comes in a header only: in a URL it would be kept in history, logs and the saved file's origin.
    const denied = guard.refuseControl(request, reply);
    if (denied !== undefined) return denied;
    const { id } = request.params as { id: string };
    const run = runs.get(id);
    if (run === undefined) return reply.code(404).send({ code: 'unknown_run', message: `No certification run ${id}; the console keeps the last ${CERTIFY_RUNS_KEPT}.` });
    const format = (request.query as { format?: string }).format;
    if (format === undefined) return reply.send({ id, audience: run.audience, baseUrl: redactSecretText(run.baseUrl), results: run.results.map(resultView), finished: run.result !== undefined, error: run.error ?? null });
    if (run.result === undefined) return reply.code(409).send({ code: 'certify_running', message: 'The run has not finished; download the report when it ends.' });
    if (format === 'junit') return reply.type('application/xml; charset=utf-8').header('Content-Disposition', `attachment; filename="certify-${run.audience}.xml"`).send(junitXml(run.result));
    if (format === 'html') return reply.type('text/html; charset=utf-8').header('Content-Disposition', `attachment; filename="certify-${run.audience}.html"`).header('Content-Security-Policy', REPORT_CSP).send(htmlReport(run.result));
    return reply.code(400).send({ code: 'invalid_format', message: 'format must be junit or html.' });
  });
}


/** One requirement's result for the page: status as given (the runner may add statuses), and where to read. */
function resultView(result: RequirementResult): unknown {
  const last = result.evidence[result.evidence.length - 1];
  return {
    id: result.requirement.id,
    title: result.requirement.title,
    severity: result.requirement.severity,
    status: result.status,
    reason: result.reason ?? null,
    expected: result.expected ?? null,
    ms: result.ms,
    guide: guideUrl(result.requirement),
    reference: referenceUrl(result.requirement),
    sent: last === undefined ? null : `${last.request.method} ${last.request.url}`,
    got: last === undefined ? null : `${last.response.status ?? last.response.error ?? 'no answer'} (${last.response.ms} ms)`,
  };
}
