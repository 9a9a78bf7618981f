// The JSON report: the run as the engine keeps it (RunView), and beside each step the journal
// records it produced (its requests and deliveries), as log.get answers them: the engine redacted
// every secret in them when it wrote them (docs/journal.md, docs/security.md).
import type { JournalRecord, RunView, StepView } from '../../../src-shared/contract';

export type GetRecord = (seq: number) => Promise<JournalRecord | null>;

interface JsonStep extends StepView {
  /** The records named by `records`, in that order (a record the journal no longer has is left out). */
  journal: JournalRecord[];
}

export interface JsonReport extends Omit<RunView, 'scenarios'> {
  scenarios: (Omit<RunView['scenarios'][number], 'steps'> & { steps: JsonStep[] })[];
}

async function withJournal(step: StepView, getRecord: GetRecord): Promise<JsonStep> {
  const found = await Promise.all(step.records.map((seq) => getRecord(seq)));
  return { ...step, journal: found.filter((r): r is JournalRecord => r !== null) };
}

export async function jsonReportOf(view: RunView, getRecord: GetRecord): Promise<JsonReport> {
  return {
    ...view,
    scenarios: await Promise.all(
      view.scenarios.map(async (scenario) => ({
        ...scenario,
        steps: await Promise.all(scenario.steps.map((step) => withJournal(step, getRecord))),
      })),
    ),
  };
}

export async function jsonReport(view: RunView, getRecord: GetRecord): Promise<string> {
  return `${JSON.stringify(await jsonReportOf(view, getRecord), null, 2)}\n`;
}
