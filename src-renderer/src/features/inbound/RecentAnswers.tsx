// The receiver's last answers to this profile's deliveries, newest first: enough to watch a failure
// rate or a delay past the platform's deadline make the platform retry (each retry is marked with the
// delivery it repeats; a late answer says so, in the warning colour). The Event log has the records.
import { useInbound } from '../../stores/stores-context';
import { clockTime } from '../../format';
import { answerTone } from './answer-tone';

const REASON: Record<string, string> = {
  configured: 'as configured',
  'failure-rate': 'simulated failure',
  unverified: 'signature not valid',
  refused: 'refused',
};

export function RecentAnswers() {
  const answers = useInbound((s) => s.answers);
  if (answers.length === 0) return <p className="quiet">No deliveries for this profile yet.</p>;
  return (
    <ol className="answer-list" aria-label="Recent answers">
      {answers.map((a) => (
        <li key={a.seq} aria-label={`Delivery #${a.seq}`}>
          <span className={`mono status ${answerTone(a)}`}>
            {a.status}
            {a.late ? ' late' : ''}
          </span>{' '}
          <span>{REASON[a.reason] ?? a.reason}</span>
          {a.late ? <span className="inb-late"> · {a.late}</span> : null}
          {/* A replay is the person's own; only a repeat that is not one is the platform's retry. */}
          {a.replayOf !== undefined ? (
            <span className="quiet">
              {' '}
              · replay of #{a.replayOf}
              {a.replayEdited ? ', edited' : ''}
            </span>
          ) : a.repeatOf !== undefined ? (
            <span className="quiet"> · retry of #{a.repeatOf}</span>
          ) : null}
          <span className="quiet">
            {' '}
            · #{a.seq} {clockTime(a.at)}
          </span>
        </li>
      ))}
    </ol>
  );
}
