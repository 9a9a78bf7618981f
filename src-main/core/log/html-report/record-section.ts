// One record's section of a session's HTML report: an anchor by its seq (#r23) that the summary
// and the other records link to, what went wrong with it when something did, and its detail by
// kind. Everything from the journal is escaped (html-escape.ts): deliveries are untrusted input.
import type { ApiExchange, JournalRecord } from '../../../../src-shared/contract';
import { deliveryDetail } from './delivery-section';
import { anchorOf, esc, recordLink, withRecordLinks } from './html-escape';
import { loadSummarySection } from './load-summary-section';
import { exchangeAnswer, exchangeRequest } from './raw-http';
import { PROBLEM_LABELS, problemsOf } from './record-problem';
import { fields, pairs, rawBlock, type ReportContext } from './section-parts';

/** A call or a forward: what was sent and what came back, the raw text of both open. */
function exchange(x: ApiExchange): string {
  const outcome = x.status ?? `no answer: ${x.error ?? 'the connection failed'}`;
  return `<p><code>${esc(`${x.method} ${x.url}`)}</code> → ${esc(String(outcome))} in ${Number(x.timing.totalMs.toFixed(1))} ms${x.resent ? ` <span class="muted">(${esc(x.resent)})</span>` : ''}</p>
${pairs('Request parameters', x.requestParams)}${rawBlock(exchangeRequest(x), exchangeAnswer(x), true)}`;
}

function detail(r: JournalRecord, ctx: ReportContext): string {
  switch (r.kind) {
    case 'api':
      return exchange(r.api);
    case 'delivery':
      return deliveryDetail(r, ctx);
    case 'forward': {
      const f = r.forward;
      const what = f.why === 'replay' ? 'A replay of delivery' : 'A forward of delivery';
      const edit = !f.edited
        ? ''
        : ` with data edited${f.resigned ? ' and signed again' : ', the old signature kept'} (the data sent is not kept in this record)`;
      return `${fields([
        ['Delivery', `${what} ${recordLink(f.deliverySeq)}${esc(edit)}`],
        ['Not forwarded', f.notForwarded ? esc(f.notForwarded.explanation) : ''],
        ['Too late', f.late ? `<span class="late">${esc(f.late)}</span>` : ''],
      ])}${f.notForwarded ? '' : exchange(f.exchange)}`;
    }
    case 'auth':
      return fields([
        ['Detail', r.auth.detail ? esc(r.auth.detail) : ''],
        ['User', r.auth.userId ? esc(r.auth.userId) : ''],
        ['Call', r.auth.apiSeq !== undefined ? recordLink(r.auth.apiSeq) : ''],
      ]);
    case 'system':
      // A load run's record draws its summary as `tp load --reporter html` does; the message says
      // the same in words (and is all a record of an older version has).
      return r.system.load
        ? loadSummarySection(r.system.load)
        : `<p>${withRecordLinks(esc(r.system.message))}</p>`;
    default:
      // The tunnel's changes say it all in their summary.
      return '';
  }
}

/** One record's section of the report. */
export function recordSection(r: JournalRecord, ctx: ReportContext): string {
  const problems = problemsOf(r);
  // What is wrong, by name: the words of each are in the detail below (the signature's Why, the
  // answer, the step's message), and the summary at the top quotes them.
  const marks = problems.length
    ? `<p class="problems">⚠ ${problems.map((p) => esc(PROBLEM_LABELS[p.category])).join(' · ')}</p>`
    : '';
  return `<section class="rec kind-${esc(r.kind)}${problems.length ? ' has-problem' : ''}" id="${anchorOf(r.seq)}"><h2><a href="#${anchorOf(r.seq)}">#${r.seq}</a> <span class="kind">${esc(r.kind)}</span> ${withRecordLinks(esc(r.summary))}</h2>
<p class="muted">${esc(r.at)}${r.profileId ? ` · profile ${esc(r.profileId)}` : ''}</p>${marks}${detail(r, ctx)}</section>`;
}
