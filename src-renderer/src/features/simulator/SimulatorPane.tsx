// The Simulator tab (only for the embedded sandbox's profile): play the sandbox's users through
// its /_sandbox/ API. Users, rooms and "Send as user" make things happen that the sandbox
// delivers to the app; the registration and the sandbox's own delivery attempts are below,
// folded, as they are looked at less often. Every action says its outcome in its section and is
// journaled, so it also lands in the Event log. The Clock moves the sandbox's time forward.
import { Pane } from '../../components/Pane';
import { useSimulator } from '../../stores/stores-context';
import { AppSection } from './AppSection';
import { ClockSection } from './ClockSection';
import { DeliveriesSection } from './DeliveriesSection';
import { RoomsSection } from './RoomsSection';
import { Section } from './Section';
import { SendSection } from './SendSection';
import { UsersSection } from './UsersSection';
import './simulator.css';

export function SimulatorPane() {
  const view = useSimulator((s) => s.view);
  const loading = useSimulator((s) => s.loading);
  const loadError = useSimulator((s) => s.loadError);
  const reload = useSimulator((s) => s.reload);
  return (
    <Pane
      title="Simulator"
      className="sim-pane pane-stack"
      aside={
        <button type="button" disabled={loading} onClick={() => void reload()}>
          {loading ? 'Reading…' : 'Reload'}
        </button>
      }
    >
      {loadError ? (
        <p className="error-text" role="alert">
          {loadError}
        </p>
      ) : null}
      {view ? (
        <>
          <p className="quiet sim-small">
            Plays the users of the sandbox at <span className="mono">{view.baseUrl}</span>.
          </p>
          <Section id="users" title="Users" note={`${view.users.length}`}>
            <UsersSection />
          </Section>
          <Section id="rooms" title="Rooms" note={`${view.rooms.length}`}>
            <RoomsSection />
          </Section>
          <Section id="send" title="Send as user">
            <SendSection />
          </Section>
          <Section id="clock" title="Clock">
            <ClockSection />
          </Section>
          <Section id="app" title="App registration" openAtStart={false}>
            <AppSection />
          </Section>
          <Section id="deliveries" title="Deliveries" openAtStart={false}>
            <DeliveriesSection />
          </Section>
        </>
      ) : loadError ? null : (
        <p className="quiet">Reading the sandbox…</p>
      )}
    </Pane>
  );
}
