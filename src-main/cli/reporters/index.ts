// The reporters by name (--reporter).
import type { RunView } from '../../../src-shared/contract';
import type { ReporterName } from '../args';
import { jsonReport, type GetRecord } from './json';
import { junitReport } from './junit';
import { prettyReport } from './pretty';

interface ReportContext {
  getRecord: GetRecord;
  profileName?: string;
}

export async function renderReport(
  reporter: ReporterName,
  view: RunView,
  context: ReportContext,
): Promise<string> {
  switch (reporter) {
    case 'json':
      return jsonReport(view, context.getRecord);
    case 'junit':
      return junitReport(view);
    case 'pretty':
      return prettyReport(view, context.profileName);
  }
}
