// Where the page's main thread spends a list update, from a Chrome trace (bench:live's BENCH_TRACE):
// each update of the Event log lays the page out once, so the count of Layout events is the count
// of updates, and each phase of the renderer's work divided by it is its cost per update. Each is
// given twice: wall time on the thread, which a busy machine stretches (the thread waits for a core
// inside its tasks), and the thread's CPU time (the events' tdur), which it does not, so runs at
// different loads compare; nested events of one name (a Paint inside a Paint) are counted once.

/** The renderer phases shown, by trace event name. */
const PHASES = /** @type {const} */ ([
  ['FunctionCall', 'script (with forced style and layout)'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'pre-paint'],
  ['Paint', 'paint'],
  ['Layerize', 'layerize'],
  ['Commit', 'commit'],
]);

/**
 * @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number, args?: any }} TraceEvent
 */

/**
 * Lines that say, for the page's renderer main thread, its busy time and each phase's time per list
 * update, over the `seconds` the trace covers.
 * @param {Buffer} trace the JSON of a Chrome trace (Playwright's browser.stopTracing())
 * @param {number} seconds
 * @returns {string[]}
 */
export function summarizeTrace(trace, seconds) {
  const events = /** @type {{ traceEvents: TraceEvent[] }} */ (JSON.parse(trace.toString('utf8')))
    .traceEvents;
  const threadOf = (/** @type {TraceEvent} */ e) => `${e.pid}:${e.tid}`;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map(threadOf),
  );
  // The page's renderer is the main thread with the most complete events (others are idle pages).
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const e of events) {
    if (e.ph === 'X' && mains.has(threadOf(e)))
      counts.set(threadOf(e), (counts.get(threadOf(e)) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (main === undefined) return ['the trace has no renderer main thread'];
  const onMain = events
    .filter((e) => e.ph === 'X' && threadOf(e) === main && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  /**
   * Total wall (dur) or CPU (tdur) time of the outermost events of `name` (an event inside another
   * is not added).
   */
  const total = (/** @type {string} */ name, /** @type {'dur' | 'tdur'} */ time = 'dur') => {
    let sum = 0;
    let openUntil = -Infinity;
    for (const e of onMain) {
      if (e.name !== name || e.ts < openUntil) continue;
      sum += e[time] ?? 0;
      openUntil = e.ts + (e.dur ?? 0);
    }
    return sum / 1000;
  };
  const updates = onMain.filter((e) => e.name === 'Layout').length;
  const busy = total('RunTask');
  const cpu = total('RunTask', 'tdur');
  const per = (/** @type {number} */ ms) => (updates > 0 ? (ms / updates).toFixed(2) : '-');
  return [
    `the page's main thread (Chrome trace): busy ${(busy / seconds).toFixed(0)} ms/s, of which CPU ${(cpu / seconds).toFixed(0)} ms/s; ${updates} layouts (list updates) in ${seconds.toFixed(1)} s, ${per(busy)} ms of the thread's time per update (CPU ${per(cpu)} ms)`,
    `  per update, wall: ${PHASES.map(([name, label]) => `${label} ${per(total(name))} ms`).join(', ')}`,
    `  per update, CPU: ${PHASES.map(([name, label]) => `${label} ${per(total(name, 'tdur'))} ms`).join(', ')}`,
  ];
}
