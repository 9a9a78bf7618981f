// The Runner view: the current or last run, each scenario with its steps' state, time, failure and
// links to their Event log records; Stop, Run again, run one step; the confirmation a run against
// a profile that is not the sandbox asks before it changes anything there.
// Keyboard: the step heads are one tab stop; arrows, Home and End move between them. Escape is
// left alone on purpose: a run is only stopped by its Stop button, never by a stray key.
import { useState, type KeyboardEvent } from 'react';
import { Pane } from '../../components/Pane';
import { useLog, useRunner } from '../../stores/stores-context';
import type { RunView } from '../../../../src-shared/contract';
import { RunHeader } from './RunHeader';
import { ScenarioBlock, scenarioKey, stepKey } from './ScenarioBlock';
import { isFinished } from './runner-store';
import { useProfileName } from './use-profile-name';
import './runner.css';

const MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_at, last) => last,
};

/** The step that takes Tab first: the first failed one, else the running one, else the first. */
function firstStop(run: RunView): string | null {
  const steps = run.scenarios.flatMap((s) => s.steps.map((step) => ({ s, step })));
  const pick =
    steps.find(({ step }) => step.state === 'failed') ??
    steps.find(({ step }) => step.state === 'running') ??
    steps[0];
  return pick ? stepKey(scenarioKey(pick.s), pick.step.index) : null;
}

export function RunnerPane() {
  const run = useRunner((s) => s.run);
  const busy = useRunner((s) => s.busy);
  const error = useRunner((s) => s.error);
  const loadError = useRunner((s) => s.loadError);
  const stop = useRunner((s) => s.stop);
  const runAgain = useRunner((s) => s.runAgain);
  const updateSnapshots = useRunner((s) => s.updateSnapshots);
  const runStep = useRunner((s) => s.runStep);
  const confirm = useRunner((s) => s.confirm);
  const select = useLog((s) => s.select);
  const sessions = useLog((s) => s.sessions);
  const switchSession = useLog((s) => s.switchSession);
  const [focused, setFocused] = useState<string | null>(null);

  const running = run !== null && !isFinished(run);
  const known = run?.scenarios.some((s) =>
    s.steps.some((st) => stepKey(scenarioKey(s), st.index) === focused),
  );
  const activeStep = known ? focused : run ? firstStop(run) : null;

  // A run's records are in its own session, which ends with the run (the person's session is open
  // again): a Record link of an ended run opens the run's session first, as the Session list would.
  const showRecord = async (seq: number) => {
    const runSession = run?.sessionId;
    const listed = sessions?.sessions.some((s) => s.id === runSession);
    if (runSession && listed && sessions?.activeId !== runSession) await switchSession(runSession);
    select(seq);
  };

  const onStepsKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const move = MOVES[e.key];
    const target = e.target as HTMLElement;
    if (!move || !target.matches('[data-step-head]')) return;
    const heads = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-step-head]')];
    const at = heads.indexOf(target);
    if (at < 0) return;
    e.preventDefault();
    heads[move(at, heads.length - 1)]?.focus();
  };

  return (
    <Pane title="Runner" className="runner-pane pane-stack">
      {loadError ? (
        <p role="alert" className="error-text">
          {loadError}
        </p>
      ) : null}
      {run ? (
        <>
          <RunHeader
            run={run}
            busy={busy !== null}
            onStop={() => void stop()}
            onRunAgain={() => void runAgain()}
            onUpdateSnapshots={() => void updateSnapshots()}
          />
          {run.status === 'awaiting-confirmation' ? (
            <ConfirmAlert
              run={run}
              busy={busy !== null}
              onAnswer={(proceed) => void confirm(proceed)}
            />
          ) : null}
        </>
      ) : null}
      {busy ? (
        <p role="status" className="quiet run-busy">
          {busy}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="error-text">
          {error}
        </p>
      ) : null}
      {run ? (
        <div className="run-scenarios" onKeyDown={onStepsKeyDown}>
          {run.scenarios.map((scenario) => (
            <ScenarioBlock
              key={scenarioKey(scenario)}
              scenario={scenario}
              activeStep={activeStep}
              onFocusStep={setFocused}
              busy={running || busy !== null}
              onRunStep={(path, index) => void runStep(path, index)}
              onShowRecord={(seq) => void showRecord(seq)}
            />
          ))}
        </div>
      ) : busy ? null : (
        <EmptyRunner />
      )}
    </Pane>
  );
}

function ConfirmAlert({
  run,
  busy,
  onAnswer,
}: {
  run: RunView;
  busy: boolean;
  onAnswer(proceed: boolean): void;
}) {
  const profile = useProfileName(run.profileId);
  return (
    <div role="alert" className="run-confirm">
      <p>
        {run.question ??
          `The next step changes the platform behind “${profile}”, which is not the sandbox. Go on?`}
      </p>
      <div className="run-confirm-actions">
        <button type="button" className="primary" disabled={busy} onClick={() => onAnswer(true)}>
          Run against {profile}
        </button>
        <button type="button" disabled={busy} onClick={() => onAnswer(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function EmptyRunner() {
  return (
    <div className="run-empty">
      <p>No run yet.</p>
      <p className="quiet">
        Open a collection in the Collections tab and choose Run on the collection, a folder or a
        scenario. Its steps show here as they run, each with its time, what failed and links to the
        records it wrote in the Event log.
      </p>
      <p className="quiet">
        From a terminal: <code>npm run tp -- run &lt;file or folder&gt;</code>
      </p>
    </div>
  );
}
