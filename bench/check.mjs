// `npm run bench:check`: the endpoint check's sending cost. One local handler that answers at once
// (examples/handlers/correct.mjs); in alternating rounds, (a) the whole battery through `tp check`
// (its report's own duration: the engine's start is left out, the check's fixed costs, its journal
// session opened and closed and the HTTP client loaded, some 60 ms, are in) and (b) a bare undici client sending
// the same number of signed deliveries of the same shape to the same handler, one at a time but
// for the burst's, which go at once as the check sends them. Prints each side's time per delivery,
// the median of the rounds' ratios, and the battery's time (target: under 5 s).
// Options (env): BENCH_ROUNDS (default 5), BENCH_BURST (default 50).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';
import { root, signedDelivery } from './children.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BURST = Number(process.env.BENCH_BURST ?? 50);
const BATTERY_TARGET_MS = 5000;
const SECRET = 'bench-check-secret-7f2c';
const TP = join(root, 'out/main/tp.js');

if (!existsSync(TP)) {
  console.error('out/main/tp.js is missing: run npm run build first.');
  process.exit(2);
}

/** @returns {Promise<{ url: string, stop: () => void }>} */
function startHandler() {
  const child = spawn(
    process.execPath,
    [join(root, 'examples/handlers/correct.mjs'), '--port', '0'],
    { env: { ...process.env, CLIENT_SECRET: SECRET }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).once(
      'line',
      (line) => {
        const url = /listening on (\S+)/.exec(line)?.[1];
        if (url) resolve({ url: `${url}hook`, stop: () => child.kill() });
        else reject(new Error(`unexpected first line from the handler: ${line}`));
      },
    );
    child.once('exit', (code) => reject(new Error(`the handler exited with ${code}`)));
  });
}

/**
 * @param {string} url
 * @returns {Promise<{ durationMs: number, count: number }>}
 */
function battery(url) {
  const child = spawn(
    process.execPath,
    [TP, 'check', url, '--reporter', 'json', '--burst', String(BURST)],
    { env: { ...process.env, TP_CLIENT_SECRET: SECRET }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`tp check exited with ${code}`));
      const report = JSON.parse(out);
      resolve({ durationMs: report.durationMs, count: report.timing.count });
    }),
  );
}

let counter = 0;
/**
 * The same number of deliveries, bare: one at a time, then the burst's at once.
 * @param {string} url
 * @param {number} count
 */
async function bare(url, count) {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections: BURST });
  const send = async () => {
    const res = await pool.request({
      method: 'POST',
      path: pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: signedDelivery(SECRET, `mbench${counter++}`),
    });
    await res.body.dump();
  };
  const started = performance.now();
  for (let i = 0; i < count - BURST; i += 1) await send();
  await Promise.all(Array.from({ length: BURST }, send));
  const ms = performance.now() - started;
  await pool.close();
  return ms;
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const handler = await startHandler();
try {
  /** @type {{ checkMs: number, bareMs: number, count: number }[]} */
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const ours = await battery(handler.url);
    const bareMs = await bare(handler.url, ours.count);
    rounds.push({ checkMs: ours.durationMs, bareMs, count: ours.count });
  }
  const perDelivery = (/** @type {number} */ ms, /** @type {number} */ n) => ms / n;
  const ratios = rounds.map((r) => r.checkMs / r.bareMs);
  const checkMs = median(rounds.map((r) => r.checkMs));
  const count = rounds[0]?.count ?? 0;
  console.log(
    JSON.stringify({
      rounds: ROUNDS,
      deliveriesPerBattery: count,
      checkMsPerDelivery: +perDelivery(checkMs, count).toFixed(3),
      bareMsPerDelivery: +perDelivery(median(rounds.map((r) => r.bareMs)), count).toFixed(3),
      medianRatio: +median(ratios).toFixed(2),
      roundRatios: ratios.map((r) => +r.toFixed(2)),
      batteryMs: Math.round(checkMs),
      batteryTargetMs: BATTERY_TARGET_MS,
    }),
  );
  console.log(
    `The battery (${count} deliveries) took ${Math.round(checkMs)} ms (target < ${BATTERY_TARGET_MS} ms): ${checkMs < BATTERY_TARGET_MS ? 'met' : 'NOT met'}. Per delivery ${perDelivery(checkMs, count).toFixed(2)} ms against ${perDelivery(median(rounds.map((r) => r.bareMs)), count).toFixed(2)} ms bare: ratio ${median(ratios).toFixed(2)} (median of the rounds').`,
  );
} finally {
  handler.stop();
}
