// `npm run bench:load`: tp load's engine against a handler that answers at once (bench/bare-server.mjs,
// a bare node:http server in a child process), at 2,000 deliveries a second for a few seconds.
// Prints the rate held against the rate asked (goal: held >= 0.98 of asked), the sends that
// started late, the answer times, and the machine's load average beside them: on a shared machine
// a miss may be the machine's, and the late count says the sender could not start on time.
// Options (env): BENCH_RATE (default 2000), BENCH_DURATION (default 5s).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { root, startChild } from './children.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 2000);
const DURATION = process.env.BENCH_DURATION ?? '5s';
const GOAL = 0.98;
const TP = join(root, 'out/main/tp.js');

if (!existsSync(TP)) {
  console.error('out/main/tp.js is missing: run npm run build first.');
  process.exit(2);
}

/**
 * @param {string} url
 * @returns {Promise<import('../src-shared/contract').LoadSummary>}
 */
function load(url) {
  const child = spawn(
    process.execPath,
    [TP, 'load', url, '--rate', String(RATE), '--duration', DURATION, '--reporter', 'json'],
    {
      env: { ...process.env, TP_CLIENT_SECRET: 'bench-load-secret-5d1e' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      if (code !== 0 && code !== 1) return reject(new Error(`tp load exited with ${code}`));
      resolve(JSON.parse(out));
    }),
  );
}

const { child: handler, ready } = await startChild([join(root, 'bench/bare-server.mjs')]);
try {
  const [before = 0] = loadavg();
  const s = await load(`http://127.0.0.1:${ready.port}/hook`);
  const [after = 0] = loadavg();
  const held = s.sentPerSecond / s.rateAsked;
  console.log(
    JSON.stringify({
      rateAsked: s.rateAsked,
      sent: s.sent,
      sentPerSecond: s.sentPerSecond,
      heldOfAsked: +held.toFixed(3),
      late: s.late,
      onTimeShare: +(1 - s.late / s.sent).toFixed(3),
      throughputPerSecond: s.throughputPerSecond,
      latency: s.latency,
      errors: s.errors,
      loadAverage1m: { before: +before.toFixed(2), after: +after.toFixed(2) },
      cores: cpus().length,
    }),
  );
  console.log(
    `Asked ${s.rateAsked}/s, held ${s.sentPerSecond}/s (${(held * 100).toFixed(1)} %, goal >= ${GOAL * 100} %: ${held >= GOAL ? 'met' : 'NOT met'}); ${s.late} of ${s.sent} sends started late (more than ${s.lateAfterMs} ms after due); p99 ${s.latency.p99Ms} ms; load average ${before.toFixed(2)} before, ${after.toFixed(2)} after, on ${cpus().length} cores.`,
  );
} finally {
  handler.kill();
}
