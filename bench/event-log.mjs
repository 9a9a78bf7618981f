// `npm run bench:eventlog`: the event log with a 100,000-record journal. Opening: the headless
// host's start with that journal (to its ready line and the first log.query the renderer sends),
// less its start with an empty one, against JSON.parse of the same file's lines in this process.
// Filtering: each filter the pane offers (kinds, user, signature, status, full-text search), as a
// log.query over the host's WebSocket that has to scan the journal (the engine keeps the matches
// of its last 8 filters, so the filters are cycled to miss that cache), against a plain
// Array.prototype.filter of the same parsed records with the same test, in this process (the
// counts must agree). Then pages of 200 rows from all over a list already scanned (what scrolling
// asks for), against the WebSocket's round trip for one record. Prints each ratio.
// Options (env): BENCH_RECORDS (default 100000), BENCH_ROUNDS (default 5).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  FIXTURE_USERS,
  JOURNAL_FILE,
  writeMixedJournal,
} from '../test/e2e/support/mixed-journal.mjs';
import { root, startChild } from './children.mjs';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const NEEDLE = 'Zebulon Quixote-Vantablack';
const USERS = FIXTURE_USERS;

/**
 * @typedef {import('../src-shared/contract').JournalRecord} JournalRecord
 * @typedef {import('../src-shared/contract').CommandInput<'log.query'>['filter']} LogFilter
 * @typedef {{ name: string, filter: LogFilter, test: (r: JournalRecord) => boolean }} Filter
 */

/** The filters the pane offers, each with the same test written plainly for the baseline. */
const search = (/** @type {string} */ text) => {
  const re = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return (/** @type {JournalRecord} */ r) =>
    re.test(r.summary) ||
    (r.kind === 'api' && (re.test(r.api.url) || re.test(r.api.responseBody?.text ?? ''))) ||
    (r.kind === 'delivery' &&
      (re.test(r.delivery.path) ||
        re.test(r.delivery.form.data ?? '') ||
        re.test(r.delivery.body?.text ?? ''))) ||
    (r.kind === 'system' && re.test(r.system.message));
};
const searchMe = search('/tp/me.json');
const status = (/** @type {JournalRecord} */ r) =>
  r.kind === 'api' ? r.api.status : r.kind === 'delivery' ? 200 : undefined;
/** @type {Filter[]} */
const FILTERS = [
  { name: 'kind delivery', filter: { kinds: ['delivery'] }, test: (r) => r.kind === 'delivery' },
  {
    name: 'kinds api+system',
    filter: { kinds: ['api', 'system'] },
    test: (r) => r.kind === 'api' || r.kind === 'system',
  },
  {
    name: 'user',
    filter: { userId: USERS[1] },
    test: (r) => r.kind === 'delivery' && r.delivery.classification.userId === USERS[1],
  },
  {
    name: 'msg_type',
    filter: { msgType: 'sticker' },
    test: (r) => r.kind === 'delivery' && r.delivery.classification.msgType === 'sticker',
  },
  {
    name: 'signature invalid',
    filter: { signature: 'invalid' },
    test: (r) => r.kind === 'delivery' && r.delivery.verification.outcome === 'invalid',
  },
  { name: 'status 5xx', filter: { status: '5xx' }, test: (r) => (status(r) ?? 0) >= 500 },
  { name: 'search (1 match)', filter: { text: NEEDLE }, test: search(NEEDLE) },
  { name: 'search (every API call)', filter: { text: '/tp/me.json' }, test: searchMe },
  { name: 'search (no match)', filter: { text: 'no-such-text' }, test: search('no-such-text') },
  {
    name: 'search + status',
    filter: { text: '/tp/me.json', status: '5xx' },
    test: (r) => searchMe(r) && (status(r) ?? 0) >= 500,
  },
];

/**
 * The built headless host on `dataDir`, and when it was started (for the time to open).
 * @param {string} dataDir
 */
