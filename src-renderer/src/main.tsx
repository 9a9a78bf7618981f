// Start-up: pick the transport once, make the stores around it, start them, render.
// The theme and the frame first, so the features' own styles come after them in the bundle.
import './styles/theme.css';
import './styles/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { pickTransport } from './bridge';
import { createAuthStore } from './features/users/auth-store';
import { createComposerHistoryStore } from './features/composer/composer-history-store';
import { createComposerResourcesStore } from './features/composer/composer-resources-store';
import { createComposerStore } from './features/composer/composer-store';
import { createContactsStore } from './features/contacts/contacts-store';
import { createInboundStore } from './features/inbound/inbound-store';
import { createLogStore } from './features/event-log/log-store';
import { createProfilesStore } from './features/profiles/profiles-store';
import { createAppStore } from './features/header/app-store';
import { createSimulatorStore } from './features/simulator/simulator-store';
import { StoresProvider } from './stores/stores-context';

const transport = pickTransport();
const app = createAppStore(transport.bridge, transport.connection);
const stores = {
  app,
  log: createLogStore(transport.bridge, transport.connection),
  auth: createAuthStore(transport.bridge, transport.connection, app),
  profiles: createProfilesStore(transport.bridge, app),
  contacts: createContactsStore(transport.bridge, transport.connection, app),
  inbound: createInboundStore(transport.bridge, transport.connection, app),
  composer: createComposerStore(transport.bridge, app),
  composerHistory: createComposerHistoryStore(transport.bridge, app),
  composerResources: createComposerResourcesStore(transport.bridge, app),
  simulator: createSimulatorStore(transport.bridge, transport.connection, app),
};
// Started here rather than in an effect: StrictMode would start them twice in development.
stores.app.start();
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
