// The window: header on top; below it the tools (contacts, users, inbound, simulator) as tabs on
// the left, the request composer (or the open scenario, or the runner) in the middle and the event log, the widest pane, on the right;
// a status bar with facts about the engine at the bottom.
import { EventLog } from './features/event-log/EventLog';
import { ConnectionBanner } from './features/header/ConnectionBanner';
import { Header } from './features/header/Header';
import { StatusBar } from './features/header/StatusBar';
import { CenterColumn } from './features/workbench/CenterColumn';
import { Sidebar } from './features/workbench/Sidebar';

export function App() {
  return (
    <div className="app">
      <Header />
      <ConnectionBanner />
      <main className="workspace">
        <Sidebar />
        <CenterColumn />
        <EventLog />
      </main>
      <StatusBar />
    </div>
  );
}
