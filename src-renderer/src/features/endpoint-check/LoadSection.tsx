// The Load part of the Endpoint check view: the check's handler URL and profile (the form above),
// loaded at a steady rate for a while (docs/load.md, In the app). Its own fields (rate, duration,
// mix), Start and Stop, the question before a URL off this machine, the live figures while it runs
// and the summary of the last run.
import type { FormEvent } from 'react';
import { useLoad } from '../../stores/stores-context';
import { LoadSummaryCard } from './LoadSummaryCard';
import './load.css';
import { OffMachineQuestion } from './OffMachineQuestion';

function LoadRemoteQuestion({ url }: { url: string }) {
  const answer = useLoad((s) => s.confirmRemote);
  const rate = useLoad((s) => s.rate);
  const seconds = useLoad((s) => s.durationSeconds);
  return (
    <OffMachineQuestion url={url} label="Load a URL off this machine" verb="Load" answer={answer}>
      The load run sends <span className="mono">{url}</span> {Math.round(rate * seconds)} signed
      deliveries, {rate} a second for {seconds} s, whatever it answers. Load it only if this server
      is yours to test.
    </OffMachineQuestion>
  );
}

function LoadForm() {
  const rate = useLoad((s) => s.rate);
  const setRate = useLoad((s) => s.setRate);
  const seconds = useLoad((s) => s.durationSeconds);
  const setDuration = useLoad((s) => s.setDuration);
  const mix = useLoad((s) => s.mix);
  const setMix = useLoad((s) => s.setMix);
  const start = useLoad((s) => s.start);
  const stop = useLoad((s) => s.stop);
  const running = useLoad((s) => s.runningUrl !== null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void start();
  };
  return (
    <form className="check-form-row" aria-label="Load run" onSubmit={onSubmit}>
      <label>
        Rate (/s)
        <input
          className="mono narrow"
          type="number"
          min={1}
          max={10000}
          value={rate}
          onChange={(e) => setRate(Math.min(10_000, Math.max(1, Number(e.target.value) || 1)))}
        />
      </label>
      <label>
        Duration (s)
        <input
          className="mono narrow"
          type="number"
          min={0.1}
          max={3600}
          step="any"
          value={seconds}
          onChange={(e) => setDuration(Math.min(3600, Math.max(0.1, Number(e.target.value) || 1)))}
        />
      </label>
      <label className="load-mix">
        Mix
        <input
          className="mono"
          value={mix}
          placeholder="text=60,picture=20,group-join=20 (default: texts)"
          spellCheck={false}
          onChange={(e) => setMix(e.target.value)}
        />
      </label>
      <div className="check-actions">
        <button type="submit" className="primary" disabled={running}>
          Start load
        </button>
        <button type="button" disabled={!running} onClick={() => void stop()}>
          Stop load
        </button>
      </div>
    </form>
  );
}

export function LoadSection() {
  const confirming = useLoad((s) => s.confirming);
  const error = useLoad((s) => s.error);
  const progress = useLoad((s) => s.progress);
  const runningUrl = useLoad((s) => s.runningUrl);
  const summary = useLoad((s) => s.summary);
  return (
    <section className="load-section" aria-label="Load">
      <h3>Load</h3>
      <p className="quiet small-text">
        Sends the handler above signed deliveries at a steady rate, whatever it answers, and says
        the rate held, the answer times and the errors by class.
      </p>
      <LoadForm />
      {confirming ? <LoadRemoteQuestion url={confirming} /> : null}
      {runningUrl ? (
        <p className="check-progress mono" role="status" aria-label="Load progress">
          {progress
            ? `${(progress.elapsedMs / 1000).toFixed(0)} s: sent ${progress.sent}/${progress.planned}, answered ${progress.answered}, errors ${progress.errors}, late ${progress.late}, p99 ${progress.p99Ms.toFixed(1)} ms`
            : `Loading ${runningUrl}…`}
        </p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert" aria-label="Load failure">
          {error}
        </p>
      ) : null}
      {summary ? <LoadSummaryCard summary={summary} /> : null}
    </section>
  );
}
