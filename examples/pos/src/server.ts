import { buildApp } from './app.js';
import { readConfig } from './config.js';

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  // A setting that is not safe: say which, and do not start.
  console.error((error as Error).message);
  process.exit(2);
}
const app = buildApp({ config });
await app.listen({ port: config.port, host: config.host });
console.log(`Example POS listening on http://${config.host}:${config.port} (Stream at ${config.streamBaseUrl}, webhook secret from STREAM_WEBHOOK_SECRET)`);
