// One step of a run: its state (icon and word), name, kind and time on the first line; its records
// and "Run this step" on the second; the failure, the checks (expected and actual) and the
// captures below, open at once for a failed step and on demand for the others.
import { useId, useState } from 'react';
import type { CheckOutcome, StepView } from '../../../../src-shared/contract';
import { ObservedFields } from './ObservedFields';
import { STEP_ICON, stepTime } from './runner-words';

interface StepItemProps {
  /** The scenario's file, where Check this adds its checks. */
  path: string;
  step: StepView;
  /** The roving tab stop of the step list: only one step head takes Tab. */
  tabStop: boolean;
  onFocusHead(): void;
  /** Whether a run is under way (one step cannot run beside it). */
  busy: boolean;
  onRunStep(): void;
  onShowRecord(seq: number): void;
}

export function StepItem({
  path,
  step,
  tabStop,
  onFocusHead,
  busy,
  onRunStep,
  onShowRecord,
}: StepItemProps) {
  const [open, setOpen] = useState<boolean | null>(null);
  const detailsId = useId();
  const captures = Object.entries(step.captures);
  const observed = (step.observed?.fields.length ?? 0) > 0;
  const hasDetails =
    step.failure !== null || step.checks.length > 0 || captures.length > 0 || observed;
  // Why a step failed or was skipped is what the person came to read, and so is a snapshot written
  // (a new file in the collection, not a comparison); the rest opens on demand.
  const news =
    step.state === 'failed' ||
    step.state === 'skipped' ||
    step.checks.some((c) => c.note !== undefined);
  const expanded = hasDetails && (open ?? news);
  const label = `${step.index + 1}. ${step.name}`;

  return (
    <li className={`run-step run-${step.state}`} aria-label={label}>
      <button
        type="button"
        className="run-step-head"
        data-step-head=""
        tabIndex={tabStop ? 0 : -1}
        onFocus={onFocusHead}
        aria-expanded={hasDetails ? expanded : undefined}
        aria-controls={hasDetails ? detailsId : undefined}
        onClick={() => hasDetails && setOpen(!expanded)}
      >
        <span className="run-state">
          <span aria-hidden="true" className="run-icon">
            {STEP_ICON[step.state]}
          </span>{' '}
          {step.state}
        </span>
        <span className="run-step-name">{label}</span>
        <span className="run-time mono">{stepTime(step.state, step.durationMs)}</span>
      </button>
      <div className="run-step-meta">
        <span className="run-kind mono">{step.kind}</span>
        {step.always ? <span className="quiet">runs always</span> : null}
        {recordLinks(step.records).map((link) =>
          typeof link === 'number' ? (
            <button
              key={link}
              type="button"
              className="link run-record"
              onClick={() => onShowRecord(link)}
            >
              Record #{link}
            </button>
          ) : (
            <span key="more" className="quiet">
              {link.more} more in the Event log
            </span>
          ),
        )}
        <button
          type="button"
          className="run-step-action"
          disabled={busy}
          title={busy ? 'Wait for the run to end, or stop it' : undefined}
          onClick={onRunStep}
        >
          Run this step
        </button>
      </div>
      {hasDetails ? (
        <div id={detailsId} className="run-step-details" hidden={!expanded}>
          {step.failure ? <p className="run-failure">{step.failure}</p> : null}
          {step.checks.length ? <CheckList checks={step.checks} /> : null}
          {captures.length ? (
            <dl className="run-captures mono" aria-label="Captures">
              {captures.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {observed ? <ObservedFields path={path} step={step} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The most Record links a step shows. A check-endpoint step sends some 80 deliveries: its first
 * and last records are links, the ones between are counted (the run's session in the Event log
 * lists them all), so the step's line stays one line.
 */
const MAX_RECORD_LINKS = 6;

function recordLinks(records: number[]): (number | { more: number })[] {
  if (records.length <= MAX_RECORD_LINKS) return records;
  return [records[0]!, { more: records.length - 2 }, records[records.length - 1]!];
}

/** A snapshot stored rather than compared reads "written": it was not checked against anything. */
function outcomeWords(check: CheckOutcome): { mark: string; word: string } {
  if (check.note !== undefined) return { mark: '✎', word: 'written' };
  return check.passed ? { mark: '✓', word: 'passed' } : { mark: '✗', word: 'failed' };
}

function CheckList({ checks }: { checks: CheckOutcome[] }) {
  return (
    <ul className="run-checks mono" aria-label="Checks">
      {checks.map((check, i) => {
        const { mark, word } = outcomeWords(check);
        return (
          <li key={i} className={check.passed ? 'run-check-passed' : 'run-check-failed'}>
            <span className="run-check-label">
              <span aria-hidden="true">{mark}</span> {word}: {check.label}
            </span>
            {check.note !== undefined ? (
              <span className="run-check-line">{check.note}</span>
            ) : (
              <>
                <span className="run-check-line">
                  <span className="run-check-key">expected</span> {check.expected}
                </span>
                <span className="run-check-line">
                  <span className="run-check-key">actual</span> {check.actual}
                </span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
