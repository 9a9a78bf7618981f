// Progress on stderr while a run goes: one line per step and per scenario as each finishes, from
// the runner's successive views. Colors only for a person at a terminal (stderr a TTY, NO_COLOR
// unset: https://no-color.org).
import type { RunView, StepState } from '../../src-shared/contract';
import { formatDuration, isFinished, MARKS, scenarioName, stepName } from './reporters/words';

const COLORS: Partial<Record<StepState, string>> = {
  passed: '\u001b[32m',
  failed: '\u001b[31m',
  skipped: '\u001b[2m',
};
const RESET = '\u001b[0m';

export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && (env.NO_COLOR ?? '') === '';
}

interface Progress {
  /** Prints what finished since the last view. */
  update(view: RunView): void;
}

export function createProgress(write: (line: string) => void, color: boolean): Progress {
  const printed = new Set<string>();
  const mark = (state: StepState) =>
    color && COLORS[state] ? `${COLORS[state]}${MARKS[state]}${RESET}` : MARKS[state];
  const line = (indent: string, state: StepState, name: string, ms: number | null) => {
    const time = formatDuration(ms);
    write(`${indent}${mark(state)} ${name}${time ? `  ${time}` : ''}`);
  };
  return {
    update(view) {
      // By place in the run: a data-driven run runs the same file once per row.
      for (const [at, scenario] of view.scenarios.entries()) {
        for (const step of scenario.steps) {
          const key = `${at}#${step.index}`;
          if (!isFinished(step.state) || printed.has(key)) continue;
          printed.add(key);
          line('  ', step.state, stepName(step), step.durationMs);
          if (step.state === 'failed' && step.failure) write(`      ${step.failure}`);
        }
        if (!isFinished(scenario.state) || printed.has(String(at))) continue;
        printed.add(String(at));
        line('', scenario.state, scenarioName(scenario), scenario.durationMs);
        for (const p of scenario.problems) write(`    ${p.file}:${p.line}: ${p.message}`);
      }
    },
  };
}
