// What bench:live prints for one round of one page (live-round.mjs), and the goals' figures of that
// round, against the bare WebSocket client's arrival times of the same deliveries.

const FRAME_TARGET_MS = 50;
/** The goals (issue 'The live path at its limit'): the page's cost at 200/s and at rest. */
const BUSY_TARGET = 150;
const ADDED_P99_TARGET_MS = 20;
const REST_BUSY_TARGET = 5;
/** "The list keeps up" at 2,000/s: its count equals the journal's this soon after the last answer. */
const KEEP_UP_MS = 1000;

/**
 * @typedef {{ seq: number, receivedAt: number, wsAt: number, phase: string }} Seen
 * @typedef {{ goal: string, figure: string, met: boolean }} Goal
 * @typedef {import('./live-round.mjs').Round} Round
 * @typedef {import('./live-round.mjs').MainThread} MainThread
 * @typedef {import('./live-round.mjs').LongFrame} LongFrame
 */

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

/**
 * Prints one round's lines (each phase's latency, main thread, changes outside the list, frames)
 * and returns its goals, each with its figure and met or not.
 * @param {Round} round
 * @param {Seen[]} allDeliveries every delivery the bare client heard, sorted by seq
 * @returns {Goal[]}
 */
export function reportRound(round, allDeliveries) {
  const { probe } = round;
  /** @type {Goal[]} */
  const goals = [];
  const deliveries = allDeliveries.filter((d) => d.phase.startsWith(`${round.label} `));
  const rendered = shownAt(deliveries, probe.shown);
  console.log(`${round.label}:`);
  for (const [name, p] of Object.entries(round.phases)) {
    const head = `  ${name}`;
    const indent = ' '.repeat(head.length);
    const per = (/** @type {keyof MainThread} */ k) =>
      ((p.after[k] - p.before[k]) * 1e3) / ((p.end - p.start) / 1e3);
    const perWords = (/** @type {keyof MainThread} */ k) => `${per(k).toFixed(0)} ms/s`;
    const busyLine = `the page's main thread: busy ${perWords('task')} (script ${perWords('script')}, style ${perWords('style')}, layout ${perWords('layout')} in ${((p.after.layouts - p.before.layouts) / ((p.end - p.start) / 1e3)).toFixed(0)} layouts/s)`;
    if (p.ok + p.other === 0) {
      console.log(`${head}: ${busyLine}`);
      goals.push({
        goal: `at rest, the page's main thread busy < ${REST_BUSY_TARGET} ms/s`,
        figure: perWords('task'),
        met: per('task') < REST_BUSY_TARGET,
      });
    } else {
      const mine = deliveries.filter((d) => d.phase === `${round.label} ${name}`);
      const toList = sorted(
        mine.flatMap((d) =>
          rendered.has(d.seq) ? [/** @type {number} */ (rendered.get(d.seq)) - d.receivedAt] : [],
        ),
      );
      const toWs = sorted(mine.map((d) => d.wsAt - d.receivedAt));
      const p99 = pct(toList, 99);
      const added = p99 - pct(toWs, 99);
      console.log(
        `${head}: sent ${p.ok} (answered 2xx, ${p.other} other) at ${p.rate.toFixed(0)}/s; arrival to the row in the list: p50 ${ms(pct(toList, 50))}, p99 ${ms(p99)}, max ${ms(toList.at(-1) ?? NaN)} (${toList.length} of ${mine.length} shown)`,
      );
      console.log(
        `${indent}  baseline, arrival to log.appended on a bare WebSocket client in Node: p50 ${ms(pct(toWs, 50))}, p99 ${ms(pct(toWs, 99))}; the page adds ${ms(added)} at p99`,
      );
      console.log(`${indent}  ${busyLine}`);
      console.log(
        `${indent}  changes to the page outside the list and its count: ${p.outside}${p.outside ? ` (${p.outsideWhere})` : ''}; to the Inbound pane's recent answers (a live view of deliveries of their own, at most 4 a second): ${p.answers}; to the Simulator's sandbox clock (a tick every 5 s, records or not): ${p.clock}`,
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
            figure: `${toList.length} of ${mine.length} shown, count equal after ${(round.caughtUpMs / 1000).toFixed(1)} s`,
            met:
              toList.length === mine.length &&
              round.listCount === round.expected &&
              round.caughtUpMs <= KEEP_UP_MS,
          },
        );
      }
    }
  }
  for (const line of round.traceLines) console.log(`  ${line}`);
  const measured = deliveries.filter((d) => !d.phase.endsWith(' warm-up')).length;
  console.log(
    `  WebSocket messages the page received while the deliveries came: ${round.messages} for ${measured} deliveries (${(measured / Math.max(1, round.messages)).toFixed(1)} records per message)`,
  );
  console.log(
    `  the list shows ${round.listCount} records, the journal holds ${round.expected}: ${round.listCount === round.expected ? 'EQUAL' : 'DIFFERENT'} (${(round.caughtUpMs / 1000).toFixed(1)} s after the last delivery's answer)`,
  );
  return goals;
}
