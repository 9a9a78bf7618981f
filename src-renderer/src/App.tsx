// The window: header on top; below it the workspace (features/workbench/Workspace.tsx): the tools
// (contacts, users, inbound, collections, simulator) as tabs on the left, the request composer (or
// the open scenario, or the runner) in the middle and the event log on the right, each two with a
// splitter between them; a status bar with facts about the engine at the bottom.
import { SaveToCollectionHost } from './features/collections/SaveToCollectionDialog';
import { ConnectionBanner } from './features/header/ConnectionBanner';
import { Header } from './features/header/Header';
import { StatusBar } from './features/header/StatusBar';
import { Workspace } from './features/workbench/Workspace';

export function App() {
  return (
    <SaveToCollectionHost>
      <div className="app">
        <Header />
        <ConnectionBanner />
        <Workspace />
        <StatusBar />
      </div>
    </SaveToCollectionHost>
  );
}
