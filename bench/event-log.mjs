// `npm run bench:eventlog`: the event log with a journal of BENCH_RECORDS records (default 100,000)
// the size the app writes (~1.1 KB). The baseline of every figure is a plain scan of the same file
// in this process (read a chunk at a time, JSON.parse each line), measured in the same run; each
// figure is printed with its ratio to it. Start: the headless host with no index of ours (an older
// version's journal), to its ready line and the newest page, then until the index built in the
// background is done, and RSS; then with the index it saved beside the journal. Queries: each filter
// the pane offers (kinds, user, msg_type, signature, status, full-text search) as a log.query over
// the host's WebSocket, cycled to miss the engine's cache of 8 filters, with counts that must equal
// the plain scan's: for each, the time to its first page and the time to its exact count (a search
// many records match answers first and counts on, saying `counting`, asked again until it is done);
// pages of 200 rows from all over the list, and a record's detail (log.get).
// Options (env): BENCH_RECORDS (default 100000), BENCH_ROUNDS (default 5), BENCH_SIZED=0 for the
// small records of the e2e test.
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  FIXTURE_USERS,
  JOURNAL_FILE,
  writeMixedJournal,
} from '../test/e2e/support/mixed-journal.mjs';
import { exitUnlessHostBuilt, startHost } from './children.mjs';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Records the size the app writes (~1.1 KB); BENCH_SIZED=0 for the small ones of the e2e test. */
const SIZED = process.env.BENCH_SIZED !== '0';
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
async function startTimedHost(dataDir) {
  const started = performance.now();
  return { ...(await startHost(dataDir)), started };
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

/**
 * Reads an NDJSON journal the plain way, a chunk at a time (a file past ~512 MB cannot be one
 * string), calling `each` with every record JSON.parse makes of its lines.
 * @param {string} path
 * @param {(record: JournalRecord) => void} each
 * @param {number} [from] the byte to start at (a line's first)
 */
function parseLines(path, each, from = 0) {
  const fd = openSync(path, 'r');
  let position = from;
  const buf = Buffer.allocUnsafe(8 * 1024 * 1024);
  let carry = '';
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, position);
    if (n === 0) break;
    position += n;
    const lines = (carry + buf.toString('utf8', 0, n)).split('\n');
    carry = lines.pop() ?? '';
    for (const l of lines) if (l) each(JSON.parse(l));
  }
  if (carry) each(JSON.parse(carry));
  closeSync(fd);
}

/** The host's resident memory in MB (Linux /proc; null elsewhere). */
function rssMb(/** @type {number | undefined} */ pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSafe(`/proc/${pid}/status`));
  return m ? Number(m[1]) / 1024 : null;
}
const readFileSafe = (/** @type {string} */ path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};
const ratio = (/** @type {number} */ x, /** @type {number} */ base) => (x / base).toFixed(3);

