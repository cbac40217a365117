// Throughput of @stream-partner/contracts, run by `npm run bench` (or on its own:
// `node scripts/bench-contracts.mjs [--duration=2000] [--json]`).
//
// - validate: validations per second of the DSP spec's named new-order example (the order on its
//   own and in its event envelope), and of the same order with mistakes, which pays for the
//   plain-words error messages;
// - verify / sign: webhook signature checks per second for a body of about 2 KB.
//
// Each figure is the best of a few timed rounds after a warm-up, on whatever machine runs it;
// nothing here asserts a threshold.
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { bundleSpec } from '../specs/scripts/bundle.mjs';

const CONTRACTS = new URL('../packages/contracts/src/index.ts', import.meta.url).href;

/** Runs `fn` repeatedly for about `durationMs` and returns operations per second (best of rounds). */
function measure(fn, durationMs) {
  let sink = 0;
  const warmUntil = performance.now() + Math.min(300, durationMs / 2);
  while (performance.now() < warmUntil) sink += fn() ? 1 : 0;
  const rounds = 5;
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    let ops = 0;
    const started = performance.now();
    const until = started + durationMs / rounds;
    while (performance.now() < until) {
      for (let i = 0; i < 100; i++) sink += fn() ? 1 : 0;
      ops += 100;
    }
    best = Math.max(best, ops / ((performance.now() - started) / 1000));
  }
  if (sink < 0) console.log(sink); // keeps the results observable
  return Math.round(best);
}

/** The spec's named example of a new order sent by a DSP, or the first new_order example. */
async function newOrderEvent() {
  const dsp = await bundleSpec('dsp');
  const examples = dsp.components?.examples ?? {};
  const named = examples.MerchantDeliveryOrder?.value;
  const event = named ?? Object.values(examples).map((e) => e.value).find((v) => v?.type === 'new_order');
  if (!event) throw new Error('The DSP spec has no new-order example to benchmark with.');
  return { name: named ? 'MerchantDeliveryOrder' : 'first new_order example', event };
}

/** A realistic body of about `size` bytes: the new-order event, its note padded to fit. */
function bodyOfSize(event, size) {
  const copy = structuredClone(event);
  copy.data.special_instructions = '';
  const base = Buffer.byteLength(JSON.stringify(copy));
  copy.data.special_instructions = 'Please ring the bell twice. '.repeat(Math.ceil(Math.max(0, size - base) / 28)).slice(0, Math.max(0, size - base));
  return JSON.stringify(copy);
}

export async function benchContracts({ durationMs = 1500, log = console.log } = {}) {
  const contracts = await tsImport(CONTRACTS, import.meta.url);
  const { validate, verifyWebhook, signWebhook } = contracts;
  const { name, event } = await newOrderEvent();
  const order = event.data;
  const broken = structuredClone(order);
  broken.items[0].price = 12.5;
  delete broken.customer.name;

  if (!validate('dsp', 'NewOrder', order).valid) throw new Error(`The DSP ${name} example is not a valid NewOrder.`);
  if (validate('dsp', 'NewOrder', broken).valid) throw new Error('The broken order unexpectedly validates.');

  const secret = 'whsec_bench_4d1c8e2a7f';
  const body = bodyOfSize(event, 2048);
  const bodyBytes = Buffer.from(body, 'utf8');
  const signature = signWebhook({ secret, body });

  const cases = [
    [`validate dsp NewOrder (${name}, ${order.items.length} items)`, () => validate('dsp', 'NewOrder', order).valid],
    ['validate dsp DspToStreamEvent (new_order envelope)', () => validate('dsp', 'DspToStreamEvent', event).valid],
    ['validate dsp NewOrder, invalid (2 errors explained)', () => !validate('dsp', 'NewOrder', broken).valid],
    [`verifyWebhook ${bodyBytes.length} B body (string)`, () => (verifyWebhook({ secret, body, signature }), true)],
    [`verifyWebhook ${bodyBytes.length} B body (Buffer)`, () => (verifyWebhook({ secret, body: bodyBytes, signature }), true)],
    [`signWebhook ${bodyBytes.length} B body`, () => signWebhook({ secret, body }).length === 64],
  ];

  log(`node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} x${cpus().length}`);
  const results = [];
  for (const [label, fn] of cases) {
    const opsPerSecond = measure(fn, durationMs);
    results.push({ label, opsPerSecond });
    log(`${label}: ${opsPerSecond.toLocaleString('en-US')} ops/s`);
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const durationArg = process.argv.find((a) => a.startsWith('--duration='));
  const json = process.argv.includes('--json');
  benchContracts({ durationMs: durationArg ? Number(durationArg.split('=')[1]) : 1500, log: json ? () => {} : console.log })
    .then((results) => {
      if (json) console.log(JSON.stringify(results, null, 2));
    })
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
