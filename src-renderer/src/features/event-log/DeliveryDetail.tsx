// A delivery as the receiver captured it: whether its signature holds (and if not, what was
// expected over which bytes), what it is (classification), where it differs from the documented
// shape, whether it repeats an earlier one, the answer given, the data and the exact bytes, what
// the forward targets answered, and the replay actions.
import { FieldList, MapList } from '../../components/FieldList';
import type { DeliveryRecord } from '../../../../src-shared/contract';
import { signaturePrefix } from '../../../../src-shared/rules/signature-prefix';
import { SIGNATURE_OUTCOME_WORDS } from '../../../../src-shared/rules/signature-words';
import { durationMs } from '../../format';
import { BodyView } from './BodyView';
import { ForwardResults } from './ForwardResults';
import { JumpTo } from './JumpTo';
import { ReplayPanel } from './ReplayPanel';

export function DeliveryDetail({ record }: { record: DeliveryRecord }) {
  const d = record.delivery;
  const v = d.verification;
  const c = d.classification;
  const opt = (label: string, value: string | undefined, mono = true) =>
    value ? [{ label, value, mono }] : [];
  return (
    <div className="api-detail delivery-detail">
      <div className="api-meta">
        <h4>Signature</h4>
        <FieldList
          label="Signature"
          fields={[
            {
              label: 'Outcome',
              value: (
                <span className={`sig sig-${v.outcome}`}>{SIGNATURE_OUTCOME_WORDS[v.outcome]}</span>
              ),
            },
            { label: 'Method', value: v.method || '(none)', mono: true },
            { label: 'Explanation', value: v.explanation },
            ...opt('Signed bytes', v.over, false),
            ...opt('Received', d.form.signature ?? undefined),
            // Cut again here: a record from an older engine may carry the whole signature.
            ...opt('Expected (start)', v.expected && signaturePrefix(v.expected)),
          ]}
        />
        <h4>Classification</h4>
        <FieldList
          label="Classification"
          fields={[
            { label: 'Category', value: c.category },
            { label: 'Type', value: c.type || '(none)', mono: true },
            ...opt('msg_type', c.msgType),
            ...opt('Message id', c.messageId),
            ...opt('User', c.userId),
            ...opt('Room', c.roomId),
            ...opt('Contact', c.contactId),
          ]}
        />
        <h4>Shape</h4>
        {d.shapeIssues.length === 0 ? (
          <p className="quiet">
            {/* A refused request's data was never read, so there is no shape to vouch for. */}
            {d.error !== undefined
              ? 'Not checked: the request was refused before its data could be read.'
              : 'Matches the documented shape.'}
          </p>
        ) : (
          <ul className="shape-issues" aria-label="Shape flags">
            {d.shapeIssues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        )}
        {d.repeatOf !== undefined || d.replayOf !== undefined ? (
          <>
            <h4>Repeat</h4>
            {d.replayOf !== undefined ? (
              <p>
                A replay of <JumpTo seq={d.replayOf}>#{d.replayOf}</JumpTo>, sent from TP Inspector
                {d.replayEdit?.edited
                  ? d.replayEdit.resigned
                    ? ' with data edited and signed again with the profile’s secret.'
                    : ' with data edited and the old signature kept (to test rejection).'
                  : ' as captured.'}
              </p>
            ) : null}
            {/* A record written before replays stopped being told as repeats has both: the
                replay is what it is, not a retry. */}
            {d.repeatOf !== undefined && d.replayOf === undefined ? (
              <p>
                Repeats the message id of <JumpTo seq={d.repeatOf}>#{d.repeatOf}</JumpTo>: a retry
                or a replay (the signature has no timestamp, so only the id tells).
              </p>
            ) : null}
          </>
        ) : null}
        <h4>Request</h4>
        <FieldList
          label="Request"
          fields={[
            { label: 'Request', value: `${d.method} ${d.path}`, mono: true },
            {
              label: 'From',
              value: `${d.source.address}${d.source.port !== null ? `:${d.source.port}` : ''}`,
              mono: true,
            },
            { label: 'Received', value: d.receivedAt, mono: true },
            ...(d.error
              ? [{ label: 'Refused', value: <span className="text-error">{d.error}</span> }]
              : []),
          ]}
        />
        <h4>Request headers</h4>
        <MapList label="Request headers" map={d.headers} />
        <h4>Answer</h4>
        <FieldList
          label="Answer"
          fields={[
            {
              label: 'Status',
              value: d.response.late ? (
                <span className="status-late">{d.response.status} late</span>
              ) : (
                d.response.status
              ),
            },
            { label: 'Body', value: d.response.body, mono: true },
            { label: 'Delay', value: durationMs(d.response.delayMs) },
            { label: 'Why', value: d.response.reason },
            ...(d.response.late
              ? [
                  {
                    label: 'Too late',
                    value: <span className="status-late">{d.response.late}</span>,
                  },
                ]
              : []),
          ]}
        />
      </div>
      <div className="api-body">
        <h4>Data</h4>
        {d.form.data !== null ? (
          <BodyView
            name="delivery data"
            body={{
              encoding: 'utf8',
              text: d.form.data,
              size: new TextEncoder().encode(d.form.data).length,
            }}
          />
        ) : (
          <p className="quiet">No data field.</p>
        )}
        <h4>Request body</h4>
        {d.body ? (
          <BodyView name="request body" body={d.body} />
        ) : (
          <p className="quiet">Refused unread (over the size limit).</p>
        )}
        <h4>Forward results</h4>
        <ForwardResults deliverySeq={record.seq} />
        <h4>Replay</h4>
        <ReplayPanel record={record} />
      </div>
    </div>
  );
}
