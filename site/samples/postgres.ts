// A throw-away PostgreSQL server for the guide samples that keep state in a database: a fresh
// cluster in a temporary folder, listening on 127.0.0.1 on a free port, removed when stopped.
// Debian's `postgresql` package provides the binaries; `.ci/run` installs it when they are missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface RunningPostgres {
  /** A connection URL for `database` on the server (created by `createDatabase`). */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const INSTALL_HINT = 'The deduplication samples run against a real PostgreSQL. Install it with: apt-get install -y postgresql';

/** The folder holding initdb and postgres: $PG_BINDIR, else the newest /usr/lib/postgresql/<version>/bin. */
function binDir(): string {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv) {
    if (!existsSync(join(fromEnv, 'postgres'))) throw new Error(`PG_BINDIR=${fromEnv} has no postgres binary. ${INSTALL_HINT}`);
    return fromEnv;
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'postgres'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`No PostgreSQL server binaries under ${root} (or set PG_BINDIR). ${INSTALL_HINT}`);
  return join(root, versions[0]!, 'bin');
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user (or `nobody`). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const user of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('Running as root, and neither a postgres nor a nobody user exists to own the test cluster.');
}

function freePort(): Promise<number> {
  return new Promise((done, failed) => {
    const server = createServer();
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? done(address.port) : failed(new Error('no port'))));
    });
  });
}

const USER = 'samples';

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client(url);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts a new cluster; rejects with the server's own output when it cannot. */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = binDir();
  const owner = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'stream-samples-pg-'));
  const data = join(dir, 'data');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const initdb = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', USER, '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], { encoding: 'utf8', ...owner });
  if (initdb.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${initdb.status ?? initdb.error?.message}):\n${initdb.stdout}${initdb.stderr}`);
  }
  const port = await freePort();
  // No Unix socket (-k ''): the server is reachable on loopback only, and nothing is written outside `dir`.
  const server: ChildProcess = spawn(join(bin, 'postgres'), ['-D', data, '-h', '127.0.0.1', '-p', String(port), '-k', '', '-F', '-c', 'fsync=off'], { stdio: ['ignore', 'pipe', 'pipe'], ...owner });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += String(chunk)));
  server.stderr?.on('data', (chunk) => (output += String(chunk)));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGINT'); // "fast" shutdown
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`postgres exited with ${server.exitCode} before accepting connections:\n${output}`);
    }
    if (await accepts(`postgresql://${USER}@127.0.0.1:${port}/postgres`)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`postgres did not accept connections within 30 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  const url = (database: string) => `postgresql://${USER}@127.0.0.1:${port}/${database}`;
  return {
    url,
    stop,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const client = new pg.Client(url('postgres'));
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}
