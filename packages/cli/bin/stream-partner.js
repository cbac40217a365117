#!/usr/bin/env node
// The published entry point: the compiled CLI lives in dist/ (built by `npm run build`).
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2));
