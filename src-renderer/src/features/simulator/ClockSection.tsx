// The sandbox's clock (docs/sandbox.md, The clock): its time, and buttons that move it forward. The
// time is real time plus the offset the sandbox last answered, so it keeps running between reads.
// Moving it tells TP Inspector nothing: the next call meets the sandbox's refusal and renews the
// token, which is what shows in the Event log.
import { useNow } from '../../components/use-now';
import { useSimulator } from '../../stores/stores-context';
import {
  clockOffsetWords,
  clockShownMinute,
  clockTimeText,
} from '../../../../src-shared/rules/clock-advance';

const STEPS = [
  { label: '+1 min', by: '1m', words: '1 minute' },
  { label: '+10 min', by: '10m', words: '10 minutes' },
  { label: '+1 h', by: '1h', words: '1 hour' },
  { label: '+1 day', by: '1d', words: '1 day' },
] as const;

export function ClockSection() {
  const clock = useSimulator((s) => s.view?.clock ?? null);
  const busy = useSimulator((s) => s.busy.clock !== undefined);
  const advanceClock = useSimulator((s) => s.advanceClock);
  // Minutes are shown: a tick every few seconds keeps the minute right without a busy display.
  const now = useNow({ everyMs: 5000 });
  if (!clock) return null;
  const sandboxMs = clockShownMinute(now + clock.offsetS * 1000);
  return (
    <>
      <p className="sim-clock">
        <span className="quiet">Sandbox time </span>
        <time className="mono" dateTime={new Date(sandboxMs).toISOString()}>
          {clockTimeText(sandboxMs)}
        </time>
        <span className="quiet">
          {' · '}
          {clock.offsetS > 0
            ? `${clockOffsetWords(clock.offsetS)} ahead of real time`
            : 'real time'}
        </span>
      </p>
      <div className="sim-actions" role="group" aria-label="Move the sandbox clock forward">
        {STEPS.map((step) => (
          <button
            key={step.by}
            type="button"
            className="mono"
            disabled={busy}
            title={`Move the sandbox clock forward by ${step.words}: tokens, codes, otps and rate-limit windows expire as if that time had passed`}
            onClick={() => void advanceClock(step.by, step.words)}
          >
            {step.label}
          </button>
        ))}
      </div>
      <p className="quiet sim-small">
        TP Inspector is not told: its next call meets the expired token and renews it, as with the
        platform. The clock only moves forward, and keeps its time across restarts.
      </p>
    </>
  );
}
