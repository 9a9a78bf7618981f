// The receiver: where it listens, the URL to register as the app's endpoint (on the public URL
// while a tunnel is up), and the management and directory paths it serves for this profile.
import { BreakableUrl } from '../../components/BreakableUrl';
import { FieldList } from '../../components/FieldList';
import { activeProfile } from '../header/app-store';
import { useInbound, useApp } from '../../stores/stores-context';
import { CopyButton } from './CopyButton';
import { PortForm } from './PortForm';

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

export function ReceiverSection() {
  const status = useInbound((s) => s.status);
  const profile = useApp(activeProfile);
  if (!status) return <p className="quiet">Reading the receiver’s address…</p>;
  const { suggested } = status;
  const registered = profile?.endpointUrl ?? '';
  return (
    <>
      <FieldList
        label="Receiver"
        fields={[
          { label: 'Listening on', value: <BreakableUrl url={status.baseUrl} />, mono: true },
          {
            label: 'Delivery URL',
            mono: true,
            value: (
              <span className="url-line">
                <BreakableUrl url={suggested.endpointUrl} className="delivery-url" />
                <CopyButton value={suggested.endpointUrl} label="Copy the delivery URL" />
              </span>
            ),
          },
          { label: 'Management path', value: pathOf(suggested.managementUrl), mono: true },
          { label: 'Directory path', value: pathOf(suggested.directoryUrl), mono: true },
          {
            label: 'Public URL',
            mono: !!status.publicUrl,
            value: status.publicUrl ? (
              <BreakableUrl url={status.publicUrl} />
            ) : (
              <span className="quiet">none: no tunnel is up</span>
            ),
          },
        ]}
      />
      {registered && registered !== suggested.endpointUrl ? (
        <p className="hint">
          {profile?.name} is registered with <span className="mono">{registered}</span>
          {status.publicUrl
            ? '; register the delivery URL above to receive through the tunnel.'
            : '.'}
        </p>
      ) : null}
      <PortForm key={String(status.savedPort)} status={status} />
    </>
  );
}
