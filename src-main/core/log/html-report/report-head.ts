// The top of a session's HTML report: what it is, then its summary, what needs attention first
// (each record linking to its section), then the counts by kind and by outcome. The page's
// policy (Content-Security-Policy) lets its own style and its one script run and nothing else,
// so even text that escaped the escaping could not run or load anything.
import { createHash } from 'node:crypto';
import { esc, recordLink, withRecordLinks } from './html-escape';
import { PROBLEM_ORDER, PROBLEM_TITLES } from './record-problem';
import type { ListedProblem, ReportOutline } from './report-outline';
import { REPORT_SCRIPT, REPORT_STYLE } from './report-style';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const POLICY = `default-src 'none'; style-src ${sha256(REPORT_STYLE)}; script-src ${sha256(REPORT_SCRIPT)}; img-src data:; base-uri 'none'; form-action 'none'`;

/** Words of a problem shown in the summary; its section has all of them. */
const SUMMARY_WORDS = 320;
const clip = (s: string) => (s.length > SUMMARY_WORDS ? `${s.slice(0, SUMMARY_WORDS - 1)}…` : s);

/** The words beyond the summary (a step's message starts with its summary). */
function why(p: ListedProblem): string {
  const words = p.words.startsWith(p.summary)
    ? p.words.slice(p.summary.length).replace(/^[.:]\s*/, '')
    : p.words;
  return words ? `<br><span class="why">${withRecordLinks(esc(clip(words)))}</span>` : '';
}

function attention(outline: ReportOutline): string {
  const groups = PROBLEM_ORDER.flatMap((category) => {
    const count = outline.outcomes.get(category) ?? 0;
    if (count === 0) return [];
    const listed = outline.listed.get(category) ?? [];
    const items = listed.map(
      (p) => `<li>${recordLink(p.seq)} ${withRecordLinks(esc(p.summary))}${why(p)}</li>`,
    );
    if (count > listed.length)
      items.push(`<li>And ${count - listed.length} more, marked ⚠ below.</li>`);
    return [`<h3>${PROBLEM_TITLES[category]} (${count})</h3><ul>${items.join('')}</ul>`];
  });
  if (groups.length === 0) {
    return `<div class="attention clear"><h2>Nothing failed</h2><p>No failed step, invalid signature, error or late answer in these ${outline.total} records.</p></div>`;
  }
  return `<div class="attention" role="region" aria-label="Needs attention"><h2>Needs attention</h2>${groups.join('')}</div>`;
}

function countTable(caption: string, rows: [string, number][]): string {
  if (rows.length === 0) return '';
  return `<table><caption>${esc(caption)}</caption>${rows.map(([name, n]) => `<tr><td>${n}</td><th>${esc(name)}</th></tr>`).join('')}</table>`;
}

function counts(outline: ReportOutline): string {
  let problems = 0;
  const byOutcome: [string, number][] = PROBLEM_ORDER.flatMap((c) => {
    const n = outline.outcomes.get(c) ?? 0;
    problems += n;
    return n > 0 ? [[PROBLEM_TITLES[c].toLowerCase(), n] as [string, number]] : [];
  });
  byOutcome.unshift(['went as expected', outline.total - problems]);
  return `<div class="counts">${countTable('By kind', [...outline.kinds])}${countTable('By outcome', byOutcome)}${countTable(
    'Delivery signatures',
    [...outline.signatures],
  )}</div>`;
}

/**
 * Every HTML report's page up to its body (a session's, a load run's): the policy, the style and
 * the print script, the title escaped.
 */
export function pageHead(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="viewport" content="width=device-width">
<title>${esc(title)}</title>
<style>${REPORT_STYLE}</style><script>${REPORT_SCRIPT}</script></head>
<body>`;
}

/** The page up to its first record's section. */
export function reportHead(name: string, outline: ReportOutline, version: string): string {
  const capped = outline.linksCapped
    ? '<p class="muted">This session has more links between records than a report lists: a record’s own links to the deliveries it comes from are all there.</p>'
    : '';
  return `${pageHead(`${name}: TP Inspector session`)}<section class="summary" aria-label="Summary"><h1>${esc(name)}</h1><p class="muted">TP Inspector ${esc(version)} · session report · ${outline.total} records</p>
${attention(outline)}${counts(outline)}${capped}</section>
<h2 class="records-title">Records</h2>
`;
}

/** After the last section (the sections are joined with `\n`). */
export const REPORT_TAIL = `
</body></html>
`;
