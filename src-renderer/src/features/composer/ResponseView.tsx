// The last send's response: status, per-recipient outcome of a bulk send, where the body differs
// from the documented shape, a 429's Retry-After counting down, the body (first: it is what people
// came for) as a foldable JSON tree or as raw text, then timing by phase, size and headers. A large
// raw body is shown a slice at a time.
import { useState } from 'react';
import { FieldList, MapList } from '../../components/FieldList';
import type { ComposerSendResult, RawBody, Timing } from '../../../../src-shared/contract';
import { byteSize, durationMs } from '../../format';
import { useComposer } from '../../stores/stores-context';
import { useNow } from '../../components/use-now';
import { JsonTree } from './JsonTree';
import { SEND_KEYS } from './shortcuts';

const SLICE = 64 * 1024;

export function ResponseView() {
  const result = useComposer((s) => s.result);
  if (!result) {
    return (
      <p className="quiet">Nothing sent yet. Send a request ({SEND_KEYS}) to see its answer.</p>
    );
  }
  const { api } = result.record;
  return (
    <div className="response-view">
      <FieldList
        label="Response"
        fields={[
          {
            label: 'Status',
            value: <span className={statusClass(api.status)}>{api.status ?? 'no response'}</span>,
          },
          { label: 'Call', value: `#${result.record.seq} ${api.method} ${api.url}`, mono: true },
          { label: 'Size', value: api.responseBody ? byteSize(api.responseBody.size) : 'no body' },
          ...(api.error ? [{ label: 'Error', value: api.error }] : []),
        ]}
      />
      <RetryAfter result={result} />
      <BulkOutcome result={result} />
      <ShapeIssues issues={result.shapeIssues} />
      <h4>Body</h4>
      {api.responseBody ? (
        <BodyPanes body={api.responseBody} json={result.json} />
      ) : (
        <p className="quiet">No body.</p>
      )}
      <h4>Timing</h4>
      <FieldList label="Timing" fields={timingFields(api.timing)} />
      <h4>Response headers</h4>
      <MapList label="Response headers" map={api.responseHeaders} />
      <details className="sent-request">
        <summary>Request as sent</summary>
        <pre
          className="raw-text mono"
          role="textbox"
          aria-readonly="true"
          aria-multiline="true"
          aria-label="Request as sent"
          tabIndex={0}
        >
          {`${result.request.method} ${result.request.url}\n`}
          {Object.entries(result.request.headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n')}
          {result.request.bodyKind === 'none' ? '' : `\n\n${result.request.raw.text}`}
        </pre>
      </details>
    </div>
  );
}

function statusClass(status: number | null): string {
  if (status === null || status >= 400) return 'status-bad';
  return status >= 300 ? 'status-warn' : 'status-ok';
}

function timingFields(t: Timing) {
  const phases: [string, number | undefined | null][] = [
    ['DNS', t.dnsMs],
    ['Connect', t.connectMs],
    ['TLS', t.tlsMs],
    ['Waiting (TTFB)', t.ttfbMs],
    ['Download', t.downloadMs],
  ];
  return [
    ...phases
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([label, v]) => ({ label, value: durationMs(v ?? null) })),
    { label: 'Total', value: durationMs(t.totalMs) },
  ];
}

function RetryAfter({ result }: { result: ComposerSendResult }) {
  const resultAt = useComposer((s) => s.resultAt);
  const now = useNow({ everyMs: 250 });
  if (result.retryAfterSeconds === null) return null;
  const left = Math.ceil(result.retryAfterSeconds - (now - resultAt) / 1000);
  return (
    <p className="retry-after" role="timer" aria-label="Retry-After">
      {result.record.api.status === 429 ? 'Rate limited (429). ' : ''}
      {left > 0
        ? `Retry-After ${result.retryAfterSeconds} s: send again in ${left} s.`
        : `Retry-After ${result.retryAfterSeconds} s has passed: you may send again.`}
    </p>
  );
}

function BulkOutcome({ result }: { result: ComposerSendResult }) {
  if (!result.bulk) return null;
  const refused = result.bulk.filter((b) => b.outcome === 'not_authorized').length;
  return (
    <div className="bulk-outcome">
      <h4>Per recipient</h4>
      <p className="quiet">
        {result.bulk.length - refused} accepted, {refused} not authorized
      </p>
      <table aria-label="Per-recipient result">
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {result.bulk.map((b) => (
            <tr key={b.id}>
              <td className="mono">{b.id}</td>
              <td className={b.outcome === 'accepted' ? 'ok-text' : 'text-error'}>
                {b.outcome === 'accepted' ? 'accepted' : 'not authorized'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ShapeIssues({ issues }: { issues: string[] }) {
  if (issues.length === 0) return null;
  return (
    <div className="shape-issues" role="group" aria-label="Differences from the documented shape">
      <h4>Differs from the documented shape</h4>
      <ul>
        {issues.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

function BodyPanes({ body, json }: { body: RawBody; json: unknown }) {
  const hasJson = json !== null && json !== undefined;
  const [raw, setRaw] = useState(!hasJson);
  const [shown, setShown] = useState(SLICE);
  const showRaw = raw || !hasJson;
  const text = body.text.length > shown ? body.text.slice(0, shown) : body.text;
  return (
    <div className="body-panes">
      <div className="body-toolbar">
        <span className="quiet">
          {byteSize(body.size)}
          {body.encoding === 'base64' ? ' · not UTF-8, shown as base64' : ''}
          {hasJson ? ' · JSON' : ''}
        </span>
        <button
          type="button"
          className="toggle"
          aria-pressed={showRaw}
          disabled={!hasJson}
          onClick={() => setRaw((r) => !r)}
        >
          Raw
        </button>
      </div>
      {showRaw ? (
        <>
          <pre
            className="raw-text mono"
            role="textbox"
            aria-readonly="true"
            aria-multiline="true"
            aria-label="Raw response body"
            tabIndex={0}
          >
            {text}
          </pre>
          {body.text.length > shown ? (
            <p className="quiet">
              Showing the first {byteSize(shown)} of {byteSize(body.text.length)}.{' '}
              <button type="button" className="link" onClick={() => setShown((n) => n + SLICE * 4)}>
                Show {byteSize(SLICE * 4)} more
              </button>
            </p>
          ) : null}
        </>
      ) : (
        <JsonTree value={json} />
      )}
    </div>
  );
}
