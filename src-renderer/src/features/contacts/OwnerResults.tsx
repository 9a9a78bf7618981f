// What the last calls for a contact did, owner by owner: the status, the platform's words, and
// Retry for the ones that failed (they stay in the book as failed until a retry succeeds).
import type { OwnerResult } from '../../../../src-shared/contract';
import { useContacts } from '../../stores/stores-context';

interface Props {
  contactId: string;
  results: OwnerResult[];
  nameOf(userId: string): string;
}

export function OwnerResults({ contactId, results, nameOf }: Props) {
  const retry = useContacts((s) => s.retry);
  const dismiss = useContacts((s) => s.dismissResults);
  const busy = useContacts((s) => s.busy[contactId]);
  const failed = results.filter((r) => !r.ok).map((r) => r.userId);
  return (
    <div className="owner-results">
      <ul aria-label={`Results for ${contactId}`}>
        {results.map((r) => (
          <li key={`${r.userId}-${r.action}`} className={r.ok ? 'result-ok' : 'result-failed'}>
            <span className="result-mark" aria-hidden="true">
              {r.ok ? '✓' : '✗'}
            </span>
            <span>
              <strong>{nameOf(r.userId)}</strong> · contact/{r.action} ·{' '}
              {r.status === null ? 'not answered' : r.status} — {r.message}
            </span>
            {!r.ok ? (
              <button
                type="button"
                disabled={busy !== undefined}
                onClick={() => void retry(contactId, [r.userId])}
                aria-label={`Retry contact/${r.action} of ${contactId} for ${nameOf(r.userId)}`}
              >
                Retry
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="results-actions">
        {failed.length > 1 ? (
          <button
            type="button"
            disabled={busy !== undefined}
            onClick={() => void retry(contactId, failed)}
          >
            Retry all failed
          </button>
        ) : null}
        <button type="button" className="link" onClick={() => dismiss(contactId)}>
          Dismiss results
        </button>
      </div>
    </div>
  );
}
