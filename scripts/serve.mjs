#!/usr/bin/env node
// `npm run serve`: the headless host, run from out/. out/ is built first only when it is missing or
// older than the sources (build-if-stale.mjs), with the build's output on stderr, so that with
// --json the first stdout line is still the ready line. The host runs in this process, so its
// signal handling and exit code are the command's own.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

const code = await buildIfStale();
if (code !== 0) process.exit(code);
// serve.js reads its options from process.argv.slice(2): ours, unchanged.
await import(pathToFileURL(join(root, 'out', 'main', 'serve.js')).href);
