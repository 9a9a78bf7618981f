// A load run's summary in HTML (docs/load.md, Reading the summary): the one piece that both
// `tp load --reporter html` (load-report-page.ts) and a session's HTML report (a load run's
// record) draw. Passed or failed and why, the headline figures, the rate asked and held, the errors
// by class with the first one's words, the mix, and the histogram of answer times as bars.
// The URL and the errors' words come from outside (the person, the handler's answers) and a
// session's record is read back from a file, so every value is escaped, the figures too.
import type { LoadSummary } from '../../../../src-shared/contract';
import { shownHistogram } from '../../../../src-shared/rules/load-histogram';
import { esc } from './html-escape';
import { fields } from './section-parts';

const num = (v: number) => esc(String(v));

function verdict(s: LoadSummary): string {
  const share = `${num(s.errorPct)}% of the deliveries sent were not answered 2xx`;
  const why = s.passed
    ? `${share}, within the ${num(s.maxErrorsPct)}% allowed`
    : `${share}, over the ${num(s.maxErrorsPct)}% allowed`;
  const stopped = s.stopped
    ? ` Stopped before its end: ${num(s.sent)} of ${num(s.planned)} deliveries sent.`
    : '';
  return `<p class="load-verdict ${s.passed ? 'pass' : 'fail'}"><b>${s.passed ? '✓ Passed' : '✗ Failed'}</b>: ${why}.${stopped}</p>`;
}

/** The figures a person looks at first, each a label over its value. */
function tiles(s: LoadSummary): string {
  const l = s.latency;
  const tile = (label: string, value: string, note = '') =>
    `<div><dt>${esc(label)}</dt><dd>${value}${note ? `<small>${note}</small>` : ''}</dd></div>`;
  return `<dl class="load-tiles" aria-label="Load figures">${[
    tile('rate held', `${num(s.sentPerSecond)}/s`, `of ${num(s.rateAsked)}/s asked`),
    tile('2xx answers', `${num(s.throughputPerSecond)}/s`, `${num(s.ok)} of ${num(s.sent)}`),
    tile('p50', `${num(l.p50Ms)} ms`),
    tile('p95', `${num(l.p95Ms)} ms`),
    tile('p99', `${num(l.p99Ms)} ms`),
    tile('max', `${num(l.maxMs)} ms`),
    tile('errors', `${num(s.sent - s.ok)}`, `${num(s.errorPct)}%`),
  ].join('')}</dl>`;
}

function mixWords(s: LoadSummary): string {
  const total = s.mix.reduce((sum, e) => sum + e.weight, 0) || 1;
  return s.mix
    .map((e) => `${e.kind} ${Math.round((e.weight / total) * 100)}% (${e.sent})`)
    .join(', ');
}

function facts(s: LoadSummary): string {
  const l = s.latency;
  return fields([
    ['Handler', `<code>${esc(s.url)}</code>`],
    ['Signed as', `profile “${esc(s.profileName)}” (${esc(s.signatureMethod)})`],
    ['Started', esc(s.startedAt)],
    [
      'Asked',
      `${num(s.rateAsked)}/s: ${num(s.planned)} deliveries${s.stopped ? `; stopped after ${num(s.sent)}` : ''}`,
    ],
    [
      'Sent',
      `${num(s.sent)} at ${num(s.sentPerSecond)}/s; ${num(s.late)} late (started more than ${num(s.lateAfterMs)} ms after due)`,
    ],
    [
      'Answered',
      `${num(s.ok)} with 2xx: ${num(s.throughputPerSecond)}/s over ${esc((s.durationMs / 1000).toFixed(2))} s`,
    ],
    [
      'Answer times',
      `p50 ${num(l.p50Ms)} ms · p95 ${num(l.p95Ms)} ms · p99 ${num(l.p99Ms)} ms · max ${num(l.maxMs)} ms (${num(l.count)} answers, from when each was due)`,
    ],
    ['Mix', esc(mixWords(s))],
    [
      'Certificate',
      s.certificateWarning ? `<span class="late">${esc(s.certificateWarning)}</span>` : '',
    ],
  ]);
}

function errorTable(s: LoadSummary): string {
  if (s.errors.length === 0) return '';
  const rows = s.errors.map(
    (e) =>
      `<tr><th scope="row">${esc(e.class)}</th><td class="num">${num(e.count)}</td><td><code>${esc(e.example)}</code></td></tr>`,
  );
  return `<table class="load-errors"><caption>Errors by class</caption><tr><th scope="col">class</th><th scope="col">count</th><th scope="col">the first one</th></tr>${rows.join('')}</table>`;
}

function histogram(s: LoadSummary): string {
  const shown = shownHistogram(s.histogram);
  if (shown.length === 0) {
    return '<p class="muted">No delivery got an answer: there are no answer times to draw.</p>';
  }
  const most = Math.max(1, ...shown.map((b) => b.count));
  // An inline SVG rectangle rather than a styled element: the page's policy lets no style
  // attribute through, and a rectangle's width is an attribute of its own. It prints as drawn.
  const rows = shown.map((b) => {
    const pct = b.count === 0 ? 0 : Math.max(0.5, (b.count / most) * 100);
    return `<tr><th scope="row">${esc(b.label)}</th><td class="num">${num(b.count)}</td><td class="bar-cell"><svg class="bar" aria-hidden="true"><rect width="${num(Number(pct.toFixed(2)))}%" height="100%"></rect></svg></td></tr>`;
  });
  return `<table class="load-histogram"><caption>Answer times (from when each delivery was due)</caption>${rows.join('')}</table>`;
}

/** The summary of one load run, as a block of a page. */
export function loadSummarySection(s: LoadSummary): string {
  return `<div class="load">${verdict(s)}${tiles(s)}${facts(s)}${errorTable(s)}${histogram(s)}</div>`;
}
