// Pieces every record's section of the HTML report is made of. The values given to `fields` are
// HTML already (each caller escapes what it puts in); the raw texts are escaped here.
import { esc } from './html-escape';
import type { ReportOutline } from './report-outline';

/** What a section needs beyond its record: the first pass's outline, and data kept for diffs. */
export interface ReportContext {
  outline: ReportOutline;
  /** The data of deliveries an edited replay is compared with, by seq (set as they are written). */
  originals: Map<number, string>;
}

/** Label and value rows; a row whose value is empty is left out. */
export function fields(rows: [label: string, html: string][]): string {
  const kept = rows.filter(([, html]) => html !== '');
  if (kept.length === 0) return '';
  return `<table class="fields">${kept.map(([label, html]) => `<tr><th>${esc(label)}</th><td>${html}</td></tr>`).join('')}</table>`;
}

/**
 * The raw request and answer. A call's or a forward's is open: its answer is what a person reads
 * it for. A delivery's is folded on screen, its data above reads better; printed, every fold is
 * open (the page's style and its print script open them).
 */
export const rawBlock = (request: string, answer: string, open: boolean): string =>
  `<details class="raw"${open ? ' open' : ''}><summary>Raw request and answer</summary><h3>Request</h3><pre>${esc(request)}</pre><h3>Answer</h3><pre>${esc(answer)}</pre></details>`;

/** Name and value pairs (parameters; the journal has redacted their secrets). */
export function pairs(title: string, values: Record<string, string>): string {
  const entries = Object.entries(values);
  if (entries.length === 0) return '';
  const rows = entries.map(
    ([name, value]) => `<tr><th>${esc(name)}</th><td>${esc(value)}</td></tr>`,
  );
  return `<h3>${esc(title)} (${entries.length})</h3><table class="pairs">${rows.join('')}</table>`;
}
