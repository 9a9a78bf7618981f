// The window: header on top, then the composer and the contact editor stacked on the left and the
// event log, the widest pane, on the right; a status bar with facts about the engine at the bottom.
import { ContactsPane } from './features/contacts/ContactsPane';
import { Composer } from './features/composer/Composer';
import { EventLog } from './features/event-log/EventLog';
import { ConnectionBanner } from './features/header/ConnectionBanner';
import { Header } from './features/header/Header';
import { StatusBar } from './features/header/StatusBar';

export function App() {
  return (
    <div className="app">
      <Header />
      <ConnectionBanner />
      <main className="workspace">
        <div className="column-left">
          <Composer />
          <ContactsPane />
        </div>
        <EventLog />
      </main>
      <StatusBar />
    </div>
  );
}
