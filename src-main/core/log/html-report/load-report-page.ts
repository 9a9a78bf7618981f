// `tp load --reporter html`: one load run's summary as a self-contained page, with the head, the
// policy and the look of a session's HTML report (report-head.ts) and the same piece a session's
// report draws for a load run's record (load-summary-section.ts).
import type { LoadSummary } from '../../../../src-shared/contract';
import { esc } from './html-escape';
import { loadSummarySection } from './load-summary-section';
import { pageHead, REPORT_TAIL } from './report-head';

export function loadReportPage(s: LoadSummary, version: string): string {
  return `${pageHead(`Load run of ${s.url}: TP Inspector load report`)}<main class="load-report"><h1>Load run of <code>${esc(s.url)}</code></h1><p class="muted">TP Inspector ${esc(version)} · load report</p>
${loadSummarySection(s)}</main>${REPORT_TAIL}`;
}
