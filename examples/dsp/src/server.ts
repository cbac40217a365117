import { buildApp } from './app.js';
import { readConfig } from './config.js';

const config = readConfig();
buildApp({ config }).listen(config.port, config.host, () => {
  console.log(`Example DSP listening on http://${config.host}:${config.port} (Stream at ${config.streamBaseUrl})`);
});
