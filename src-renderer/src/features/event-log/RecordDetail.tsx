// The selected record in full. API calls get their own view; grants link to the HTTP call behind
// them; system notes show their level and message.
import { FieldList } from '../../components/FieldList';
import type { JournalRecord } from '../../contract';
import { clockTimeMs } from '../../format';
import { selectedRecord } from '../../stores/log-store';
import { useLog } from '../../stores/stores-context';
import { ApiDetail } from './ApiDetail';

export function RecordDetail() {
  const record = useLog(selectedRecord);
  return (
    <section className="log-detail" aria-label="Record detail">
      {record ? (
        <>
          <h3 className="detail-title">
            <span className="quiet">#{record.seq}</span> {record.summary}
          </h3>
          <p className="quiet detail-meta">
            {record.kind} · {clockTimeMs(record.at)} · {record.at}
          </p>
          <KindDetail record={record} />
        </>
      ) : (
        <p className="quiet">
          Select a record (arrow keys and Enter, or a click) to see it in full.
        </p>
      )}
    </section>
  );
}

function KindDetail({ record }: { record: JournalRecord }) {
  const select = useLog((s) => s.select);
  switch (record.kind) {
    case 'api':
      return <ApiDetail api={record.api} />;
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
            <button type="button" className="link" onClick={() => select(auth.apiSeq ?? null)}>
              Show the HTTP call (#{auth.apiSeq})
            </button>
          ) : null}
        </>
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
    default:
      // A kind this build has no view for yet (the journal outlives app versions): show it whole.
      return (
        <pre className="body-text mono" tabIndex={0}>
          {JSON.stringify(record as unknown, null, 2)}
        </pre>
      );
  }
}
