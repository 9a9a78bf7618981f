// `npm run bench:live`: how quickly a delivery reaches the Event log's list in Chromium, through the
// headless host, while signed deliveries arrive at 200/s (10 s) and then at 2,000/s (5 s), against
// a reference list in the same run: bench/reference-live-list.html, the list's job done the plain
// way (no framework; a fixed pool of rows drawn once a frame, following the end), which shows what
// a live list costs in this Chromium on this machine; and the floor, the same page drawing only the
// newest row and the count, which shows what any page costs that shows each record as it arrives.
// The pages take turns (app, reference, floor, BENCH_ROUNDS times), each in a browser context of
// its own and closed after its round, so only the page measured receives records (live-round.mjs). For each delivery: its arrival (the record's
// receivedAt) to the first moment the list shows its row or a newer one (the list is virtual and
// follows the end, so at 2,000/s a row can be scrolled past within the frame that adds it); p50 and
// p99. The baseline, in the same run: the same arrival to the record's log.appended on a bare
// WebSocket client in Node, so the difference is what the page adds. Then the page's main thread
// busy time (CDP's Performance metrics), the longest frames while the deliveries came (long
// animation frames, and at 2,000/s the longest gap between animation frames; target: none over
// 50 ms), the WebSocket frames the page received per record, and whether the list's count ends
// equal to the journal's (a difference in the app's list fails the bench). It ends with the goals,
// each with the app's figure and met or not, and the reference's and floor's beside them: at 200/s the
// page's main thread busy < 150 ms/s and at most 20 ms added to the p99; at 2,000/s no frame over
// 50 ms and the list keeping up; at rest busy < 5 ms/s; and nothing outside the list and its count
// changed by a record (the probe counts the DOM changes there; the Inbound pane's recent answers
// and the Simulator's clock, which ticks on its own, apart).
// Options (env): BENCH_SLOW_SECONDS (default 10), BENCH_FAST_SECONDS (default 5), BENCH_ROUNDS
// (default 1: rounds of app, reference and floor), BENCH_PAGES (the pages a round measures, in
// order: 'app,reference,floor', the default, or some of them), BENCH_REFERENCE_PAGE (an HTML file
// measured as the reference and the floor instead, to try a variant of it), BENCH_PAGE_PROFILE (a
// file to write the page's CPU profile to, .cpuprofile, to see where its time goes; the
// reference's gets ".reference" before the extension, the floor's ".floor"), BENCH_TRACE (a file
// to write a Chrome trace of one phase to, .json, the others' likewise; the bench then prints the page's main thread time per list update, phase
// by phase, in wall and in CPU time: trace-summary.mjs), BENCH_TRACE_PHASE (the phase traced: 'at rest', '200/s', the
// default, or '2000/s'). Profile and trace are of the first round.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { exitUnlessHostBuilt, sandboxAppSecret, startHost } from './children.mjs';
import { reportRound } from './live-report.mjs';
import {
  FLOOR_ROWS,
  LIVE_BROWSER_ARGS,
  openApp,
  openReference,
  REFERENCE_FILE,
} from './live-pages.mjs';
import { runRound, wallNow } from './live-round.mjs';

