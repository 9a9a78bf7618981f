// The pretty report (stdout by default): each scenario with its outcome, a failed step's checks
// with what was expected and what was there, the files that kept a scenario from running, totals.
import type { RunView, ScenarioRunView, StepView } from '../../../src-shared/contract';
import {
  formatDuration,
  MARKS,
  sayTally,
  scenarioName,
  scenarioTally,
  stepName,
  stepTally,
} from './words';

const STATUS_WORDS: Record<RunView['status'], string> = {
  passed: 'passed',
  failed: 'failed',
  stopped: 'was stopped',
  running: 'is still running',
  'awaiting-confirmation': 'is waiting for a confirmation',
};

function withTime(text: string, ms: number | null): string {
  const time = formatDuration(ms);
  return time ? `${text}  ${time}` : text;
}

/** A snapshot stored rather than compared says so: "written" is not "passed". */
const WRITTEN_MARK = '✎';

function stepLines(step: StepView): string[] {
  if (step.state !== 'failed')
    return step.checks
      .filter((c) => c.note !== undefined)
      .map((c) => `    ${WRITTEN_MARK} ${stepName(step)}: ${c.note}`);
  const lines = [withTime(`    ${MARKS.failed} ${stepName(step)}`, step.durationMs)];
  const failed = step.checks.filter((c) => !c.passed);
  // A failure that is its checks says them again in one line: the checks alone, one a line.
  for (const check of failed) {
    lines.push(`        ${check.label}: expected ${check.expected}, got ${check.actual}`);
  }
  if (failed.length === 0 && step.failure) {
    lines.push(...step.failure.split('\n').map((l) => `        ${l}`));
  }
  return lines;
}

function scenarioLines(scenario: ScenarioRunView): string[] {
  const lines = [
    withTime(`${MARKS[scenario.state]} ${scenarioName(scenario)}`, scenario.durationMs),
  ];
  for (const p of scenario.problems) lines.push(`    ${p.file}:${p.line}: ${p.message}`);
  lines.push(...scenario.steps.flatMap(stepLines));
  const skipped = scenario.steps.filter((s) => s.state === 'skipped');
  if (skipped.length > 0 && scenario.state === 'failed') {
    lines.push(`    ${MARKS.skipped} skipped: ${skipped.map(stepName).join(', ')}`);
  }
  return lines;
}

/** `profileName`: how the person named the profile (the view knows only its id). */
export function prettyReport(view: RunView, profileName?: string): string {
  const where = view.sandbox
    ? 'the embedded sandbox'
    : `profile "${profileName ?? view.profileId}"`;
  const lines = [`Run "${view.name}" against ${where} ${STATUS_WORDS[view.status]}.`, ''];
  lines.push(...view.scenarios.flatMap(scenarioLines));
  lines.push(
    '',
    `Scenarios: ${sayTally(scenarioTally(view.scenarios))} (of ${view.scenarios.length})`,
    `Steps:     ${sayTally(stepTally(view.scenarios))} (of ${stepTally(view.scenarios).total})`,
    `Time:      ${formatDuration(view.durationMs) || 'unknown'}`,
  );
  return `${lines.join('\n')}\n`;
}
