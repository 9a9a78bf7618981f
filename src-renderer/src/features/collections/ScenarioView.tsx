// The scenario open from a collection: its steps in words, its YAML in an editor, saved to its file
// (Save or Ctrl/Cmd+S) based on the version read, and its problems with their lines (a click puts
// the caret on the line). A change on disk reloads it when nothing is unsaved; otherwise, or when
// a save finds the file changed, the bar asks which version wins; the bar and the notices stay in
// view above the scrolling steps and editor. Run scenario and Run step start
// the runner. While a file is read the view says so and shows nothing else of it: no steps, no
// editor, nothing to save (the file open before is gone from it). Add step opens a form that adds
// a step to the YAML (AddStepForm.tsx).
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Pane } from '../../components/Pane';
import { useCenter, useCollections, useScenario } from '../../stores/stores-context';
import { isDirty } from './scenario-store';
import { summarizeSteps } from './scenario-steps';
import { AddStepForm } from './AddStepForm';
import { StepList } from './StepList';
import './collections.css';
import './scenario.css';

const isSaveKey = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's';

export function ScenarioView() {
  const path = useScenario((s) => s.path);
  const text = useScenario((s) => s.text);
  const base = useScenario((s) => s.base);
  const loading = useScenario((s) => s.loading);
  const saving = useScenario((s) => s.saving);
  const notice = useScenario((s) => s.notice);
  const dirty = useScenario(isDirty);
  const { setText, save } = useScenario((s) => s);
  const run = useCollections((s) => s.run);
  const showCenter = useCenter((s) => s.show);
  const editor = useRef<HTMLTextAreaElement>(null);
  const steps = useMemo(() => summarizeSteps(text), [text]);
  const [adding, setAdding] = useState(false);
  const addStepButton = useRef<HTMLButtonElement>(null);

  if (!path) {
    return (
      <Pane title="Scenario">
        {notice ? (
          <p className="error-text" role="alert">
            {notice.text}
          </p>
        ) : null}
        <p className="quiet">
          Open a scenario from the Collections tab (<kbd>Alt+4</kbd>): select it and press Enter.
        </p>
      </Pane>
    );
  }

  const start = async (only?: number) => {
    const ok = await run({
      paths: [path],
      ...(only === undefined ? {} : { only: { path, index: only } }),
    });
    if (ok) showCenter('runner');
  };
  const goToLine = (line: number) => {
    const area = editor.current;
    if (!area || line < 1) return;
    const offset =
      text
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length + (line > 1 ? 1 : 0);
    area.focus();
    area.setSelectionRange(offset, offset);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!isSaveKey(e)) return;
    e.preventDefault();
    void save();
  };
  const problems = base?.problems ?? [];

  return (
    <Pane
      title="Scenario"
      className="pane-scenario pane-stack"
      onKeyDown={onKeyDown}
      aside={
        <>
          <button type="button" onClick={() => void start()}>
            Run scenario
          </button>
          <button
            type="button"
            className="primary"
            disabled={!dirty || saving || loading}
            aria-keyshortcuts="Control+S Meta+S"
            onClick={() => void save()}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <div className="scenario-head">
        <span className="mono scenario-path">{path}</span>
        {dirty ? <span className="tag tag-unsaved">unsaved</span> : null}
        {dirty ? <span className="quiet">A run uses the saved file.</span> : null}
      </div>
      <DiskChangeBar />
      {notice ? (
        <p
          className={notice.kind === 'error' ? 'error-text' : 'quiet'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      ) : null}
      {loading || !base ? (
        <p className="quiet" role="status">
          Reading {path}…
        </p>
      ) : (
        <div className="scenario-scroll">
          <StepList steps={steps} onRunStep={(i) => void start(i)} />
          <button
            ref={addStepButton}
            type="button"
            className="add-step-toggle"
            aria-expanded={adding}
            onClick={() => setAdding(!adding)}
          >
            Add step
          </button>
          {adding ? (
            <AddStepForm
              steps={typeof steps === 'string' ? [] : steps}
              onClose={() => {
                setAdding(false);
                addStepButton.current?.focus();
              }}
            />
          ) : null}
          <label className="stacked-label yaml-label">
            <span>YAML</span>
            <textarea
              ref={editor}
              className="mono yaml-editor"
              value={text}
              spellCheck={false}
              rows={Math.min(Math.max(text.split('\n').length + 1, 12), 40)}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          {problems.length ? (
            <section aria-labelledby="scenario-problems">
              <h3 id="scenario-problems" className="section-title">
                Problems ({problems.length}){dirty ? ' as last saved' : ''}
              </h3>
              <ul className="problem-list" aria-label="Problems of this file">
                {problems.map((p, i) => (
                  <li key={`${p.line}:${i}`}>
                    <button
                      type="button"
                      className="link mono"
                      aria-label={p.line ? `Go to line ${p.line}` : 'The file as a whole'}
                      onClick={() => goToLine(p.line)}
                    >
                      {p.line ? `line ${p.line}` : 'file'}
                    </button>
                    <span className="problem-reason">{p.message}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Pane>
  );
}

function DiskChangeBar() {
  const change = useScenario((s) => s.diskChange);
  const { keepMine, loadDisk, close } = useScenario((s) => s);
  if (!change) return null;
  return (
    <div className="disk-change" role="alert" aria-label="The file changed on disk">
      <p>
        {!change.disk
          ? 'The file is no longer on disk (deleted or renamed). Keep your edits to write it again, or close it.'
          : change.reason === 'save'
            ? 'The file changed on disk since it was opened, so your save was not written. Keep my edits saves them over the disk version; Load the disk version drops them.'
            : 'The file changed on disk while you had unsaved edits. Keep my edits (Save then writes them over the disk version), or load the disk version and drop them.'}
      </p>
      <div className="actions">
        <button type="button" onClick={() => void keepMine()}>
          Keep my edits
        </button>
        {change.disk ? (
          <button type="button" onClick={loadDisk}>
            Load the disk version
          </button>
        ) : (
          <button type="button" onClick={close}>
            Close it
          </button>
        )}
      </div>
    </div>
  );
}
