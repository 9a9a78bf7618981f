// The sandbox's own side of its deliveries: every delivery to the app's endpoint URL (newest
// first) with each attempt's answer, as the sandbox saw it, and "Redeliver". The Event log shows
// what TP Inspector's receiver got; this shows what the sandbox sent, including the attempts that
// never reached the receiver (another endpoint URL, no answer).
import { useState } from 'react';
import type { SimDelivery } from '../../../../src-shared/contract';
import { useSimulator } from '../../stores/stores-context';
import { attemptWords, deliveryStatus } from './delivery-words';
import { sandboxTime } from './names';

export function DeliveriesSection() {
  const deliveries = useSimulator((s) => s.deliveries);
  const total = useSimulator((s) => s.deliveriesTotal);
  const error = useSimulator((s) => s.deliveriesError);
  const reload = useSimulator((s) => s.reloadDeliveries);
  return (
    <>
      <div className="sim-actions">
        <span className="quiet sim-small">
          {total === 0
            ? 'No deliveries yet.'
            : total > deliveries.length
              ? `The newest ${deliveries.length} of ${total} deliveries.`
              : `${total} deliver${total === 1 ? 'y' : 'ies'}, newest first.`}
        </span>
        <button type="button" className="sim-small-button" onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      {error ? (
        <p role="alert" className="error-text">
          {error}
        </p>
      ) : null}
      <ul className="sim-list" aria-label="Sandbox deliveries">
        {deliveries.map((d) => (
          <DeliveryItem key={d.id} delivery={d} />
        ))}
      </ul>
    </>
  );
}

function DeliveryItem({ delivery: d }: { delivery: SimDelivery }) {
  const busy = useSimulator((s) => s.busy.deliveries !== undefined);
  const redeliver = useSimulator((s) => s.redeliver);
  const [showData, setShowData] = useState(false);
  const status = deliveryStatus(d);
  return (
    <li aria-label={`Delivery ${d.id}`} className="sim-item">
      <div className="sim-item-head">
        <strong className="mono">{d.type}</strong>
        <span className={`sim-badge tone-${status.tone}`}>{status.words}</span>
        <span className="quiet sim-small">
          {sandboxTime(d.createdAt)} · {d.signatureMethod}
        </span>
      </div>
      <div className="quiet sim-small sim-url" title={d.url}>
        <span className="mono">{d.id}</span> → <span className="mono">{d.url || '(none)'}</span>
      </div>
      {d.attempts.length > 0 ? (
        <ol className="sim-attempts" aria-label={`Attempts of ${d.id}`}>
          {d.attempts.map((a) => (
            <li key={a.attempt}>
              <span className="quiet">
                #{a.attempt} {sandboxTime(a.at)}
              </span>{' '}
              <span className={a.status !== null && a.status < 300 ? 'sim-ok' : 'text-error'}>
                {attemptWords(a)}
              </span>
              {a.responseBody ? (
                <span className="mono quiet sim-body" title={a.responseBody}>
                  {' '}
                  {a.responseBody}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="sim-actions">
        <button
          type="button"
          className="sim-small-button"
          disabled={busy || d.status === 'pending'}
          title={d.status === 'pending' ? 'The sandbox is still attempting it' : undefined}
          onClick={() => void redeliver(d.id)}
        >
          Redeliver
        </button>
        <button
          type="button"
          className="link"
          aria-expanded={showData}
          onClick={() => setShowData(!showData)}
        >
          Data
        </button>
      </div>
      {showData ? (
        <pre className="sim-data" aria-label={`Data of ${d.id}`} tabIndex={0}>
          {d.data}
        </pre>
      ) : null}
    </li>
  );
}
