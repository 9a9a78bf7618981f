// Picks the transport once, at start: the Electron preload's `window.tp` when present, otherwise
// the headless host's WebSocket on this same origin. The rest of the renderer sees a Bridge and a
// Connection and never knows which it got.
import type { Bridge } from '../../../src-shared/contract';
import { alwaysConnected, type Connection } from './connection';
import { httpSaveExport } from './export-download';
import { adaptPreloadBridge } from './preload-bridge';
import { createWsBridge, wsUrlFor } from './ws-bridge';

export type { Connection, ConnectionState } from './connection';

interface Transport {
  bridge: Bridge;
  connection: Connection;
  kind: 'electron' | 'websocket';
}

export function pickTransport(): Transport {
  if (window.tp) {
    return { bridge: adaptPreloadBridge(window.tp), connection: alwaysConnected, kind: 'electron' };
  }
  const ws = createWsBridge(wsUrlFor(window.location));
  // Exports come over HTTP, streamed as a download, beside the WebSocket.
  return {
    bridge: Object.assign(ws, { saveExport: httpSaveExport() }),
    connection: ws.connection,
    kind: 'websocket',
  };
}
