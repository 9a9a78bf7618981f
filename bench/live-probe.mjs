// The page side of bench:live.
/**
 * The script bench:live runs in the page before the app, as a string (the bench's types have no
 * DOM): it notes when the list first shows each newest row, the frames that ran long, the WebSocket
 * messages the page received, and the DOM changes outside the list and its count.
 * @param {number} frameTargetMs
 */
export const pageProbe = (frameTargetMs) => `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const probe = { shown: [], loaf: [], long: [], gaps: [], wsMessages: 0, outside: 0, answers: 0, clock: 0, outsideWhere: {}, watching: false };
  window.__liveProbe = probe;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { probe.wsMessages += 1; });
    }
  };
  let newest = 0;
  const seqOf = (el) => (el.id && el.id.startsWith('log-row-') ? Number(el.id.slice(8)) : 0);
  // What changes outside the list and its count while records arrive: each is a repaint there.
  // The Inbound pane's recent answers are a live view of the deliveries of their own, changed at
  // most 4 times a second by design: counted apart (answers). So is the Simulator's sandbox clock,
  // which ticks every 5 seconds whether records come or not (clock).
  const inList = (n) => {
    const el = n.nodeType === 1 ? n : n.parentElement;
    if (el && el.closest('.answer-list')) probe.answers += 1;
    if (el && el.closest('.sim-clock')) probe.clock += 1;
    return !!el && !!el.closest('.log-list-wrap, .log-count, .answer-list, .sim-clock');
  };
  new MutationObserver((mutations) => {
    let top = newest;
    for (const m of mutations) {
      if (probe.watching && !inList(m.target)) {
        probe.outside += 1;
        const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
        const where = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + (el.getAttribute('aria-label') ? '[' + el.getAttribute('aria-label') + ']' : '') : '?';
        probe.outsideWhere[where] = (probe.outsideWhere[where] || 0) + 1;
      }
      const nodes = m.type === 'attributes' ? [m.target] : m.addedNodes;
      for (const n of nodes) {
        if (n.nodeType !== 1) continue;
        const own = seqOf(n);
        if (own > top) top = own;
        else if (!own && n.querySelectorAll) {
          for (const row of n.querySelectorAll('[id^="log-row-"]')) top = Math.max(top, seqOf(row) || 0);
        }
      }
    }
    if (top > newest) { newest = top; probe.shown.push(top, now()); }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        probe.loaf.push(performance.timeOrigin + e.startTime, e.duration);
        if (e.duration > ${frameTargetMs}) {
          const end = e.startTime + e.duration;
          probe.long.push({
            at: performance.timeOrigin + e.startTime,
            duration: e.duration,
            scripts: e.scripts.map((x) => ({ invoker: x.invoker, ms: Math.round(x.duration) })),
            renderMs: e.renderStart ? end - e.renderStart : 0,
            styleAndLayoutMs: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
          });
        }
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  // The gaps between frames, watched only where asked (the 2,000/s phase): a loop of animation
  // frames has the page draw a frame every 16 ms, with its pre-paint, layerize and commit, which at
  // rest would be most of what the page does and at 200/s about a third of its busy time: the
  // phases that measure the page's cost do not run it.
  let last = 0;
  let frames = false;
  const tick = (t) => {
    if (!probe.watching || !frames) return;
    if (last && t - last > ${frameTargetMs / 2}) probe.gaps.push(performance.timeOrigin + last, t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  probe.watch = (on, watchFrames = false) => {
    const was = probe.watching && frames;
    probe.watching = on;
    frames = watchFrames;
    last = 0;
    if (on && watchFrames && !was) requestAnimationFrame(tick);
  };
})();`;
