// `npm run bench -- --only=certify`: a full certify run of each starter kit at the default probe
// depth (every requirement, what the kit sends to the sandbox included), its time beside the 30 s
// budget, with the seed so a slow run can be repeated. Exits with status 1 when a run is over
// budget or a kit does not pass. Run with tsx and the source condition (bench.mjs does).
import { join } from 'node:path';
import { certifyKit, explain, ROOT, startKit } from '../packages/cli/test/kits.ts';

const BUDGET_SECONDS = 30;
let over = 0;
for (const audience of ['pos', 'dsp', 'events']) {
  const kit = await startKit(audience);
  try {
    const started = Date.now();
    const result = await certifyKit(audience, { url: kit.url, sendFrom: join(ROOT, 'examples', audience) });
    const seconds = (Date.now() - started) / 1000;
    const ok = seconds <= BUDGET_SECONDS && result.certified;
    if (!ok) over += 1;
    const share = (keep) => (result.results.filter(keep).reduce((sum, item) => sum + item.ms, 0) / 1000).toFixed(1);
    const probes = share((item) => /-(GEN|SEQ)-/.test(item.requirement.id));
    // What the kit sends to the sandbox starts a process per event (node and tsx), the slow part on a busy machine.
    const sends = share((item) => item.requirement.via === 'sandbox');
    console.log(`certify ${audience.padEnd(6)} ${seconds.toFixed(1)} s (probes and sequences ${probes} s, sends to the sandbox ${sends} s), ${result.results.length} requirements, seed ${result.seed}, depth ${result.depth}, budget ${BUDGET_SECONDS} s: ${ok ? 'ok' : 'OVER'}`);
    if (!result.certified) console.log(`  the ${audience} kit did not pass:\n  ${explain(result).split('\n').join('\n  ')}`);
  } finally {
    await kit.close();
  }
}
process.exitCode = over > 0 ? 1 : 0;
