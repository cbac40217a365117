#!/usr/bin/env node
// The command's former name: `stream-webhook sign|verify` runs `stream-partner sign|verify`.
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2), { programName: 'stream-webhook' });
