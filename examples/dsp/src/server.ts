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
buildApp({ config }).listen(config.port, config.host, () => {
  console.log(`Example DSP listening on http://${config.host}:${config.port} (Stream at ${config.streamBaseUrl})`);
});
