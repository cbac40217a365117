// The fixed wrapper around the guides' TypeScript samples: loads the fixture (the "your data"
// helpers a sample calls, such as merchantForBearer), then each block as a module, mounts every
// Express app the blocks made, and listens on 127.0.0.1. Prints {"port": n} once it listens.
import express from 'express';
import { pathToFileURL } from 'node:url';

const [fixture, ...blocks] = process.argv.slice(2);
if (fixture === undefined || blocks.length === 0) {
  console.error('usage: host.mts <fixture.mts> <block.mts>...');
  process.exit(2);
}
const root = express();
const shared = globalThis as unknown as { app: express.Express; sampleApps: unknown[] };
// Blocks that show only routes use the page's `app`; blocks that make their own are mounted below.
shared.app = root;
shared.sampleApps = [];
await import(pathToFileURL(fixture).href);
for (const block of blocks) await import(pathToFileURL(block).href);
for (const app of new Set(shared.sampleApps)) if (app !== root && app !== undefined) root.use(app as express.Express);
const server = root.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
