// One round of bench:live for one page (the app's Event log, or the reference list): the page
// opened in a browser context of its own (its own renderer process), a short warm-up, then the
// phases (at rest, 200/s, 2,000/s) with the page's main thread read from the same CDP metrics for
// every page, and the wait for its count to equal the journal's. The page is closed at the end, so
// only the page measured receives the records while it is measured.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signedDelivery } from './children.mjs';
import { pageProbe } from './live-probe.mjs';
import { summarizeTrace } from './trace-summary.mjs';

const FRAME_TARGET_MS = 50;
/** How long the list may take to show the last records once the sending stops. */
const CATCH_UP_MS = 15_000;
/** What a trace records: the renderer's phases (devtools.timeline) and their details. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** Wall-clock milliseconds with sub-millisecond resolution: the page's clock is the same one. */
export const wallNow = () => performance.timeOrigin + performance.now();

/**
 * Sends deliveries at a steady rate (open loop: each at its due time, whatever the answers do).
 * @param {import('undici').Pool} pool
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

/** The records in the journal (one line each). @param {string} dataDir */
function journalCount(dataDir) {
  return readFileSync(join(dataDir, 'journal.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim()).length;
}

/**
 * @typedef {{ task: number, script: number, style: number, layout: number, layouts: number }} MainThread
 * @typedef {{ start: number, end: number, ok: number, other: number, rate: number, before: MainThread, after: MainThread, outside: number, answers: number, clock: number, outsideWhere: string }} Phase
 * @typedef {{ at: number, duration: number, scripts: { invoker: string, ms: number }[], renderMs: number, styleAndLayoutMs: number }} LongFrame
 * @typedef {{ shown: number[], loaf: number[], long: LongFrame[], gaps: number[], wsMessages: number }} Probe
 * @typedef {{ label: string, phases: Record<string, Phase>, probe: Probe, messages: number, listCount: number, expected: number, caughtUpMs: number, traceLines: string[] }} Round
 */

/**
 * @param {{
 *   browser: import('playwright-core').Browser,
 *   label: string,
 *   open: (context: import('playwright-core').BrowserContext) => Promise<import('playwright-core').Page>,
 *   send: { pool: import('undici').Pool, path: string, secret: string, counter: { n: number } },
 *   dataDir: string,
 *   setPhase: (phase: string) => void,
 *   slowSeconds: number,
 *   fastSeconds: number,
 *   trace?: { file: string, phase: string },
 *   profile?: string,
 * }} options
 * @returns {Promise<Round>}
 */
export async function runRound(options) {
  const { browser, label, send, setPhase } = options;
  const sendFor = (/** @type {number} */ rate, /** @type {number} */ seconds) =>
    sendAt(send.pool, send.path, send.secret, rate, seconds, send.counter);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(pageProbe(FRAME_TARGET_MS));
    const page = await options.open(context);
    const list = page.getByRole('listbox', { name: 'Records' });
    const count = page.getByRole('status', { name: 'Record count' });
    await list.waitFor({ timeout: 30_000 });
    const shownCount = async () =>
      Number(/^(\d+) records?/.exec(await count.innerText())?.[1] ?? -1);

    setPhase(`${label} warm-up`);
    // A short warm-up so the first figures are not the JIT's.
    await sendFor(200, 1);
    await new Promise((r) => setTimeout(r, 1000));
    const messagesBefore = Number(await page.evaluate('window.__liveProbe.wsMessages'));
    const cdp = await context.newCDPSession(page);
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
    if (options.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const outsideChanges = async () =>
      /** @type {{ outside: number, answers: number, clock: number }} */ (
        await page.evaluate(
          '({ outside: window.__liveProbe.outside, answers: window.__liveProbe.answers, clock: window.__liveProbe.clock })',
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

    /** @type {Record<string, Phase>} */
    const phases = {};
    /** @type {string[]} */
    let traceLines = [];
    for (const [name, rate, seconds] of /** @type {[string, number, number][]} */ ([
      // The page at rest: what the main thread does with no deliveries coming, for comparison.
      ['at rest', 0, 2],
      ['200/s', 200, options.slowSeconds],
      ['2000/s', 2000, options.fastSeconds],
    ])) {
      setPhase(`${label} ${name}`);
      const traced = options.trace && name === options.trace.phase;
      if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      // The gaps between frames only at 2,000/s: watching them has the page draw every frame.
      if (rate > 0) await page.evaluate(`window.__liveProbe.watch(true, ${rate >= 2000})`);
      const outsideBefore = await outsideChanges();
      const start = wallNow();
      const before = await mainThread();
      const sent = await sendFor(rate, seconds);
      if (traced && options.trace) {
        const trace = await browser.stopTracing();
        writeFileSync(options.trace.file, trace);
        traceLines = summarizeTrace(trace, (wallNow() - start) / 1000);
      }
      const end = wallNow();
      const after = await mainThread();
      const outsideAfter = await outsideChanges();
      const where = await outsideWhere();
      await page.evaluate('window.__liveProbe.watch(false)');
      phases[name] = {
        start,
        end,
        ...sent,
        before,
        after,
        outside: outsideAfter.outside - outsideBefore.outside,
        answers: outsideAfter.answers - outsideBefore.answers,
        clock: outsideAfter.clock - outsideBefore.clock,
        outsideWhere: where,
      };
    }
    setPhase(`${label} after`);
    if (options.profile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(options.profile, JSON.stringify(profile));
    }

    // The list catches up with the journal (or the bench says it did not).
    const expected = journalCount(options.dataDir);
    const caughtUpFrom = performance.now();
    let listCount = await shownCount();
    while (listCount !== expected && performance.now() - caughtUpFrom < CATCH_UP_MS) {
      await new Promise((r) => setTimeout(r, 100));
      listCount = await shownCount();
    }
    const caughtUpMs = performance.now() - caughtUpFrom;
    const probe = /** @type {Probe} */ (await page.evaluate('window.__liveProbe'));
    const messages = probe.wsMessages - messagesBefore;
    return { label, phases, probe, messages, listCount, expected, caughtUpMs, traceLines };
  } finally {
    await context.close();
  }
}
