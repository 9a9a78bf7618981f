// `npm run bench:sandbox`: throughput and latency of POST /tp/message/send.json (text) on the
// sandbox over loopback with a concurrent client, side by side with a bare node:http server
// answering a fixed JSON body, measured in the same run; prints the ratio (target: >= 0.5).
// Options (env): BENCH_SECONDS (default 5), BENCH_CONCURRENCY (default 32).
import { existsSync } from 'node:fs';
import { Pool } from 'undici';
import { cpuSeconds, root, startChild } from './children.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP_SECONDS = 1;
const ROUND_SECONDS = 0.5;

/**
 * @typedef {import('undici').Dispatcher.RequestOptions} Request
 * @typedef {{ name: string, origin: string, pid: number | undefined }} Target
 */

/**
 * The sandbox's JSON answer; each caller reads the fields its endpoint has.
 * @param {string} origin
 * @param {string} path
 * @param {RequestInit} init
 * @returns {Promise<Record<string, string>>}
 */
async function call(origin, path, init) {
  const res = await fetch(origin + path, init);
  const json = /** @type {Record<string, string>} */ (await res.json());
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** @param {Record<string, string>} fields */
const form = (fields) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
/** @param {unknown} body */
const simulator = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * Connects a user and adds a contact: what a real app does before it sends.
 * @param {string} origin
 * @param {import('./children.mjs').ReadyLine['apps'][number]} app
 */
async function prepare(origin, app) {
  const user = await call(origin, '/_sandbox/users', simulator({ name: 'Bench', surname: 'User' }));
  const { redirect } = await call(
    origin,
    '/_sandbox/authorize',
    simulator({
      client_id: app.client_id,
      state: 'b',
      user_id: user.id,
      scope: 'basic',
      decision: 'approve',
    }),
  );
  const code = new URL(redirect ?? '').searchParams.get('code') ?? '';
  const token = await call(
    origin,
    '/tp/token',
    form({
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      code,
      redirect_uri: app.redirect_uri,
    }),
  );
  await call(origin, '/tp/contact/add', {
    ...form({ contact_id: 'order-1042', display_name: 'Order #1042' }),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${token.access_token}`,
    },
  });
  return { userId: user.id, accessToken: token.access_token };
}

/**
 * CONCURRENCY loops on one pool sending the same request for `seconds`.
 * @param {Pool} pool
 * @param {Request} request
 * @param {number} seconds
 * @param {number[]} latencies
 */
async function load(pool, request, seconds, latencies) {
  let errors = 0;
  let count = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const res = await pool.request(request);
      await res.body.text();
      if (res.statusCode !== 200) errors += 1;
      latencies.push(performance.now() - started);
      count += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return { count, errors, elapsed: (performance.now() - started) / 1000 };
}

/** @param {number[]} sorted @param {number} p */
const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Short rounds, alternating between the two servers, so that a change in the machine's load
 * (other processes) weighs on both alike; the ratio is the median of the rounds' ratios.
 * @param {Target[]} targets
 * @param {Request} request
 */
async function compare(targets, request) {
  // One lane per server: its pool and its running totals.
  const lanes = targets.map((target) => ({
    target,
    pool: new Pool(target.origin, { connections: CONCURRENCY, pipelining: 1 }),
    count: 0,
    errors: 0,
    elapsed: 0,
    latencies: /** @type {number[]} */ ([]),
    cpu: 0,
  }));
  /** @type {number[]} */
  const ratios = [];
  for (const { pool } of lanes) await load(pool, request, WARMUP_SECONDS, []);
  const rounds = Math.max(2, Math.round(SECONDS / ROUND_SECONDS));
  for (let i = 0; i < rounds; i++) {
    /** @type {number[]} */
    const rps = [];
    for (const lane of lanes) {
      const cpuBefore = cpuSeconds(lane.target.pid);
      const r = await load(lane.pool, request, ROUND_SECONDS, lane.latencies);
      const cpuAfter = cpuSeconds(lane.target.pid);
      if (cpuBefore !== null && cpuAfter !== null) lane.cpu += cpuAfter - cpuBefore;
      lane.count += r.count;
      lane.errors += r.errors;
      lane.elapsed += r.elapsed;
      rps.push(r.count / r.elapsed);
    }
    ratios.push((rps[1] ?? NaN) / (rps[0] ?? NaN));
  }
  await Promise.all(lanes.map((l) => l.pool.close()));
  for (const t of lanes) {
    t.latencies.sort((a, b) => a - b);
    console.log(
      `${t.target.name.padEnd(20)} ${(t.count / t.elapsed).toFixed(0).padStart(7)} req/s   p50 ${pct(t.latencies, 50).toFixed(2).padStart(6)} ms   p99 ${pct(t.latencies, 99).toFixed(2).padStart(6)} ms   server CPU ${((t.cpu / t.count) * 1e6).toFixed(0).padStart(4)} µs/request   (${t.count} requests, ${t.errors} errors)`,
    );
    if (t.errors > 0) throw new Error(`${t.target.name}: ${t.errors} requests did not answer 200`);
  }
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)] ?? NaN;
}

const entry = `${root}out/main/sandbox.js`;
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run npm run build first.`);
  process.exit(2);
}
const children = [];
try {
  const sandbox = await startChild([entry, '--json', '--port', '0']);
  children.push(sandbox.child);
  const bare = await startChild([`${root}bench/bare-server.mjs`]);
  children.push(bare.child);
  const app = sandbox.ready.apps[0];
  if (!app) throw new Error('the sandbox started with no app');
  const origin = sandbox.ready.baseUrl;
  const { userId, accessToken } = await prepare(origin, app);
  const request = {
    method: 'POST',
    path: '/tp/message/send.json',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${accessToken}`,
    },
    body: new URLSearchParams({
      contact_id: 'order-1042',
      resource_id: userId ?? '',
      msg_type: 'text',
      text: 'Your order #1042 has shipped',
    }).toString(),
  };
  console.log(
    `message/send.json (text), ${CONCURRENCY} concurrent connections, ${SECONDS} s each in alternating rounds of ${ROUND_SECONDS} s, loopback`,
  );
  const ratio = await compare(
    [
      {
        name: 'bare node:http',
        origin: `http://127.0.0.1:${bare.ready.port}`,
        pid: bare.child.pid,
      },
      { name: 'sandbox send.json', origin, pid: sandbox.child.pid },
    ],
    request,
  );
  console.log(
    `ratio sandbox/bare (median of rounds): ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
  );
} finally {
  for (const c of children) c.kill('SIGTERM');
}
