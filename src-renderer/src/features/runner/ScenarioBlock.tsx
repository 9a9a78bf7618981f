// One scenario of a run: its state, name, file and time, the file's problems when it did not parse
// (file:line: message, as an editor jumps to them), and its steps.
import { useId } from 'react';
import type { ScenarioRunView } from '../../../../src-shared/contract';
import { iterationWords, STEP_ICON, stepTime } from './runner-words';
import { StepItem } from './StepItem';

export const stepKey = (path: string, index: number) => `${path}#${index}`;

/** A scenario's run in the view: its file, and its row in a data-driven run (same file, each row). */
export const scenarioKey = (scenario: ScenarioRunView) =>
  scenario.iteration ? `${scenario.path}[${scenario.iteration.index}]` : scenario.path;

interface ScenarioBlockProps {
  scenario: ScenarioRunView;
  /** The step head that takes Tab in the whole run (roving tab stop). */
  activeStep: string | null;
  onFocusStep(key: string): void;
  busy: boolean;
  onRunStep(path: string, index: number): void;
  onShowRecord(seq: number): void;
}

export function ScenarioBlock({
  scenario,
  activeStep,
  onFocusStep,
  busy,
  onRunStep,
  onShowRecord,
}: ScenarioBlockProps) {
  const headingId = useId();
  // The runs of one file in a data-driven run differ by their row: it is part of their names.
  const title = scenario.iteration
    ? `${scenario.name} ${iterationWords(scenario.iteration)}`
    : scenario.name;
  return (
    <section
      className={`run-scenario run-${scenario.state}`}
      {...(scenario.iteration ? { 'aria-label': title } : { 'aria-labelledby': headingId })}
    >
      <h3 className="run-scenario-head">
        <span className="run-state">
          <span aria-hidden="true" className="run-icon">
            {STEP_ICON[scenario.state]}
          </span>{' '}
          {scenario.state}
        </span>
        <span id={headingId} className="run-scenario-name">
          {scenario.name}
        </span>
        <span className="run-time mono">{stepTime(scenario.state, scenario.durationMs)}</span>
      </h3>
      <p className="run-path mono quiet">
        {scenario.path}
        {scenario.iteration ? (
          <span className="run-iteration"> {iterationWords(scenario.iteration)}</span>
        ) : null}
      </p>
      {scenario.problems.length ? (
        <ul className="run-problems mono" aria-label={`Problems in ${scenario.path}`}>
          {scenario.problems.map((p, i) => (
            <li key={i}>
              {p.file}:{p.line}: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
      {scenario.steps.length ? (
        <ol className="run-steps" aria-label={`Steps of ${title}`}>
          {scenario.steps.map((step) => {
            const key = stepKey(scenarioKey(scenario), step.index);
            return (
              <StepItem
                key={step.index}
                path={scenario.path}
                step={step}
                tabStop={activeStep === key}
                onFocusHead={() => onFocusStep(key)}
                busy={busy}
                onRunStep={() => onRunStep(scenario.path, step.index)}
                onShowRecord={onShowRecord}
              />
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
