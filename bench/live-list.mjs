// `npm run bench:live`: how quickly a delivery reaches the Event log's list in Chromium, through the
// headless host, while signed deliveries arrive at 200/s (10 s) and then at 2,000/s (5 s). For each
// delivery: its arrival (the record's receivedAt) to the first moment the list shows its row or a
// newer one (the list is virtual and follows the end, so at 2,000/s a row can be scrolled past
// within the frame that adds it); p50 and p99. The baseline, in the same run: the same arrival to
// the record's log.appended on a bare WebSocket client in Node, so the difference is what the page
// adds. Then the longest frames while the deliveries came (long animation frames, and at 2,000/s
// the longest gap between animation frames; target: none over 50 ms), the WebSocket frames the
// page received per record (batched or not), and whether the list's count ends equal to
// the journal's (a difference fails the bench). It ends with the goals, each with its figure and
// met or not: at 200/s the page's main thread busy < 150 ms/s and at most 20 ms added to the p99;
// at 2,000/s no frame over 50 ms and the list keeping up; at rest busy < 5 ms/s; and nothing
// outside the list and its count changed by a record (the probe counts the DOM changes there).
// Options (env): BENCH_SLOW_SECONDS (default 10), BENCH_FAST_SECONDS (default 5),
// BENCH_PAGE_PROFILE (a file to write the page's CPU profile to, .cpuprofile, to see where its
// time goes), BENCH_TRACE (a file to write a Chrome trace of one phase to, .json; the bench then
// prints the page's main thread time per list update, phase by phase: trace-summary.mjs),
// BENCH_TRACE_PHASE (the phase traced: 'at rest', '200/s', the default, or '2000/s').
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { exitUnlessHostBuilt, sandboxAppSecret, signedDelivery, startHost } from './children.mjs';
import { pageProbe } from './live-probe.mjs';
import { summarizeTrace } from './trace-summary.mjs';

const SLOW_SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 10);
const FAST_SECONDS = Number(process.env.BENCH_FAST_SECONDS ?? 5);
const PAGE_PROFILE = process.env.BENCH_PAGE_PROFILE;
const TRACE = process.env.BENCH_TRACE;
/** The phase BENCH_TRACE traces: 'at rest', '200/s' (the default) or '2000/s'. */
const TRACE_PHASE = process.env.BENCH_TRACE_PHASE ?? '200/s';
/** The goals (issue 'The live path at its limit'): the page's cost at 200/s and at rest. */
const BUSY_TARGET = 150;
const ADDED_P99_TARGET_MS = 20;
const REST_BUSY_TARGET = 5;
/** "The list keeps up" at 2,000/s: its count equals the journal's this soon after the last answer. */
const KEEP_UP_MS = 1000;
/** What a trace records: the renderer's phases (devtools.timeline) and their details. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
const FRAME_TARGET_MS = 50;
/** How long the list may take to show the last records once the sending stops. */
const CATCH_UP_MS = 15_000;

/** Wall-clock milliseconds with sub-millisecond resolution: the page's clock is the same one. */
const wallNow = () => performance.timeOrigin + performance.now();

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

/**
 * Sends deliveries at a steady rate (open loop: each at its due time, whatever the answers do).
 * @param {Pool} pool
 * @param {string} path
 * @param {string} secret
 * @param {number} rate
 * @param {number} seconds
 * @param {{ n: number }} counter
 */