const SLOW_SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 10);
const FAST_SECONDS = Number(process.env.BENCH_FAST_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
/** The pages measured, in the order of a round: to try a change to one of them alone. */
const PAGES = (process.env.BENCH_PAGES ?? 'app,reference,floor').split(',').filter((p) => p);
/** @typedef {'app' | 'reference' | 'floor'} PageKind */
/** @type {PageKind[]} */
const PAGE_KINDS = ['app', 'reference', 'floor'];
/** Another reference page, to try a variant of the plain way against the one measured by default. */
const REFERENCE_PAGE = process.env.BENCH_REFERENCE_PAGE ?? REFERENCE_FILE;
const PAGE_PROFILE = process.env.BENCH_PAGE_PROFILE;
const TRACE = process.env.BENCH_TRACE;
/** The phase BENCH_TRACE traces: 'at rest', '200/s' (the default) or '2000/s'. */
const TRACE_PHASE = process.env.BENCH_TRACE_PHASE ?? '200/s';

/**
 * @typedef {{ seq: number, receivedAt: number, wsAt: number, phase: string }} Seen
 * @typedef {{ event?: string, payload?: any, payloads?: any[] }} Frame
 */

/**
 * A bare WebSocket client of the host (the baseline): every record it hears, and when.
 * @param {import('./children.mjs').ReadyLine} ready
 * @param {() => string} phaseNow
 */
async function bareClient(ready, phaseNow) {
  const hostUrl = new URL(ready.url);
  const cookie = `tp_session_${hostUrl.port}=${hostUrl.searchParams.get('token')}`;
  const ws = new WebSocket(`ws://${hostUrl.host}/ws`, {
    headers: { origin: hostUrl.origin, cookie },
  });
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  /** @type {Seen[]} */
  const deliveries = [];
  const counts = { records: 0, messages: 0, newestSeq: 0 };
  ws.on('message', (raw) => {
    const at = wallNow();
    const msg = /** @type {Frame} */ (JSON.parse(raw.toString()));
    if (msg.event !== 'log.appended') return;
    counts.messages += 1;
    // One record per message, or (batched) several.
    for (const r of msg.payloads ?? [msg.payload]) {
      counts.records += 1;
      counts.newestSeq = Math.max(counts.newestSeq, r.seq);
      if (r.kind !== 'delivery' || !String(r.delivery.classification.messageId).startsWith('mlive'))
        continue;
      const receivedAt = Date.parse(r.delivery.receivedAt);
      deliveries.push({ seq: r.seq, receivedAt, wsAt: at, phase: phaseNow() });
    }
  });
  return { ws, deliveries, counts };
}

exitUnlessHostBuilt();
const unknownPages = PAGES.filter((p) => !PAGE_KINDS.includes(/** @type {PageKind} */ (p)));
if (unknownPages.length > 0 || PAGES.length === 0) {
  console.error(
    `BENCH_PAGES=${process.env.BENCH_PAGES} names no page or one this bench does not know (${unknownPages.join(', ')}): use some of app,reference,floor.`,
  );
  process.exit(2);
}
const chromiumPath = process.env.TP_CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(
    `No Chromium at ${chromiumPath}: apt-get install -y chromium, or set TP_CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-live-'));
let exitCode = 0;
/** @type {import('node:child_process').ChildProcess | undefined} */
let hostChild;
/** @type {import('playwright-core').Browser | undefined} */
let browser;
try {
  const host = await startHost(dataDir);
  hostChild = host.child;
  const secret = await sandboxAppSecret(host.ready);

  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: LIVE_BROWSER_ARGS,
  });
  let phase = 'idle';
  const bare = await bareClient(host.ready, () => phase);
  const { origin, pathname } = new URL(host.ready.inbound);
  const pool = new Pool(origin, { connections: 16 });
  const send = { pool, path: pathname, secret, counter: { n: 0 } };

  /** @type {Record<string, (context: import('playwright-core').BrowserContext) => Promise<import('playwright-core').Page>>} */
  const openers = {
    app: (context) => openApp(context, host.ready.url),
    reference: (context) => openReference(context, host.ready.url, REFERENCE_PAGE),
    floor: (context) => openReference(context, host.ready.url, REFERENCE_PAGE, FLOOR_ROWS),
  };
  /** The others' profile or trace beside the app's: "x.json" becomes "x.reference.json". */
  const fileFor = (/** @type {string} */ file, /** @type {string} */ kind) =>
    kind === 'app' ? file : file.replace(/(\.[^./]*)?$/, `.${kind}$1`);

  /** @type {import('./live-round.mjs').Round[]} */
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of PAGES) {
      rounds.push(
        await runRound({
          browser,
          label: ROUNDS > 1 ? `${kind} (round ${round})` : kind,
          open: /** @type {(typeof openers)[string]} */ (openers[kind]),
          send,
          dataDir,
          setPhase: (p) => (phase = p),
          slowSeconds: SLOW_SECONDS,
          fastSeconds: FAST_SECONDS,
          trace:
            TRACE && round === 1 ? { file: fileFor(TRACE, kind), phase: TRACE_PHASE } : undefined,
          profile: PAGE_PROFILE && round === 1 ? fileFor(PAGE_PROFILE, kind) : undefined,
        }),
      );
    }
  }
  phase = 'after';
  await pool.close();
  bare.ws.close();

  const [l1, l5, l15] = loadavg();
  const load = `machine load average ${l1?.toFixed(2)} ${l5?.toFixed(2)} ${l15?.toFixed(2)}`;
  console.log(
    `live Event log list against the reference list and the floor, in headless Chromium (${chromiumPath}, 1280x800) through the headless host; ${load}`,
  );
  const deliveries = [...bare.deliveries].sort((a, b) => a.seq - b.seq);
  /** Each goal's figures, page by page, in the order the rounds ran. */
  /** @type {Map<string, Record<PageKind, import('./live-report.mjs').Goal[]>>} */
  const goals = new Map();
  for (const round of rounds) {
    const kind = /** @type {PageKind} */ (round.label.split(' ')[0]);
    for (const g of reportRound(round, deliveries)) {
      const entry = goals.get(g.goal) ?? { app: [], reference: [], floor: [] };
      entry[kind].push(g);
      goals.set(g.goal, entry);
    }
    if (kind === 'app' && round.listCount !== round.expected) exitCode = 1;
  }
  console.log(
    `the bare client heard ${bare.counts.records} records in ${bare.counts.messages} log.appended messages`,
  );
  const figures = (/** @type {import('./live-report.mjs').Goal[]} */ gs) =>
    gs.map((g) => `${g.figure}${g.met ? '' : ' (not met)'}`).join('; ') || 'not measured';
  console.log(`goals, the app's figures, and the reference's and floor's beside them (${load}):`);
  for (const [goal, pages] of goals) {
    // Met or not is the app's; without the app (BENCH_PAGES=reference,floor), the reference's, and
    // the floor's when it is measured alone.
    const judged = PAGE_KINDS.map((kind) => pages[kind]).find((gs) => gs.length > 0) ?? [];
    const met = judged.every((g) => g.met);
    console.log(
      `  ${met ? 'met    ' : 'NOT MET'}  ${goal}: ${figures(pages.app)}; reference: ${figures(pages.reference)}; floor: ${figures(pages.floor)}`,
    );
  }
} finally {
  await browser?.close();
  if (hostChild && hostChild.exitCode === null) {
    const child = hostChild;
    await new Promise((r) => {
      child.once('exit', r);
      child.kill('SIGTERM');
      setTimeout(r, 10_000).unref();
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