async function startHost(dataDir) {
  const started = performance.now();
  const { child, ready } = await startChild([
    `${root}out/main/serve.js`,
    '--json',
    '--port',
    '0',
    '--redirect-port',
    '0',
    '--inbound-port',
    '0',
    '--sandbox-port',
    '0',
    '--data-dir',
    dataDir,
  ]);
  return { child, ready, started };
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function stopHost(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(resolve, 10_000).unref();
  });
}

/**
 * A client of the host's WebSocket, as the renderer is: invoke(command, input) → output.
 * @param {string} readyUrl
 */
async function connect(readyUrl) {
  const url = new URL(readyUrl);
  const ws = new WebSocket(`ws://${url.host}/ws`, {
    headers: {
      origin: url.origin,
      cookie: `tp_session_${url.port}=${url.searchParams.get('token')}`,
    },
  });
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  let next = 1;
  /** @type {Map<number, { resolve: (output: unknown) => void, reject: (error: Error) => void }>} */
  const waiting = new Map();
  ws.on('message', (raw) => {
    const msg = JSON.parse(raw.toString());
    const w = msg.id !== undefined ? waiting.get(msg.id) : undefined;
    if (!w) return;
    waiting.delete(msg.id);
    if (msg.ok) w.resolve(msg.output);
    else w.reject(new Error(`${msg.error?.code}: ${msg.error?.message}`));
  });
  return {
    /**
     * @template {import('../src-shared/contract').CommandName} C
     * @param {C} command
     * @param {import('../src-shared/contract').CommandInput<C>} input
     * @returns {Promise<import('../src-shared/contract').CommandOutput<C>>}
     */
    invoke(command, input) {
      const id = next++;
      return new Promise((resolve, reject) => {
        // The host answers each id with that command's output.
        const answer = /** @type {(output: unknown) => void} */ (resolve);
        waiting.set(id, { resolve: answer, reject });
        ws.send(JSON.stringify({ id, command, input }));
      });
    },
    close: () => ws.close(),
  };
}

const median = (/** @type {number[]} */ xs) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (/** @type {number} */ x) => `${x.toFixed(1)} ms`;
/**
 * @template T
 * @param {() => T | Promise<T>} fn
 */
const time = async (fn) => {
  const t = performance.now();
  const out = await fn();
  return { out, ms: performance.now() - t };
};

/** Parses an NDJSON journal the plain way: split, JSON.parse each line. */
const parseLines = (/** @type {string} */ text) =>
  text
    .split('\n')
    .filter((l) => l)
    .map((l) => /** @type {JournalRecord} */ (JSON.parse(l)));

