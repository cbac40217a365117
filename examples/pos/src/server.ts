import { buildApp } from './app.js';
import { readConfig } from './config.js';

const config = readConfig();
const app = buildApp({ config });
await app.listen({ port: config.port, host: config.host });
console.log(`Example POS listening on http://${config.host}:${config.port} (Stream at ${config.streamBaseUrl}, webhook secret from STREAM_WEBHOOK_SECRET)`);
