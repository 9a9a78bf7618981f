// The selected record in full, parsed (a view per kind) or raw (the journal line as stored).
// API calls and forwards show the HTTP exchange; deliveries their verification, classification,
// shape flags, repeat marks, forward results and replay; grants link to the call behind them.
// A record marked for compare and another one show side by side as their differences instead.
import { useState } from 'react';
import { FieldList } from '../../components/FieldList';
import type { JournalRecord } from '../../../../src-shared/contract';
import { clockTimeMs, durationMs } from '../../format';
import { useLog } from '../../stores/stores-context';
import { ApiDetail } from './ApiDetail';
import { CompareView } from './CompareView';
import { DeliveryDetail } from './DeliveryDetail';
import { ForwardDetail } from './ForwardDetail';
import { JumpTo } from './JumpTo';
import { MaximizeDetail } from './LogSplit';
import { sameRecord, type RecordCompare } from './record-compare';

export function RecordDetail({ compare }: { compare: RecordCompare }) {
  const seq = useLog((s) => s.selectedSeq);
  const record = useLog((s) => s.selected);
  const error = useLog((s) => s.selectedError);
  const [raw, setRaw] = useState(false);
  const { marked, pair } = compare;
  const comparing = pair !== null && sameRecord(pair[1], record) ? pair : null;
  const isMarked = sameRecord(marked, record);
  return (
    <section className="log-detail" aria-label="Record detail">
      {record ? (
        <>
          <div className="detail-head">
            <h3 className="detail-title">
              <span className="quiet">#{record.seq}</span> {record.summary}
            </h3>
            <div role="group" aria-label="Compare" className="detail-views">
              <button
                type="button"
                className="toggle"
                aria-pressed={isMarked}
                aria-keyshortcuts="M"
                title="Mark this record, then select another and compare them (M)"
                onClick={() => compare.toggleMark(record)}
              >
                Mark for compare
              </button>
              {marked !== null && !isMarked ? (
                <button
                  type="button"
                  aria-keyshortcuts="C"
                  title={`See what differs between #${marked.seq} and this record (C)`}
                  onClick={() => compare.compareWith(record)}
                >
                  Compare with #{marked.seq}
                </button>
              ) : null}
            </div>
            <div role="group" aria-label="View" className="detail-views">
              <button
                type="button"
                className="toggle"
                aria-pressed={!raw}
                onClick={() => setRaw(false)}
              >
                Parsed
              </button>
              <button
                type="button"
                className="toggle"
                aria-pressed={raw}
                onClick={() => setRaw(true)}
              >
                Raw record
              </button>
              <MaximizeDetail />
            </div>
          </div>
          <p className="quiet detail-meta">
            {record.kind} · {clockTimeMs(record.at)} · {record.at}
            {record.profileId ? ` · profile ${record.profileId}` : ''}
          </p>
          {comparing ? (
            <CompareView left={comparing[0]} right={comparing[1]} onClose={compare.close} />
          ) : raw ? (
            <pre
              className="body-text mono"
              role="textbox"
              aria-readonly="true"
              aria-multiline="true"
              aria-label="Raw journal record"
              tabIndex={0}
            >
              {JSON.stringify(record, null, 2)}
            </pre>
          ) : (
            <KindDetail record={record} />
          )}
        </>
      ) : seq !== null ? (
        <p className={error ? 'error-text' : 'quiet'} role={error ? 'alert' : 'status'}>
          {error ?? `Waiting for record #${seq} from the engine…`}
        </p>
      ) : (
        <p className="quiet">
          Select a record (arrow keys and Enter, or a click) to see it in full.
        </p>
      )}
    </section>
  );
}

function KindDetail({ record }: { record: JournalRecord }) {
  switch (record.kind) {
    case 'api':
      return <ApiDetail api={record.api} seq={record.seq} />;
    case 'delivery':
      return <DeliveryDetail record={record} />;
    case 'forward':
      return <ForwardDetail record={record} />;
    case 'auth': {
      const { auth } = record;
      return (
        <>
          <FieldList
            label="Grant"
            fields={[
              { label: 'Action', value: auth.action.replace('_', ' ') },
              { label: 'Outcome', value: auth.outcome },
              ...(auth.detail ? [{ label: 'Detail', value: auth.detail }] : []),
              ...(auth.userId ? [{ label: 'User', value: auth.userId, mono: true }] : []),
            ]}
          />
          {auth.apiSeq !== undefined ? (
            <JumpTo seq={auth.apiSeq}>Show the HTTP call (#{auth.apiSeq})</JumpTo>
          ) : null}
        </>
      );
    }
    case 'tunnel': {
      const t = record.tunnel;
      return (
        <FieldList
          label="Tunnel"
          fields={[
            { label: 'State', value: t.state },
            { label: 'Mode', value: t.mode },
            ...(t.publicUrl ? [{ label: 'Public URL', value: t.publicUrl, mono: true }] : []),
            ...(t.reason ? [{ label: 'Reason', value: t.reason }] : []),
            ...(t.attempt !== undefined ? [{ label: 'Attempt', value: t.attempt }] : []),
            ...(t.retryInMs !== undefined
              ? [{ label: 'Retry in', value: durationMs(t.retryInMs) }]
              : []),
          ]}
        />
      );
    }
    case 'system':
      return (
        <FieldList
          label="System note"
          fields={[
            { label: 'Level', value: record.system.level },
            { label: 'Message', value: record.system.message },
          ]}
        />
      );
  }
}
