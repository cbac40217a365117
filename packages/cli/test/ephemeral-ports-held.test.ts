// A local user may hold every port the system hands out. certify (whose sandbox takes port 0) and
// the sandbox's console page (on a port of its own) then cannot listen: certify told the user to
// pass a --port it does not take, and the sandbox ended in "Unexpected error" with a stack trace.
// Run in a network namespace of its own, whose range is ten ports, so no other process is touched.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './kits.js';
import { tempDir } from './support.js';

const isolated = process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('unshare', ['-n', 'true']).status === 0;

// Holds every port of the namespace's range on every address, then runs the command given.
const SQUATTER = `const net = require('node:net'); const fs = require('node:fs');
const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\\s+/).map(Number);
let left = high - low + 1;
for (let port = low; port <= high; port += 1) net.createServer().listen(port, '0.0.0.0', () => { left -= 1; if (left === 0) console.log('held'); });`;

function withPortsHeld(args: readonly string[]): { status: number | null; output: string } {
  const cli = ['node', '--conditions=source', '--import', join(ROOT, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs'), join(ROOT, 'packages', 'cli', 'src', 'bin.ts'), ...args].map((part) => `'${part}'`).join(' ');
  const script = [
    'ip link set lo up',
    'echo "40000 40009" > /proc/sys/net/ipv4/ip_local_port_range',
    `node -e "$SQUATTER" > held.txt & squatter=$!`,
    'for i in $(seq 100); do grep -q held held.txt && break; sleep 0.1; done',
    `XDG_RUNTIME_DIR="$PWD" timeout 60 ${cli}; status=$?`,
    'kill $squatter',
    'exit $status',
  ].join('\n');
  const run = spawnSync('unshare', ['-n', 'sh', '-c', script], { cwd: tempDir('ports-held'), env: { ...process.env, SQUATTER, NODE_PATH: join(ROOT, 'node_modules') }, encoding: 'utf8', timeout: 90_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe.skipIf(!isolated)('every ephemeral port held by another process', () => {
  it('has certify stop with exit code 2, saying no port was free for its sandbox and how to find who holds them', () => {
    const run = withPortsHeld(['certify', 'pos', '--base-url', 'http://127.0.0.1:9', '--only', 'POS-LOC-01']);
    expect(run.output).toContain('No free port on 127.0.0.1 for the sandbox: every port the system hands out');
    expect(run.output).toContain('ss -ltnp');
    expect(run.output).not.toContain('--port');
    expect(run.status).toBe(2);
  }, 120_000);

  it("has the sandbox stop with exit code 2, saying no port was free for the console's page, with no stack trace", () => {
    const run = withPortsHeld(['sandbox', '--port', '4010']);
    expect(run.output).toContain("No free port on 127.0.0.1 for the console's page");
    expect(run.output).not.toContain('Unexpected error');
    expect(run.output).not.toMatch(/\n\s+at /);
    expect(run.status).toBe(2);
  }, 120_000);
});
