// One delivery a check sent, as journaled in its run's session: the request body as it was sent
// (form-encoded: data, signature, signature_method; the secret is never there) and its fields
// decoded, as the handler reads them, then the answer
// (status, headers, body) and its timing, with a way to open the record in the Event log.
import type { ApiRecord } from '../../../../src-shared/contract';
import { MapList } from '../../components/FieldList';
import { durationMs } from '../../format';
import { BodyView } from '../event-log/BodyView';
import { formBodyOf } from './report-diff';

export function ExchangeView({
  record,
  onOpenInLog,
}: {
  record: ApiRecord;
  onOpenInLog(seq: number): void;
}) {
  const { api } = record;
  const answer =
    api.status === null ? `no answer: ${api.error ?? 'none came'}` : `HTTP ${api.status}`;
  return (
    <section className="check-exchange" aria-label={`Delivery #${record.seq}`}>
      <div className="check-exchange-head">
        <span className="mono">#{record.seq}</span>
        <span className={api.status !== null && api.status < 300 ? 'text-ok' : 'text-error'}>
          {answer}
        </span>
        <span className="quiet">in {durationMs(api.timing.totalMs)}</span>
        <button type="button" className="link" onClick={() => onOpenInLog(record.seq)}>
          Open #{record.seq} in the Event log
        </button>
      </div>
      <div className="check-exchange-body">
        <div>
          <h5>Request body, as sent</h5>
          <pre className="mono check-bytes" aria-label="Request body">
            {`${api.method} ${api.url}\n\n${formBodyOf(api.requestParams)}`}
          </pre>
          <h5>Its form fields, decoded</h5>
          <MapList label="Form fields" map={api.requestParams} />
        </div>
        <div>
          <h5>Answer</h5>
          <MapList label="Response headers" map={api.responseHeaders} />
          {api.responseBody ? (
            <BodyView body={api.responseBody} />
          ) : (
            <p className="quiet">No body.</p>
          )}
          <p className="quiet small-text">
            Waiting {durationMs(api.timing.ttfbMs)}, total {durationMs(api.timing.totalMs)}
          </p>
        </div>
      </div>
    </section>
  );
}
