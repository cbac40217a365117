import { readFileSync } from 'node:fs';

// Read at run time from the package itself, from dist/ or src/ alike.
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