if (!existsSync(`${root}out/main/serve.js`)) {
  console.error('out/main/serve.js is missing: run npm run build first.');
  process.exit(2);
}
const tempDir = (/** @type {string} */ n) => mkdtempSync(join(tmpdir(), `tp-bench-eventlog-${n}-`));
const emptyDir = tempDir('empty');
const openDir = tempDir('open');
const filterDir = tempDir('filter');
const dirs = [emptyDir, openDir, filterDir];
const children = [];
let exitCode = 0;
try {
  // The journal of a long QA session (test/e2e/support/mixed-journal.mjs): API calls with JSON
  // bodies (every 50th answered 500), signed deliveries from three users (every 7th invalid),
  // system notes; one API body holds NEEDLE.
  writeMixedJournal(openDir, RECORDS, NEEDLE);
  const text = readFileSync(join(openDir, JOURNAL_FILE), 'utf8');
  writeFileSync(join(filterDir, JOURNAL_FILE), text);
  console.log(
    `${RECORDS} records (${(text.length / 1e6).toFixed(1)} MB of NDJSON), ${ROUNDS} rounds, medians`,
  );

  // Opening: the host with the journal, less the host with none (sandbox, engine, server), to
  // the first page the renderer asks for; against JSON.parse of the same lines here.
  const parseTimes = [];
  for (let i = 0; i < ROUNDS; i++) parseTimes.push((await time(() => parseLines(text))).ms);
  /** @type {number[]} */
  const opens = [];
  /** @type {number[]} */
  const empties = [];
  /** @type {[string, number[]][]} */
  const runs = [
    [emptyDir, empties],
    [openDir, opens],
  ];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [dir, into] of runs) {
      const host = await startHost(dir);
      children.push(host.child);
      const client = await connect(host.ready.url);
      await client.invoke('log.query', { filter: {}, limit: 200, facets: true });
      into.push(performance.now() - host.started);
      client.close();
      await stopHost(host.child);
    }
  }
  const openExtra = median(opens) - median(empties);
  const baseParse = median(parseTimes);
  console.log(
    `open to the first page: ${ms(median(opens))} with the journal, ${ms(median(empties))} with none: the journal adds ${ms(openExtra)}`,
  );
  console.log(
    `  baseline JSON.parse of its lines here: ${ms(baseParse)}; ratio ${(openExtra / baseParse).toFixed(2)}`,
  );

  // Filtering, on a host that stays up, once its own start-up records are in.
  const host = await startHost(filterDir);
  children.push(host.child);
  const client = await connect(host.ready.url);
  let through = -1;
  for (;;) {
    const { throughSeq } = await client.invoke('log.query', { filter: {}, limit: 1 });
    if (throughSeq === through) break;
    through = throughSeq;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const records = parseLines(readFileSync(join(filterDir, 'journal.ndjson'), 'utf8'));
  // Per filter: the times of each way, and the matches each found in the last round.
  const runsOf = FILTERS.map((f) => ({
    f,
    engine: /** @type {number[]} */ ([]),
    plain: /** @type {number[]} */ ([]),
    got: 0,
    want: 0,
  }));
  for (let round = 0; round < ROUNDS; round++) {
    // More filters than the engine caches, in a cycle: each query scans the whole journal.
    for (const run of runsOf) {
      const { f } = run;
      const q = await time(() => client.invoke('log.query', { filter: f.filter, limit: 200 }));
      run.engine.push(q.ms);
      const b = await time(() => records.filter(f.test));
      run.plain.push(b.ms);
      run.got = q.out.total;
      run.want = b.out.length;
    }
  }
  console.log('filter                     matches  engine (WebSocket)  plain filter  ratio');
  let worst = 0;
  for (const { f, got, want, engine, plain } of runsOf) {
    const e = median(engine);
    const p = median(plain);
    worst = Math.max(worst, e / p);
    console.log(
      `${f.name.padEnd(26)} ${String(got).padStart(7)}  ${ms(e).padStart(18)}  ${ms(p).padStart(12)}  ${(e / p).toFixed(1)}`,
    );
    // Both ways must find the same records: a difference is a bug, not a slow run.
    if (got !== want) {
      console.log(`  MISMATCH: the engine found ${got}, the plain filter ${want}`);
      exitCode = 1;
    }
  }
  console.log(`worst filter ratio engine/plain: ${worst.toFixed(1)}`);

  // Scrolling: pages of 200 rows from all over a list the engine has scanned, against the
  // WebSocket's round trip for one record (log.get) in the same run.
  const pageTimes = [];
  const tripTimes = [];
  for (let i = 0; i < 50; i++) {
    const offset = Math.floor((through - 200) * (i / 49));
    const page = () => client.invoke('log.query', { filter: {}, offset, limit: 200 });
    pageTimes.push((await time(page)).ms);
    tripTimes.push((await time(() => client.invoke('log.get', { seq: offset + 1 }))).ms);
  }
  const page = median(pageTimes);
  const trip = median(tripTimes);
  console.log(
    `a page of 200 rows while scrolling: ${ms(page)}; one record (log.get) ${ms(trip)}; ratio ${(page / trip).toFixed(1)}`,
  );
  client.close();
  await stopHost(host.child);
} finally {
  await Promise.all(children.map(stopHost));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
