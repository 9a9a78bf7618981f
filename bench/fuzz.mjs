// `npm run fuzz -- [--runs N] [--seed S] [--case I] [--concurrency C] [--json] [--keep-data]`:
// sends N generated requests (default 100,000; fast-check, bench/fuzz-cases.mjs) to the receiver
// (the core's inbound endpoint) and to the embedded sandbox of a built headless host, both on
// 127.0.0.1, and prints four figures, each to be 0:
// - 5xx answers the response control did not ask for (the host runs with a 5% simulated failure
//   rate answering 503: those, found in the journal by the case's x-fuzz-case header, are fine);
// - crashes: the host exited, or does not answer a health request after the run;
// - hangs: neither an answer nor a close within the server's own timeouts plus a margin;
// - acknowledged (2xx) deliveries missing from the journal.
// The seed is printed; `--seed S --runs N` replays a run and `--case I` one case of it. Exits 1
// when a figure is not 0. `--json` ends with one JSON line (figures, acknowledged message ids,
// the data directory when `--keep-data` keeps it), for the integration test.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { Agent } from 'undici';
import WebSocket from 'ws';
import { root } from './children.mjs';
import { fuzzCase, materialize } from './fuzz-cases.mjs';
import { sendRaw, sendWellFormed } from './fuzz-send.mjs';

/** The receiver's body stall timeout (core/inbound/deliveries.ts) and the margin past it. */
const RECEIVER_STALL_MS = 10_000;
const MARGIN_MS = Number(process.env.FUZZ_MARGIN_MS ?? 10_000);
const BATCH = 1000;
const FAILURE_RATE = 0.05;
const FAILURE_STATUS = 503;

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '100000' },
    seed: { type: 'string' },
    case: { type: 'string' },
    concurrency: { type: 'string', default: '48' },
    json: { type: 'boolean', default: false },
    'keep-data': { type: 'boolean', default: false },
  },
});
const runs = Number(opts.runs);
const seed =
  opts.seed === undefined ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : Number(opts.seed);
const only = opts.case === undefined ? null : Number(opts.case);
const concurrency = Number(opts.concurrency);
const log = opts.json ? console.error : console.log;

const serve = `${root}out/main/serve.js`;
if (!existsSync(serve)) {
  console.error(`${serve} is missing: run npm run build first.`);
  process.exit(2);
}

/**
 * @typedef {{ url: string, sandbox: string, inbound: string }} Ready
 * @param {string} dataDir
 */
async function startHost(dataDir) {
  const child = spawn(
    process.execPath,
    [
      serve,
      '--json',
      '--port',
      '0',
      '--inbound-port',
      '0',
      '--redirect-port',
      '0',
      '--sandbox-port',
      '0',
      '--data-dir',
      dataDir,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (/** @type {Buffer} */ d) => (stderr += d.toString()));
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the host exited with ${code}: ${stderr}`)));
  });
  return { child, ready: /** @type {Ready} */ (JSON.parse(line)), stderr: () => stderr };
}

/**
 * One command over the host's WebSocket, as the renderer sends it.
 * @param {Ready} ready
 * @param {string} command
 * @param {unknown} input
 */
async function invoke(ready, command, input) {
  const url = new URL(ready.url);
  const ws = new WebSocket(`ws://${url.host}/ws`, {
    headers: {
      origin: url.origin,
      cookie: `tp_session_${url.port}=${url.searchParams.get('token')}`,
    },
  });
  try {
    await new Promise((ok, fail) => {
      ws.once('open', ok);
      ws.once('error', fail);
    });
    ws.send(JSON.stringify({ id: 1, command, input }));
    const reply = await new Promise((ok) =>
      ws.once('message', (raw) => ok(JSON.parse(String(raw)))),
    );
    if (!reply.ok) throw new Error(`${command}: ${JSON.stringify(reply.error)}`);
    return reply.output;
  } finally {
    ws.close();
  }
}

