// Start-up: pick the transport once, make the stores around it, start them, render.
// The theme and the frame first, so the features' own styles come after them in the bundle.
import './styles/theme.css';
import './styles/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { pickTransport } from './bridge';
import { createAuthStore } from './stores/auth-store';
import { createComposerHistoryStore } from './stores/composer-history-store';
import { createComposerResourcesStore } from './stores/composer-resources-store';
import { createComposerStore } from './stores/composer-store';
import { createContactsStore } from './stores/contacts-store';
import { createInboundStore } from './stores/inbound-store';
import { createLogStore } from './stores/log-store';
import { createProfilesStore } from './stores/profiles-store';
import { createSessionStore } from './stores/session-store';
import { createSimulatorStore } from './stores/simulator-store';
import { StoresProvider } from './stores/stores-context';

const transport = pickTransport();
const session = createSessionStore(transport.bridge, transport.connection);
const stores = {
  session,
  log: createLogStore(transport.bridge, transport.connection),
  auth: createAuthStore(transport.bridge, transport.connection, session),
  profiles: createProfilesStore(transport.bridge, session),
  contacts: createContactsStore(transport.bridge, transport.connection, session),
  inbound: createInboundStore(transport.bridge, transport.connection, session),
  composer: createComposerStore(transport.bridge, session),
  composerHistory: createComposerHistoryStore(transport.bridge, session),
  composerResources: createComposerResourcesStore(transport.bridge, session),
  simulator: createSimulatorStore(transport.bridge, transport.connection, session),
};
// Started here rather than in an effect: StrictMode would start them twice in development.
stores.session.start();
stores.log.start();
stores.auth.start();
stores.composer.start();
stores.composerHistory.start();
stores.composerResources.start();
stores.contacts.start();
stores.inbound.start();
stores.simulator.start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <StoresProvider stores={stores}>
      <App />
    </StoresProvider>
  </StrictMode>,
);
