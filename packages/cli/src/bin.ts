// Runs the CLI from source (npm run sandbox in the repository, and the tests).
import { main } from './cli.js';

process.exitCode = await main(process.argv.slice(2));
