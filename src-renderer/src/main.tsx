// Start-up: pick the transport once, make the stores around it, start them, render.
// The theme and the frame first, so the features' own styles come after them in the bundle.
import './styles/theme.css';
import './styles/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { pickTransport } from './bridge';
import { createStores } from './stores/create-stores';
import { StoresProvider } from './stores/stores-context';

const transport = pickTransport();
const stores = createStores(transport.bridge, transport.connection);
// Started here rather than in an effect: StrictMode would start them twice in development.
stores.start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <StoresProvider stores={stores}>
      <App />
    </StoresProvider>
  </StrictMode>,
);
