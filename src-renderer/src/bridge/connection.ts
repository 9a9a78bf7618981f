// The state of the link to the engine, which the header shows. The Electron preload is always
// connected (the engine lives in the same app); the WebSocket transport can drop and come back.

export type ConnectionState =
  | { status: 'connecting' }
  | { status: 'connected' }
  /** The socket dropped; `retryInMs` is the wait before the next attempt. */
  | { status: 'reconnecting'; attempt: number; retryInMs: number; reason: string };

export interface Connection {
  current(): ConnectionState;
  /** Calls the listener on every change; returns the unsubscribe function. */
  subscribe(listener: (state: ConnectionState) => void): () => void;
}

export const alwaysConnected: Connection = {
  current: () => ({ status: 'connected' }),
  subscribe: () => () => undefined,
};
