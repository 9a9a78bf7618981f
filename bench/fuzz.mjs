// `npm run fuzz -- [--runs N] [--seed S] [--case I] [--concurrency C] [--json] [--keep-data]`:
// sends N generated requests (default 100,000; fast-check, bench/fuzz-cases.mjs and
// fuzz-loopback.mjs) to every server of a built headless host, all on 127.0.0.1: the receiver (the
// core's inbound endpoint), the embedded sandbox, the host's HTTP port and its WebSocket upgrade,
// and the redirect listener of a connect flow kept waiting through the run. It prints four
// figures per server and in all, each to be 0:
// - 5xx answers the response control did not ask for (the host runs with a 5% simulated failure
//   rate answering 503: those, found in the journal by the case's x-fuzz-case header, are fine);
// - crashes: the host exited, or a server does not answer a request after the run;
// - hangs: neither an answer nor a close within the server's own timeouts plus a margin;
// - acknowledged (2xx) deliveries missing from the journal.
// The seed is printed; `--seed S --runs N` replays a run and `--case I` one case of it. Exits 1
// when a figure is not 0. `--json` ends with one JSON line (figures in all and per server, the
// connect flow's ends, acknowledged message ids, the data directory when `--keep-data` keeps it),
// for the integration test.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { Agent } from 'undici';
import WebSocket from 'ws';
import { root } from './children.mjs';
import { fuzzCase, materialize } from './fuzz-cases.mjs';
import { figuresOf, perServerLines, SERVERS } from './fuzz-report.mjs';
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
    // Events (and the hello) come on the same socket: the reply is the message with our id.
    const reply = await new Promise((ok) =>
      ws.on('message', (raw) => {
        const message = JSON.parse(String(raw));
        if (message.id === 1) ok(message);
      }),
    );
    if (!reply.ok) throw new Error(`${command}: ${JSON.stringify(reply.error)}`);
    return reply.output;
  } finally {
    ws.close();
  }
}

/**
 * @param {string} url
 * @param {number} [status] the answer that means up: 200, or any status below it and 500
 */
async function healthy(url, status = 200) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(MARGIN_MS) });
    await res.arrayBuffer();
    return res.status === status;
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
  // The redirect listener is up while a connect flow waits for the browser (it never comes).
  const hostUrl = new URL(ready.url);
  /** @type {() => Promise<{ redirectUri: string }>} */
  const connectUser = () =>
    invoke(ready, 'auth.connectUser', { scopes: ['basic'], openBrowser: false });
  const redirect = new URL((await connectUser()).redirectUri);
  await invoke(ready, 'inbound.setResponse', {
    response: { failureRate: FAILURE_RATE, failureStatus: FAILURE_STATUS },
  });
  /** @type {import('./fuzz-cases.mjs').FuzzTargets} */
  const targets = {
    endpointPath: receiver.pathname,
    clientSecret: app.client_secret,
    clientId: app.client_id,
    appToken,
    loopback: {
      hostPort: Number(hostUrl.port),
      hostToken: hostUrl.searchParams.get('token') ?? '',
      redirectPort: Number(redirect.port),
      redirectPath: redirect.pathname,
    },
  };
  /** @type {Record<string, URL>} */
  const origins = { receiver, sandbox, host: hostUrl, 'host-ws': hostUrl, redirect };
  const arbitrary = fuzzCase(targets);
  log(
    `fuzz: seed ${seed}, ${only === null ? `${runs} requests` : `case ${only}`}, ${concurrency} at a time, to ${receiver.origin} (receiver), ${sandbox.origin} (sandbox), ${hostUrl.origin} (host, HTTP and WebSocket upgrade) and ${redirect.origin} (redirect listener); replay with --seed ${seed} --runs ${runs}`,
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
  /** @type {Record<string, number>} */
  const sent = {};
  // A request must never end the flow (a wrong state leaves it waiting), but the flow's own
  // timeout (5 minutes) does: it is started again, and what ended it is printed.
  /** @type {string[]} */
  const flowEnds = [];
  let running = true;
  const keepFlowWaiting = (async () => {
    while (running) {
      await sleep(2000);
      const flow = await invoke(ready, 'auth.flow', {}).catch(() => null);
      if (!running || !flow || flow.status === 'waiting') continue;
      flowEnds.push(`${flow.status}: ${flow.error ?? ''}`);
      await connectUser().catch(() => undefined);
    }
  })();
  const indices = only === null ? Array.from({ length: runs }, (_, i) => i) : [only];
  let next = 0;
  let exitedDuringRun = false;
  host.child.once('exit', () => (exitedDuringRun = true));
  const worker = async () => {
    while (next < indices.length && !exitedDuringRun) {
      const index = /** @type {number} */ (indices[next++]);
      const c = caseAt(index);
      const url = /** @type {URL} */ (origins[c.target]);
      sent[c.target] = (sent[c.target] ?? 0) + 1;
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
  running = false;
  await keepFlowWaiting;
  await dispatcher.close();
  const sendSeconds = (performance.now() - started) / 1000;

  const alive = !exitedDuringRun;
  const flowAfter = alive ? await invoke(ready, 'auth.flow', {}).catch(() => null) : null;
  /** @type {Record<string, boolean>} */
  const up = {
    receiver: alive && (await healthy(`${receiver.origin}/_tp/health/fuzz`)),
    sandbox: alive && (await healthy(`${ready.sandbox}/_sandbox/state`)),
    // Not signed in: the host's page says so (401).
    host: alive && (await healthy(`${hostUrl.origin}/`, 401)),
    'host-ws':
      alive &&
      (await invoke(ready, 'app.info', {}).then(
        () => true,
        () => false,
      )),
    redirect:
      alive &&
      flowAfter?.status === 'waiting' &&
      (await healthy(`${redirect.origin}/elsewhere`, 404)),
  };
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
  const { total: figures, perServer } = figuresOf({
    unasked,
    hangs,
    missing: missing.map(([, index]) => ({ c: caseAt(index) })),
    up,
  });

  const show = (/** @type {number} */ i, /** @type {ReturnType<typeof materialize>} */ c) =>
    `case ${i} (${c.target}, ${c.via}, ${c.pacing}): ${(c.raw ?? Buffer.from(`${c.method} ${c.path}`)).subarray(0, 120).toString('latin1').replace(/\r\n/g, '⏎')}`;
  for (const { index, c, status } of unasked.slice(0, 20))
    log(`  5xx (${status}) ${show(index, c)}`);
  for (const { index, c, detail } of hangs.slice(0, 20))
    log(`  hang ${show(index, c)} — ${detail}`);
  for (const [id, index] of missing.slice(0, 20))
    log(`  missing ${id}: ${show(index, caseAt(index))}`);
  for (const server of SERVERS.filter((s) => !up[s]))
    log(
      `  ${server}: ${exitedDuringRun ? 'the host exited during the run' : `did not answer after the run${server === 'redirect' ? ` (flow ${flowAfter?.status ?? 'none'})` : ''}`}: ${host.stderr().slice(-2000)}`,
    );
  if (flowEnds.length)
    log(`  the connect flow ended ${flowEnds.length} time(s): ${flowEnds.slice(0, 5).join('; ')}`);
  log(
    `outcomes: ${Object.entries(tally)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}`,
  );
  log(
    `asked-for 5xx (response control): ${fiveHundreds.length - unasked.length}; sandbox internal errors logged: ${internalErrors}`,
  );
  for (const line of perServerLines(perServer, sent)) log(line);
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
        perServer,
        flowEnds,
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
