// A delivery in a session's HTML report: why its signature holds or not (the engine's explanation
// and the words the Event log's detail uses), how it links to the deliveries it repeats or
// replays and to the records that came of it, a replay's edits against the delivery it replays,
// its data, and the exact bytes of the request and of the answer given.
import type { DeliveryRecord } from '../../../../src-shared/contract';
import { signaturePrefix } from '../../../../src-shared/rules/signature-prefix';
import { SIGNATURE_OUTCOME_WORDS } from '../../../../src-shared/rules/signature-words';
import { esc, recordLink } from './html-escape';
import { diffLines } from './line-diff';
import { deliveryAnswer, deliveryRequest } from './raw-http';
import type { ReportOutline } from './report-outline';
import { fields, rawBlock, type ReportContext } from './section-parts';

/** A delivery's data as a person reads it: indented JSON when it is JSON, else as it came. */
function prettyData(data: string | null): string {
  if (!data) return '';
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}

/** Data kept from a delivery compared with a later edited replay, at most this long. */
const MAX_COMPARED_CHARS = 256 * 1024;

export function deliveryDetail(r: DeliveryRecord, ctx: ReportContext): string {
  const d = r.delivery;
  const v = d.verification;
  const data = prettyData(d.form.data);
  if (ctx.outline.replayed.has(r.seq) && data.length <= MAX_COMPARED_CHARS) {
    ctx.originals.set(r.seq, data);
  }
  // One table, so the signature's rows and the request's line up.
  const facts = fields([
    ['Signature', `<b class="sig sig-${v.outcome}">${esc(SIGNATURE_OUTCOME_WORDS[v.outcome])}</b>`],
    ['Method', esc(v.method || '(none)')],
    ['Why', esc(v.explanation)],
    ['Signed bytes', v.over ? esc(v.over) : ''],
    ['Received', d.form.signature ? `<code>${esc(d.form.signature)}</code>` : ''],
    // Cut again here: a record from an older engine may carry the whole signature.
    ['Expected (start)', v.expected ? `<code>${esc(signaturePrefix(v.expected))}</code>` : ''],
    ['Request', `<code>${esc(`${d.method} ${d.path}`)}</code> from ${esc(d.source.address)}`],
    ['Refused', d.error ? esc(d.error) : ''],
    ['Answered', `${d.response.status} (${esc(d.response.reason)}) after ${d.response.delayMs} ms`],
    ['Too late', d.response.late ? `<span class="late">${esc(d.response.late)}</span>` : ''],
    ['Shape', d.shapeIssues.map(esc).join('<br>')],
  ]);
  return `${facts}${relations(r, ctx.outline)}${replayEdits(r, ctx)}
${data ? `<h3>Data</h3><pre>${esc(data)}</pre>` : ''}
${rawBlock(deliveryRequest(d), deliveryAnswer(d), false)}`;
}

/** The deliveries this one repeats or replays, and the records that came of it. */
function relations(r: DeliveryRecord, outline: ReportOutline): string {
  const d = r.delivery;
  const lines: string[] = [];
  if (d.replayOf !== undefined) {
    const how = !d.replayEdit?.edited
      ? 'as captured'
      : d.replayEdit.resigned
        ? 'with data edited and signed again with the profile’s secret'
        : 'with data edited and the old signature kept (to test rejection)';
    lines.push(`A replay of ${recordLink(d.replayOf)}, sent from TP Inspector ${how}.`);
  } else if (d.repeatOf !== undefined) {
    lines.push(
      `Repeats the message id of ${recordLink(d.repeatOf)}: a retry or a replay (the signature has no timestamp, so only the id tells).`,
    );
  }
  const { links, more } = outline.backLinks(r.seq);
  for (const l of links)
    lines.push(`${esc(l.words[0]!.toUpperCase() + l.words.slice(1))} ${recordLink(l.seq)}.`);
  if (more > 0) lines.push(`And ${more} more records that point here.`);
  return lines.length ? `<ul class="links">${lines.map((l) => `<li>${l}</li>`).join('')}</ul>` : '';
}

/** An edited replay's data against the delivery it replays, line by line. */
function replayEdits(r: DeliveryRecord, ctx: ReportContext): string {
  const d = r.delivery;
  if (d.replayOf === undefined || !d.replayEdit?.edited) return '';
  const original = ctx.originals.get(d.replayOf);
  const title = `<h3>Edits against ${recordLink(d.replayOf)}</h3>`;
  if (original === undefined) {
    return `${title}<p class="muted">Delivery #${d.replayOf} is not in this report (a filtered export, or its data too large to compare), so the edits cannot be shown: export the whole session to see them.</p>`;
  }
  const ops = diffLines(original, prettyData(d.form.data));
  if (ops.every((o) => o.op === 'same')) {
    return `${title}<p class="muted">The edited data reads the same as #${d.replayOf}’s once both are indented: the edit changed only spaces or line breaks.</p>`;
  }
  const lines = ops.map((o) =>
    o.op === 'skipped'
      ? `<span class="skip">  … ${o.count} lines unchanged</span>`
      : o.op === 'same'
        ? `<span>  ${esc(o.line)}</span>`
        : `<span class="${o.op === 'removed' ? 'del' : 'ins'}">${o.op === 'removed' ? '-' : '+'} ${esc(o.line)}</span>`,
  );
  // Each line is a block of its own (so a whole line is coloured): no newline between them.
  return `${title}<pre class="diff" aria-label="Edits against #${d.replayOf}">${lines.join('')}</pre>`;
}