exitUnlessHostBuilt();
const tempDir = (/** @type {string} */ n) => mkdtempSync(join(tmpdir(), `tp-bench-eventlog-${n}-`));
const emptyDir = tempDir('empty');
const openDir = tempDir('open');
const dirs = [emptyDir, openDir];
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let exitCode = 0;
try {
  // The journal of a long QA session (test/e2e/support/mixed-journal.mjs), records the size the app
  // writes: API calls with JSON bodies (every 50th answered 500), signed deliveries from three
  // users (every 7th invalid), system notes; one API body holds NEEDLE.
  const made = await time(() => writeMixedJournal(openDir, RECORDS, NEEDLE, { sized: SIZED }));
  const file = join(openDir, JOURNAL_FILE);
  const journalBytes = statSync(file).size;
  console.log(
    `${RECORDS} records (${(journalBytes / 1e6).toFixed(1)} MB of NDJSON, written in ${ms(made.ms)}), ${ROUNDS} rounds, medians`,
  );
  console.log(`this machine: ${cpus().length} cores, shared with whatever else runs now`);

  // The baseline of every figure: a plain scan of the file in this process (read, JSON.parse each
  // line, and every filter's plain test on it, counting the matches for the comparison below).
  const want = FILTERS.map(() => 0);
  const count = (/** @type {JournalRecord} */ r) =>
    FILTERS.forEach((f, i) => {
      if (f.test(r)) want[i] = (want[i] ?? 0) + 1;
    });
  const baseline = await time(() => parseLines(file, count));
  const base = baseline.ms;
  console.log(`baseline: a plain JSON.parse scan of the file: ${ms(base)}`);

  // Start: the host with no index of ours (written by an older version, or lost), to its ready
  // line and the newest page; the index is then built in the background. The host with nothing
  // (sandbox, engine, server) is measured too, to tell the journal's part.
  const startOnce = async (/** @type {string} */ dir) => {
    const host = await startTimedHost(dir);
    children.push(host.child);
    const readyMs = performance.now() - host.started;
    const client = await connect(host.ready.url);
    const first = await client.invoke('log.query', { filter: {}, limit: 200, facets: true });
    return { host, client, readyMs, firstMs: performance.now() - host.started, first };
  };
  const stop = async (
    /** @type {{ host: { child: import('node:child_process').ChildProcess }, client: { close(): void } }} */ s,
  ) => {
    s.client.close();
    await stopHost(s.host.child);
  };
  const empty = await startOnce(emptyDir);
  await stop(empty);
  const cold = await startOnce(openDir);
  console.log(
    `start without an index: ready ${ms(cold.readyMs)}, newest page ${ms(cold.firstMs)} (ratio ${ratio(cold.firstMs, base)}); with an empty journal ${ms(empty.firstMs)}`,
  );
  console.log(
    `  the first answer: ${cold.first.total} records${cold.first.indexing ? `, indexing ${((100 * cold.first.indexing.done) / cold.first.indexing.total).toFixed(0)}%` : ''}`,
  );
  const built = await time(async () => {
    for (;;) {
      const { indexing } = await cold.client.invoke('log.query', { filter: {}, limit: 1 });
      if (!indexing) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  console.log(
    `  index built in the background ${ms(built.ms)} after the first page (ratio ${ratio(built.ms, base)}); RSS ${rssMb(cold.host.child.pid)?.toFixed(0)} MB`,
  );
  await stop(cold); // saves the index beside the journal

  /** @type {number[]} */
  const readies = [];
  /** @type {number[]} */
  const firsts = [];
  /** @type {number[]} */
  const emptyFirsts = [];
  /** @type {number[]} */
  const warmRss = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternating with the host on an empty journal: its start is what the journal adds to.
    const none = await startOnce(emptyDir);
    emptyFirsts.push(none.firstMs);
    await stop(none);
    const warm = await startOnce(openDir);
    readies.push(warm.readyMs);
    firsts.push(warm.firstMs);
    warmRss.push(rssMb(warm.host.child.pid) ?? NaN);
    await stop(warm);
  }
  console.log(
    `start with its index: ready ${ms(median(readies))}, newest page ${ms(median(firsts))} (ratio ${ratio(median(firsts), base)}); with an empty journal, alternating: ${ms(median(emptyFirsts))} (ratio ${ratio(median(firsts), median(emptyFirsts))}); RSS ${median(warmRss).toFixed(0)} MB`,
  );

  // Queries, on a host that stays up.
  const up = await startOnce(openDir);
  const client = up.client;
  let through = -1;
  for (;;) {
    // Once the host's own start-up records are in: the plain scan counts them too.
    const { throughSeq } = await client.invoke('log.query', { filter: {}, limit: 1 });
    if (throughSeq === through) break;
    through = throughSeq;
    await new Promise((r) => setTimeout(r, 1000));
  }
  parseLines(file, count, journalBytes);
  const runsOf = FILTERS.map((f) => ({
    f,
    engine: /** @type {number[]} */ ([]),
    exact: /** @type {number[]} */ ([]),
    got: 0,
  }));
  for (let round = 0; round < ROUNDS; round++) {
    // More filters than the engine caches, in a cycle: each query scans the whole journal.
    for (const run of runsOf) {
      const input = { filter: run.f.filter, limit: 200 };
      const started = performance.now();
      let out = await client.invoke('log.query', input);
      run.engine.push(performance.now() - started);
      while (out.counting) {
        await new Promise((r) => setTimeout(r, 50));
        out = await client.invoke('log.query', input);
      }
      run.exact.push(performance.now() - started);
      run.got = out.total;
    }
  }
  console.log(
    'filter                     matches  first page (WebSocket)  ratio  exact count  ratio (to the baseline scan)',
  );
  let worst = 0;
  let worstExact = 0;
  runsOf.forEach(({ f, got, engine, exact }, i) => {
    const e = median(engine);
    const x = median(exact);
    worst = Math.max(worst, e);
    worstExact = Math.max(worstExact, x);
    console.log(
      `${f.name.padEnd(26)} ${String(got).padStart(7)}  ${ms(e).padStart(22)}  ${ratio(e, base)}  ${ms(x).padStart(11)}  ${ratio(x, base)}`,
    );
    if (got !== want[i]) {
      console.log(`  MISMATCH: the engine found ${got}, the plain scan ${want[i]}`);
      exitCode = 1;
    }
  });
  console.log(
    `slowest filter: first page ${ms(worst)} (ratio ${ratio(worst, base)}), exact count ${ms(worstExact)} (ratio ${ratio(worstExact, base)})`,
  );

  // Scrolling: pages of 200 rows from all over a list the engine has scanned; a record's detail.
  const pageTimes = [];
  const getTimes = [];
  for (let i = 0; i < 50; i++) {
    const offset = Math.floor((through - 200) * (i / 49));
    const page = () => client.invoke('log.query', { filter: {}, offset, limit: 200 });
    pageTimes.push((await time(page)).ms);
    getTimes.push((await time(() => client.invoke('log.get', { seq: offset + 1 }))).ms);
  }
  console.log(
    `a page of 200 rows while scrolling: ${ms(median(pageTimes))} (ratio ${ratio(median(pageTimes), base)}); a record's detail (log.get): ${ms(median(getTimes))} (ratio ${ratio(median(getTimes), base)})`,
  );
  console.log(`RSS of the host after the queries: ${rssMb(up.host.child.pid)?.toFixed(0)} MB`);
  await stop(up);
} finally {
  await Promise.all(children.map(stopHost));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