async function sendAt(pool, path, secret, rate, seconds, counter) {
  const total = Math.round(rate * seconds);
  if (total === 0) await new Promise((r) => setTimeout(r, seconds * 1000));
  let ok = 0;
  let other = 0;
  const sends = [];
  const started = performance.now();
  for (let i = 0; i < total;) {
    const due = Math.floor(((performance.now() - started) * rate) / 1000) + 1;
    for (; i < Math.min(due, total); i++) {
      sends.push(
        pool
          .request({
            method: 'POST',
            path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: signedDelivery(secret, `mlive${counter.n++}`),
          })
          .then(async (res) => {
            await res.body.dump();
            if (res.statusCode >= 200 && res.statusCode < 300) ok += 1;
            else other += 1;
          }),
      );
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(sends);
  const elapsed = (performance.now() - started) / 1000;
  return { ok, other, rate: total / Math.max(elapsed, 1e-3) };
}

/** @param {number[]} sorted @param {number} p */
const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
/** @param {number[]} values */
const sorted = (values) => [...values].sort((a, b) => a - b);
const ms = (/** @type {number} */ v) => `${v.toFixed(1)} ms`;

/**
 * For each delivery, when the list first showed its row or a newer one.
 * @param {Seen[]} deliveries sorted by seq
 * @param {number[]} shown pairs of (newest seq shown, when), in time order
 */
function shownAt(deliveries, shown) {
  /** @type {Map<number, number>} */
  const at = new Map();
  let j = 0;
  for (const d of deliveries) {
    while (j < shown.length && /** @type {number} */ (shown[j]) < d.seq) j += 2;
    if (j < shown.length) at.set(d.seq, /** @type {number} */ (shown[j + 1]));
  }
  return at;
}

/** The records in the journal (one line each). @param {string} dataDir */
function journalCount(dataDir) {
  return readFileSync(join(dataDir, 'journal.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim()).length;
}

exitUnlessHostBuilt();
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
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(pageProbe(FRAME_TARGET_MS));
  await page.goto(host.ready.url);
  const list = page.getByRole('listbox', { name: 'Records' });
  const count = page.getByRole('status', { name: 'Record count' });
  await list.waitFor({ timeout: 30_000 });
  const shownCount = async () => Number(/^(\d+) records?/.exec(await count.innerText())?.[1] ?? -1);

  let phase = 'idle';
  const bare = await bareClient(host.ready, () => phase);
  const { origin, pathname } = new URL(host.ready.inbound);
  const pool = new Pool(origin, { connections: 16 });
  const counter = { n: 0 };
  // A short warm-up so the first figures are not the JIT's.
  await sendAt(pool, pathname, secret, 200, 1, counter);
  await new Promise((r) => setTimeout(r, 1000));
  const before = await page.evaluate('({ m: window.__liveProbe.wsMessages })');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // Where the page's main thread spent its time (seconds, cumulative), read at each phase's ends.
  const mainThread = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    /** @param {string} name */
    const m = (name) => metrics.find((x) => x.name === name)?.value ?? NaN;
    return {
      task: m('TaskDuration'),
      script: m('ScriptDuration'),
      style: m('RecalcStyleDuration'),
      layout: m('LayoutDuration'),
      layouts: m('LayoutCount'),
    };
  };
  if (PAGE_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }

  /** What the trace of the 200/s phase says (BENCH_TRACE), printed with that phase's figures. */
  /** @type {string[]} */
  let traceLines = [];
  /** @typedef {Awaited<ReturnType<typeof mainThread>>} MainThread */
  /** @type {Record<string, { start: number, end: number, ok: number, other: number, rate: number, before: MainThread, after: MainThread, outside: number, answers: number, outsideWhere: string }>} */
  const phases = {};
  const outsideChanges = async () =>
    /** @type {{ outside: number, answers: number }} */ (
      await page.evaluate(
        '({ outside: window.__liveProbe.outside, answers: window.__liveProbe.answers })',
      )
    );
  /** Where they were, the most first (element and class or label), taken and reset. */
  const outsideWhere = async () => {
    const where = /** @type {Record<string, number>} */ (
      await page.evaluate(
        '(() => { const w = window.__liveProbe.outsideWhere; window.__liveProbe.outsideWhere = {}; return w; })()',
      )
    );
    return Object.entries(where)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  };
  for (const [name, rate, seconds] of /** @type {[string, number, number][]} */ ([
    // The page at rest: what the main thread does with no deliveries coming, for comparison.
    ['at rest', 0, 2],
    ['200/s', 200, SLOW_SECONDS],
    ['2000/s', 2000, FAST_SECONDS],
  ])) {
    phase = name;
    const traced = TRACE && name === TRACE_PHASE;
    if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    // The gaps between frames only at 2,000/s: watching them has the page draw every frame.
    if (rate > 0) await page.evaluate(`window.__liveProbe.watch(true, ${rate >= 2000})`);
    const outsideBefore = await outsideChanges();
    const start = wallNow();
    const before = await mainThread();
    const sent = await sendAt(pool, pathname, secret, rate, seconds, counter);
    if (traced) {
      const trace = await browser.stopTracing();
      writeFileSync(TRACE, trace);
      traceLines = summarizeTrace(trace, (wallNow() - start) / 1000);
    }
    const end = wallNow();
    const after = await mainThread();
    const outsideAfter = await outsideChanges();
    const outside = outsideAfter.outside - outsideBefore.outside;
    const answers = outsideAfter.answers - outsideBefore.answers;
    const where = await outsideWhere();
    await page.evaluate('window.__liveProbe.watch(false)');
    phases[name] = { start, end, ...sent, before, after, outside, answers, outsideWhere: where };
  }
  phase = 'after';
  await pool.close();
  if (PAGE_PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(PAGE_PROFILE, JSON.stringify(profile));
  }

  // The list catches up with the journal (or the bench says it did not).
  const expected = journalCount(dataDir);
  const caughtUpFrom = performance.now();
  let listCount = await shownCount();
  while (listCount !== expected && performance.now() - caughtUpFrom < CATCH_UP_MS) {
    await new Promise((r) => setTimeout(r, 100));
    listCount = await shownCount();
  }
  const caughtUpMs = performance.now() - caughtUpFrom;
  /** @typedef {{ at: number, duration: number, scripts: { invoker: string, ms: number }[], renderMs: number, styleAndLayoutMs: number }} LongFrame */
  const probe =
    /** @type {{ shown: number[], loaf: number[], long: LongFrame[], gaps: number[], wsMessages: number }} */ (
      await page.evaluate('window.__liveProbe')
    );
  bare.ws.close();

  const [l1, l5, l15] = loadavg();
  const load = `machine load average ${l1?.toFixed(2)} ${l5?.toFixed(2)} ${l15?.toFixed(2)}`;
  console.log(
    `live Event log list in headless Chromium (${chromiumPath}, 1280x800) through the headless host; ${load}`,
  );
  /** The issue's goals, each with its figure: printed together at the end. */
  /** @type {{ goal: string, figure: string, met: boolean }[]} */
  const goals = [];
  const deliveries = [...bare.deliveries].sort((a, b) => a.seq - b.seq);
  const rendered = shownAt(deliveries, probe.shown);
  for (const [name, p] of Object.entries(phases)) {
    const indent = ' '.repeat(name.length);
    const per = (/** @type {keyof MainThread} */ k) =>
      ((p.after[k] - p.before[k]) * 1e3) / ((p.end - p.start) / 1e3);
    const perWords = (/** @type {keyof MainThread} */ k) => `${per(k).toFixed(0)} ms/s`;
    const busyLine = `the page's main thread: busy ${perWords('task')} (script ${perWords('script')}, style ${perWords('style')}, layout ${perWords('layout')} in ${((p.after.layouts - p.before.layouts) / ((p.end - p.start) / 1e3)).toFixed(0)} layouts/s)`;
    if (p.ok + p.other === 0) {
      console.log(`${name}: ${busyLine}`);
      goals.push({
        goal: `at rest, the page's main thread busy < ${REST_BUSY_TARGET} ms/s`,
        figure: perWords('task'),
        met: per('task') < REST_BUSY_TARGET,
      });
    } else {
      const mine = deliveries.filter((d) => d.phase === name);
      const toList = sorted(
        mine.flatMap((d) =>
          rendered.has(d.seq) ? [/** @type {number} */ (rendered.get(d.seq)) - d.receivedAt] : [],
        ),
      );
      const toWs = sorted(mine.map((d) => d.wsAt - d.receivedAt));
      const p99 = pct(toList, 99);
      const added = p99 - pct(toWs, 99);
      console.log(
        `${name}: sent ${p.ok} (answered 2xx, ${p.other} other) at ${p.rate.toFixed(0)}/s; arrival to the row in the list: p50 ${ms(pct(toList, 50))}, p99 ${ms(p99)}, max ${ms(toList.at(-1) ?? NaN)} (${toList.length} of ${mine.length} shown)`,
      );
      console.log(
        `${indent}  baseline, arrival to log.appended on a bare WebSocket client in Node: p50 ${ms(pct(toWs, 50))}, p99 ${ms(pct(toWs, 99))}; the page adds ${ms(added)} at p99`,
      );
      console.log(`${indent}  ${busyLine}`);
      console.log(
        `${indent}  changes to the page outside the list and its count: ${p.outside}${p.outside ? ` (${p.outsideWhere})` : ''}; to the Inbound pane's recent answers (a live view of deliveries of their own, at most 4 a second): ${p.answers}`,
      );
      const inPhase = (/** @type {number[]} */ pairs) => {
        const out = [];
        for (let i = 0; i < pairs.length; i += 2) {
          const t = /** @type {number} */ (pairs[i]);
          if (t >= p.start && t <= p.end) out.push(/** @type {number} */ (pairs[i + 1]));
        }
        return sorted(out);
      };
      const worst = probe.long
        .filter((f) => f.at >= p.start && f.at <= p.end)
        .reduce(
          (a, f) => (a && a.duration >= f.duration ? a : f),
          /** @type {LongFrame | undefined} */ (undefined),
        );
      if (worst) {
        const scripts = worst.scripts.map((x) => `${x.invoker} ${x.ms} ms`).join(', ') || 'none';
        console.log(
          `${indent}  the longest frame in parts: rendering ${ms(worst.renderMs)} (style and layout ${ms(worst.styleAndLayoutMs)}); scripts over 5 ms: ${scripts}`,
        );
      }
      const loaf = inPhase(probe.loaf);
      const gaps = inPhase(probe.gaps);
      const longest = Math.max(loaf.at(-1) ?? 0, 0);
      // Chromium reports a long animation frame only past 50 ms: none at all means none that long.
      const longestWords = loaf.length > 0 ? ms(longest) : `none over ${FRAME_TARGET_MS} ms`;
      const overTarget = loaf.filter((d) => d > FRAME_TARGET_MS).length;
      console.log(
        `${indent}  longest animation frame ${longestWords}; ${overTarget} frames over ${FRAME_TARGET_MS} ms; longest gap between animation frames ${name === '2000/s' ? ms(gaps.at(-1) ?? 0) : 'not watched (it draws every frame)'}`,
      );
      goals.push({
        goal: `${name}, nothing outside the list and its count changes`,
        figure: `${p.outside} changes`,
        met: p.outside === 0,
      });
      if (name === '200/s') {
        goals.push(
          {
            goal: `200/s, the page's main thread busy < ${BUSY_TARGET} ms/s`,
            figure: perWords('task'),
            met: per('task') < BUSY_TARGET,
          },
          {
            goal: `200/s, the page adds <= ${ADDED_P99_TARGET_MS} ms to the host's p99 (list p99 - bare client's p99)`,
            figure: ms(added),
            met: added <= ADDED_P99_TARGET_MS,
          },
        );
      } else {
        goals.push(
          {
            goal: `2000/s, no frame over ${FRAME_TARGET_MS} ms`,
            figure: `longest ${longestWords}`,
            met: longest <= FRAME_TARGET_MS,
          },
          {
            goal: `2000/s, the list keeps up (every delivery shown, the count equal to the journal's within ${KEEP_UP_MS / 1000} s of the last answer)`,
            figure: `${toList.length} of ${mine.length} shown, count equal after ${(caughtUpMs / 1000).toFixed(1)} s`,
            met:
              toList.length === mine.length && listCount === expected && caughtUpMs <= KEEP_UP_MS,
          },
        );
      }
    }
    if (name === TRACE_PHASE) for (const line of traceLines) console.log(`${indent}  ${line}`);
  }
  const measured = deliveries.filter((d) => d.phase !== 'idle').length;
  const messages = probe.wsMessages - Number(/** @type {{ m: number }} */ (before).m);
  console.log(
    `WebSocket messages the page received while the deliveries came: ${messages} for ${measured} deliveries (${(measured / Math.max(1, messages)).toFixed(1)} records per message); the bare client heard ${bare.counts.records} records in ${bare.counts.messages} log.appended messages`,
  );
  console.log(
    `the list shows ${listCount} records, the journal holds ${expected}: ${listCount === expected ? 'EQUAL' : 'DIFFERENT'} (${(caughtUpMs / 1000).toFixed(1)} s after the last delivery's answer)`,
  );
  console.log(`goals (${load}):`);
  for (const g of goals) console.log(`  ${g.met ? 'met    ' : 'NOT MET'}  ${g.goal}: ${g.figure}`);
  if (listCount !== expected) exitCode = 1;
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
