// A session as one self-contained HTML page a person can read or attach to a bug report: at the
// top what needs attention (failed steps, invalid signatures, errors, late answers, each linking
// to its record) and the counts by kind and by outcome; then every record with its raw request
// and answer, a delivery's signature explained and its links to its repeats, replays and
// forwards, an edited replay's edits against the delivery it replays. It prints (or saves as PDF)
// with the summary on its own page. The parts are in html-report/.
//
// It is written in two passes over the records, so that it can be made as it is read: the first
// gathers the outline (the top of the page and the links back), the second writes the sections.
import type { JournalRecord } from '../../../src-shared/contract';
import { recordSection } from './html-report/record-section';
import { REPORT_TAIL, reportHead } from './html-report/report-head';
import { createOutline } from './html-report/report-outline';

interface HtmlReportWriter {
  /** First pass: every record, in order. */
  outline(record: JournalRecord): void;
  /** The page up to its first section, once the first pass is done. */
  head(): string;
  /** Second pass: a record's section, in the same order (sections are joined with `\n`). */
  section(record: JournalRecord): string;
  tail(): string;
}

export function createHtmlReport(name: string, version: string): HtmlReportWriter {
  const outline = createOutline();
  const ctx = { outline, originals: new Map<number, string>() };
  return {
    outline: (record) => outline.add(record),
    head: () => reportHead(name, outline, version),
    section: (record) => recordSection(record, ctx),
    tail: () => REPORT_TAIL,
  };
}

/** The whole report of records at hand (the streamed export makes the same text). */
export function toHtmlReport(name: string, records: JournalRecord[], version: string): string {
  const report = createHtmlReport(name, version);
  for (const r of records) report.outline(r);
  return report.head() + records.map((r) => report.section(r)).join('\n') + report.tail();
}
