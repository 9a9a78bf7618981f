// The contact editor's place. Until the contact-editor work lands it says so plainly, and where
// the sandbox platform runs, rather than showing controls that do nothing.
import { Pane } from '../../components/Pane';
import { useSession } from '../../stores/stores-context';

export function ContactsPane() {
  const sandboxUrl = useSession((s) => s.info?.sandboxUrl);
  return (
    <Pane title="Contact editor" className="pane-contacts">
      <p>
        Listing, editing and saving the app&apos;s contacts arrives with the contact-editor work.
        Nothing here changes contacts yet.
      </p>
      <p className="hint">
        Embedded sandbox platform:{' '}
        {sandboxUrl === undefined ? (
          '…'
        ) : sandboxUrl === null ? (
          'not running'
        ) : (
          <code className="mono">{sandboxUrl}</code>
        )}
      </p>
    </Pane>
  );
}
