// A delivery sent on to a URL (forward-to, or a replay to a URL): which delivery, why, whether the
// data was edited or signed again, and the HTTP exchange with the target; or, when nothing was
// sent, why not.
import { FieldList } from '../../components/FieldList';
import type { ForwardRecord } from '../../../../src-shared/contract';
import { notForwardedWords } from '../../../../src-shared/rules/forward-words';
import { ApiDetail } from './ApiDetail';
import { JumpTo } from './JumpTo';

export function ForwardDetail({ record }: { record: ForwardRecord }) {
  const f = record.forward;
  if (f.notForwarded) {
    return (
      <FieldList
        label="Forward"
        fields={[
          { label: 'Delivery', value: <JumpTo seq={f.deliverySeq}>#{f.deliverySeq}</JumpTo> },
          { label: 'Target', value: f.exchange.url },
          { label: 'Outcome', value: notForwardedWords(f.notForwarded.reason) },
          { label: 'Why', value: f.notForwarded.explanation },
        ]}
      />
    );
  }
  return (
    <>
      <FieldList
        label="Forward"
        fields={[
          { label: 'Delivery', value: <JumpTo seq={f.deliverySeq}>#{f.deliverySeq}</JumpTo> },
          { label: 'Why', value: f.why === 'replay' ? 'replay to a URL' : 'forward-to target' },
          { label: 'Data', value: f.edited ? 'edited before sending' : 'as captured' },
          {
            label: 'Signature',
            value: f.resigned ? 'signed again with the profile’s secret' : 'as captured',
          },
          ...(f.late
            ? [{ label: 'Too late', value: <span className="status-late">{f.late}</span> }]
            : []),
        ]}
      />
      <ApiDetail
        api={f.exchange}
        sent={
          <>
            The body of delivery <JumpTo seq={f.deliverySeq}>#{f.deliverySeq}</JumpTo>
            {f.edited
              ? ', with its data edited' + (f.resigned ? ' and signed again' : ' (old signature)')
              : f.resigned
                ? ', signed again'
                : ', byte for byte'}
            .
          </>
        }
      />
    </>
  );
}
