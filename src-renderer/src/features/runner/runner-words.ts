// How the runner's states read: an icon beside a word, never a colour alone, so a passed and a
// failed step differ for everyone (and on a monochrome screenshot).
import type {
  RunStatus,
  RunView,
  ScenarioRunView,
  StepState,
} from '../../../../src-shared/contract';
import { durationMs } from '../../format';

export const STEP_ICON: Record<StepState, string> = {
  waiting: '○',
  running: '◌',
  passed: '✓',
  failed: '✗',
  skipped: '⤼',
};

export const STATUS_ICON: Record<RunStatus, string> = {
  running: '◌',
  'awaiting-confirmation': '?',
  passed: '✓',
  failed: '✗',
  stopped: '■',
};

export function statusWords(status: RunStatus): string {
  return status === 'awaiting-confirmation' ? 'awaiting confirmation' : status;
}

/** A step's or scenario's time: blank while it has not started, "…" while it runs. */
export function stepTime(state: StepState, ms: number | null): string {
  if (ms !== null) return durationMs(ms);
  return state === 'running' ? '…' : '';
}

/** The run's elapsed time: 4.2 s, 1 min 05 s. */
export function elapsed(ms: number): string {
  return durationMs(Math.max(0, ms));
}

/** The counts line: "3 passed · 1 failed · 2 skipped of 6". */
export function countsWords(counts: {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
}): string {
  return `${counts.passed} passed · ${counts.failed} failed · ${counts.skipped} skipped of ${counts.total} steps`;
}

/** `rows.csv, 3 rows`: a data-driven run's file. */
export function dataWords(data: NonNullable<RunView['data']>): string {
  return `${data.file}, ${data.rows} row${data.rows === 1 ? '' : 's'}`;
}

/** `[3/20] msg_type=sticker`: which row of the data file a scenario's run is. */
export function iterationWords(iteration: NonNullable<ScenarioRunView['iteration']>): string {
  return `[${iteration.index}/${iteration.total}] ${iteration.label}`.trimEnd();
}
