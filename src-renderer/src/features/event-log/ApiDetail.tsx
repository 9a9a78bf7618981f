// One HTTP exchange as the engine journaled it: what was sent (secrets already redacted by the
// engine), what came back, how long each phase took, and the body bytes.
import type { ReactNode } from 'react';
import { FieldList, MapList } from '../../components/FieldList';
import type { ApiExchange } from '../../../../src-shared/contract';
import { durationMs } from '../../format';
import { BodyView } from './BodyView';
import { SaveToCollectionButton, proposedFileName } from '../collections/SaveToCollectionDialog';

/**
 * `seq` offers "Save to collection" for the record. `sent` stands for the request parameters where the exchange sent a body the journal keeps
 * elsewhere (a forward sends its delivery's bytes, not parameters of its own).
 */
export function ApiDetail({
  api,
  sent,
  seq,
}: {
  api: ApiExchange;
  sent?: ReactNode;
  seq?: number;
}) {
  return (
    <div className="api-detail">
      <div className="api-meta">
        {/* A call of the app's own (not a forward) can become a scenario step. */}
        {seq !== undefined ? (
          <SaveToCollectionButton
            source={() => ({ seq })}
            proposedName={proposedFileName(api.url)}
          />
        ) : null}
        <h4>General</h4>
        <FieldList
          label="General"
          fields={[
            { label: 'Request', value: `${api.method} ${api.url}`, mono: true },
            { label: 'Status', value: api.status ?? 'no response' },
            ...(api.error
              ? [{ label: 'Error', value: <span className="text-error">{api.error}</span> }]
              : []),
            ...(api.resent
              ? [
                  {
                    label: 'Sent',
                    value: `twice: ${api.resent}. This is the second try.`,
                  },
                ]
              : []),
          ]}
        />
        <h4>Timing</h4>
        <FieldList
          label="Timing"
          fields={[
            { label: 'Waiting (TTFB)', value: durationMs(api.timing.ttfbMs) },
            { label: 'Download', value: durationMs(api.timing.downloadMs) },
            { label: 'Total', value: durationMs(api.timing.totalMs) },
          ]}
        />
        {sent ? (
          <>
            <h4>Request body</h4>
            <p className="quiet">{sent}</p>
          </>
        ) : (
          <>
            <h4>Request parameters</h4>
            <MapList label="Request parameters" map={api.requestParams} />
          </>
        )}
        <h4>Request headers</h4>
        <MapList label="Request headers" map={api.requestHeaders} />
        <h4>Response headers</h4>
        <MapList label="Response headers" map={api.responseHeaders} />
      </div>
      <div className="api-body">
        <h4>Response body</h4>
        {api.responseBody ? (
          <BodyView body={api.responseBody} />
        ) : (
          <p className="quiet">No body.</p>
        )}
      </div>
    </div>
  );
}
