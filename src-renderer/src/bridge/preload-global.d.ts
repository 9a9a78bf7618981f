// The Electron preload exposes the Bridge as `window.tp`; in a plain browser (headless host) it is
// absent and the renderer falls back to the WebSocket transport.
import type { Bridge } from '../../../src-shared/contract';

declare global {
  interface Window {
    tp?: Bridge;
  }
}

export {};