/** @param {string} url */
async function healthy(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(MARGIN_MS) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * The journal's delivery records: by message id (2xx ones) and by x-fuzz-case (their answer).
 * @param {string} dataDir
 */
function readJournal(dataDir) {
  /** @type {Set<string>} */
  const acknowledged = new Set();
  /** @type {Map<string, { status: number, reason: string }>} */
  const byCase = new Map();
  for (const line of readFileSync(join(dataDir, 'journal.ndjson'), 'utf8').split('\n')) {
    if (!line.includes('"kind":"delivery"')) continue;
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      continue;
    }
    if (r.kind !== 'delivery') continue;
    const { response, classification, headers } = r.delivery;
    if (response.status < 300 && classification.messageId)
      acknowledged.add(classification.messageId);
    const mark = headers?.['x-fuzz-case'];
    if (mark !== undefined) byCase.set(mark, response);
  }
  return { acknowledged, byCase };
}

const started = performance.now();
const dataDir = mkdtempSync(join(tmpdir(), 'tp-fuzz-'));
const host = await startHost(dataDir);
let exitCode = 0;
try {
  const { ready } = host;
  const receiver = new URL(ready.inbound);
  const sandbox = new URL(ready.sandbox);
  const state = /** @type {{ apps: { client_id: string, client_secret: string }[] }} */ (
    await (await fetch(`${ready.sandbox}/_sandbox/state`)).json()
  );
  const app = state.apps[0];
  if (!app) throw new Error('the embedded sandbox has no app');
  const tokenRes = await fetch(`${ready.sandbox}/tp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
    }).toString(),
  });
  const appToken = /** @type {{ access_token: string }} */ (await tokenRes.json()).access_token;
  await invoke(ready, 'inbound.setResponse', {
    response: { failureRate: FAILURE_RATE, failureStatus: FAILURE_STATUS },
  });
  /** @type {import('./fuzz-cases.mjs').FuzzTargets} */
  const targets = {
    endpointPath: receiver.pathname,
    clientSecret: app.client_secret,
    clientId: app.client_id,
    appToken,
  };
  const arbitrary = fuzzCase(targets);
  log(
    `fuzz: seed ${seed}, ${only === null ? `${runs} requests` : `case ${only}`}, ${concurrency} at a time, to ${receiver.origin} (receiver) and ${sandbox.origin} (sandbox); replay with --seed ${seed} --runs ${runs}`,
  );

  const dispatcher = new Agent({ connections: concurrency, keepAliveTimeout: 1000 });
  /** @type {Map<number, ReturnType<typeof materialize>>} */
  let batch = new Map();
  let batchIndex = -1;
  /** @param {number} i */
  const caseAt = (i) => {
    const b = Math.floor(i / BATCH);
    if (b !== batchIndex) {
      batchIndex = b;
      const values = fc.sample(arbitrary, { seed: (seed + b) | 0, numRuns: BATCH });
      batch = new Map(
        values.map((v, k) => [b * BATCH + k, materialize(targets, v, seed, b * BATCH + k)]),
      );
    }
    return /** @type {ReturnType<typeof materialize>} */ (batch.get(i));
  };

  /** @type {{ index: number, c: ReturnType<typeof materialize>, status: number }[]} */
  const fiveHundreds = [];
  /** @type {{ index: number, c: ReturnType<typeof materialize>, detail: string }[]} */
  const hangs = [];
  /** @type {Map<string, number>} */
  const acked = new Map();
  /** @type {Record<string, number>} */
  const tally = {};
  const indices = only === null ? Array.from({ length: runs }, (_, i) => i) : [only];
  let next = 0;
  let exitedDuringRun = false;
  host.child.once('exit', () => (exitedDuringRun = true));
  const worker = async () => {
    while (next < indices.length && !exitedDuringRun) {
      const index = /** @type {number} */ (indices[next++]);
      const c = caseAt(index);
      const url = c.target === 'receiver' ? receiver : sandbox;
      const deadlineMs = (c.target === 'receiver' ? RECEIVER_STALL_MS : 0) + MARGIN_MS;
      const o =
        c.via === 'raw'
          ? await sendRaw(c, { port: Number(url.port), deadlineMs })
          : await sendWellFormed(c, { origin: url.origin, dispatcher, deadlineMs });
      const key = `${c.target} ${o.kind}${o.status ? ` ${Math.floor(o.status / 100)}xx` : ''}`;
      tally[key] = (tally[key] ?? 0) + 1;
      if (o.kind === 'hang') hangs.push({ index, c, detail: o.detail ?? '' });
      if (o.status !== null && o.status >= 500) fiveHundreds.push({ index, c, status: o.status });
      if (o.status !== null && o.status < 300 && o.status >= 200 && c.messageId)
        acked.set(c.messageId, index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await dispatcher.close();
  const sendSeconds = (performance.now() - started) / 1000;

  const up =
    !exitedDuringRun &&
    (await healthy(`${receiver.origin}/_tp/health/fuzz`)) &&
    (await healthy(`${ready.sandbox}/_sandbox/state`));
  host.child.kill('SIGTERM');
  await new Promise((resolve) =>
    host.child.exitCode !== null ? resolve(null) : host.child.once('exit', resolve),
  );

  const journal = readJournal(dataDir);
  const unasked = fiveHundreds.filter(({ index, c, status }) => {
    const r = c.target === 'receiver' ? journal.byCase.get(String(index)) : undefined;
    return !(
      r &&
      r.status === status &&
      (r.reason === 'failure-rate' || r.reason === 'configured')
    );
  });
  const missing = [...acked].filter(([id]) => !journal.acknowledged.has(id));
  const internalErrors = (host.stderr().match(/unexpected error/g) ?? []).length;
  const figures = {
    unaskedFor5xx: unasked.length,
    crashes: up ? 0 : 1,
    hangs: hangs.length,
    acknowledgedMissing: missing.length,
  };

  const show = (/** @type {number} */ i, /** @type {ReturnType<typeof materialize>} */ c) =>
    `case ${i} (${c.target}, ${c.via}, ${c.pacing}): ${(c.raw ?? Buffer.from(`${c.method} ${c.path}`)).subarray(0, 120).toString('latin1').replace(/\r\n/g, '⏎')}`;
  for (const { index, c, status } of unasked.slice(0, 20))
    log(`  5xx (${status}) ${show(index, c)}`);
  for (const { index, c, detail } of hangs.slice(0, 20))
    log(`  hang ${show(index, c)} — ${detail}`);
  for (const [id, index] of missing.slice(0, 20))
    log(`  missing ${id}: ${show(index, caseAt(index))}`);
  if (!up)
    log(
      `  the host ${exitedDuringRun ? 'exited during the run' : 'did not answer a health request'}: ${host.stderr().slice(-2000)}`,
    );
  log(
    `outcomes: ${Object.entries(tally)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}`,
  );
  log(
    `asked-for 5xx (response control): ${fiveHundreds.length - unasked.length}; sandbox internal errors logged: ${internalErrors}`,
  );
  log(`5xx not asked for: ${figures.unaskedFor5xx}`);
  log(`crashes: ${figures.crashes}`);
  log(`hangs: ${figures.hangs}`);
  log(
    `acknowledged deliveries missing from the journal: ${figures.acknowledgedMissing} (of ${acked.size} acknowledged)`,
  );
  log(`seed ${seed}, ${indices.length} requests in ${sendSeconds.toFixed(1)} s`);
  if (Object.values(figures).some((n) => n !== 0)) exitCode = 1;
  if (opts.json) {
    console.log(
      JSON.stringify({
        seed,
        runs: indices.length,
        figures,
        acknowledged: [...acked.keys()],
        dataDir: opts['keep-data'] ? dataDir : null,
      }),
    );
  }
} finally {
  if (host.child.exitCode === null) host.child.kill('SIGKILL');
  if (!opts['keep-data']) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
