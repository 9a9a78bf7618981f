// A session as one self-contained HTML page a person can read or attach to a bug: what was sent
// to the platform and what it answered, every delivery received with its verification, and every
// forward and replay. Everything from the journal is escaped: deliveries are untrusted input.
import type { ApiExchange, JournalRecord, RawBody } from '../../../src-shared/contract';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const body = (b: RawBody | null) =>
  !b
    ? '<p class="muted">(no body)</p>'
    : `<pre>${esc(b.encoding === 'utf8' ? b.text : `base64: ${b.text}`)}</pre>`;

/** Name and value pairs (headers, parameters; the journal has redacted their secrets), folded
 * unless `open`. */
const pairs = (title: string, fields: Record<string, string>, open = false) => {
  const entries = Object.entries(fields);
  if (entries.length === 0) return '';
  const rows = entries
    .map(([name, value]) => `<tr><th>${esc(name)}</th><td>${esc(value)}</td></tr>`)
    .join('');
  return `<details${open ? ' open' : ''}><summary>${esc(title)} (${entries.length})</summary><table>${rows}</table></details>`;
};

/** An HTTP exchange TP Inspector made: what was sent, then what came back. */
const exchange = (x: ApiExchange) =>
  `<p>${esc(x.method)} ${esc(x.url)} → ${x.status ?? esc(x.error ?? 'no answer')}</p>
${pairs('Request parameters', x.requestParams, true)}${pairs('Request headers', x.requestHeaders)}${pairs('Response headers', x.responseHeaders)}${body(x.responseBody)}`;

function detail(r: JournalRecord): string {
  switch (r.kind) {
    case 'api':
      return exchange(r.api);
    case 'forward':
      return exchange(r.forward.exchange);
    case 'delivery': {
      const d = r.delivery;
      const issues = d.shapeIssues.length
        ? `<ul>${d.shapeIssues.map((i: string) => `<li>${esc(i)}</li>`).join('')}</ul>`
        : '';
      const pretty = (() => {
        try {
          return d.form.data ? JSON.stringify(JSON.parse(d.form.data), null, 2) : '';
        } catch {
          return d.form.data ?? '';
        }
      })();
      return `<p>${esc(d.method)} ${esc(d.path)} from ${esc(d.source.address)} → answered ${d.response.status}</p>
${pairs('Request headers', d.headers)}<p class="sig sig-${d.verification.outcome}">Signature ${esc(d.verification.outcome)}: ${esc(d.verification.explanation)}</p>${issues}
${pretty ? `<pre>${esc(pretty)}</pre>` : body(d.body)}`;
    }
    case 'auth':
      return r.auth.detail ? `<p>${esc(r.auth.detail)}</p>` : '';
    case 'system':
      return `<p>${esc(r.system.message)}</p>`;
    default:
      // Kinds added later show their summary line only.
      return '';
  }
}

/** One record's section of the report. */
export const htmlSection = (
  r: JournalRecord,
) => `<section class="rec kind-${r.kind}"><h2>#${r.seq} <span class="kind">${r.kind}</span> ${esc(r.summary)}</h2>
<p class="muted">${esc(r.at)}${r.profileId ? ` · profile ${esc(r.profileId)}` : ''}</p>${detail(r)}</section>`;

/**
 * The page up to its first section: the heading counts the records of each kind, so whoever
 * writes the page piece by piece counts them first (`counts` in the order the kinds first came).
 */
export function htmlHead(name: string, counts: Map<string, number>, version: string): string {
  let total = 0;
  for (const n of counts.values()) total += n;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(name)}: TP Inspector session</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem;max-width:60rem}pre{background:#f4f4f4;padding:.5rem;overflow:auto;white-space:pre-wrap}
.muted{color:#666}.kind{font-size:.8em;padding:0 .3em;border:1px solid #999;border-radius:3px}.rec{border-top:1px solid #ddd;padding:.5rem 0}
h2{font-size:1rem;margin:.2rem 0}table{border-collapse:collapse;font:12px ui-monospace,monospace}th,td{text-align:left;vertical-align:top;padding:0 .6em 0 0;word-break:break-all}summary{cursor:pointer;color:#444}.sig-valid{color:#060}.sig-invalid{color:#a00}.sig-missing,.sig-unsupported{color:#850}</style></head>
<body><h1>${esc(name)}</h1><p class="muted">TP Inspector ${esc(version)} · ${total} records (${[
    ...counts,
  ]
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')})</p>
`;
}

/** After the last section (the sections are joined with `\n`). */
export const HTML_TAIL = `
</body></html>
`;

export function toHtmlReport(name: string, records: JournalRecord[], version: string): string {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  return htmlHead(name, counts, version) + records.map(htmlSection).join('\n') + HTML_TAIL;
}
