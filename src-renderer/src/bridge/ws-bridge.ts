// The Bridge over the headless host's WebSocket (same origin, path /ws; the host's HttpOnly cookie
// authenticates the upgrade). Requests are matched to responses by id; pushed events go to the
// listeners (a batch of them one by one, in order, within the one task, so the stores' updates
// make one render); when the socket drops, calls in flight fail with `transport_closed` and the client
// reconnects with backoff while the header says so.
import {
  CommandError,
  eventFanOut,
  WireResponse,
  type Bridge,
  type CommandName,
  type CommandOutput,
  type EventName,
  type WireHello,
} from '../../../src-shared/contract';
import { backoffDelay } from './backoff';
import type { Connection, ConnectionState } from './connection';

/** How long a call waits for the socket to (re)open before giving up. */
const OPEN_WAIT_MS = 10_000;

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: CommandError) => void;
}

export interface WsBridge extends Bridge {
  connection: Connection;
  close(): void;
}

export function wsUrlFor(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

function closedError(message: string): CommandError {
  return new CommandError({ code: 'transport_closed', message });
}

export function createWsBridge(url: string): WsBridge {
  let socket: WebSocket | null = null;
  let state: ConnectionState = { status: 'connecting' };
  let attempt = 0;
  let nextId = 1;
  let closedByUs = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, Pending>();
  const eventListeners = eventFanOut({
    listenerFailed: (event, err) => console.error(`listener for ${event} failed`, err),
  });
  const stateListeners = new Set<(s: ConnectionState) => void>();
  // Calls made while the socket is not open wait here for it.
  let openWaiters: Array<() => void> = [];

  function setState(next: ConnectionState) {
    state = next;
    for (const listener of [...stateListeners]) listener(next);
  }

  function connect() {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      // Grouped journal records: at thousands of deliveries a second, a message per record is a
      // task per record for the page.
      ws.send(JSON.stringify({ events: 'batched' } satisfies WireHello));
      attempt = 0;
      setState({ status: 'connected' });
      const waiters = openWaiters;
      openWaiters = [];
      for (const wake of waiters) wake();
    };
    ws.onmessage = (message) => onMessage(message.data);
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      for (const [id, call] of pending) {
        pending.delete(id);
        call.reject(
          closedError(
            'The connection to the engine dropped before it answered. Whether the command ran is unknown: check the event log once reconnected.',
          ),
        );
      }
      if (closedByUs) return;
      attempt += 1;
      const retryInMs = backoffDelay(attempt);
      const reason =
        event.reason || (event.code === 1006 ? 'connection lost' : `closed (${event.code})`);
      setState({ status: 'reconnecting', attempt, retryInMs, reason });
      retryTimer = setTimeout(connect, retryInMs);
    };
  }

  function onMessage(data: unknown) {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    // An event or a batch of them, heard as the Electron preload hears its own.
    if (eventListeners.deliver(parsed)) return;
    const response = WireResponse.safeParse(parsed);
    if (!response.success || response.data.id === null) return;
    const call = pending.get(response.data.id);
    if (!call) return;
    pending.delete(response.data.id);
    if (response.data.ok) call.resolve(response.data.output);
    else call.reject(new CommandError(response.data.error));
  }

  function waitForOpen(): Promise<void> {
    if (socket?.readyState === WebSocket.OPEN) return Promise.resolve();
    // Only the first connection is waited for; after a drop, say so at once rather than leave a
    // button spinning while the engine may be gone for good.
    if (state.status === 'reconnecting') {
      return Promise.reject(
        closedError(
          'Disconnected from the engine, so nothing was sent; the app is reconnecting. Try again once the header says connected. If the headless host was restarted, open the new address it printed.',
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        openWaiters = openWaiters.filter((w) => w !== wake);
        reject(
          closedError(
            'The engine is not reachable: the app keeps reconnecting. If the headless host was stopped, start it again and open its new address.',
          ),
        );
      }, OPEN_WAIT_MS);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      openWaiters.push(wake);
    });
  }

  connect();

  return {
    connection: {
      current: () => state,
      subscribe(listener) {
        stateListeners.add(listener);
        return () => void stateListeners.delete(listener);
      },
    },
    async invoke<K extends CommandName>(name: K, input: unknown): Promise<CommandOutput<K>> {
      await waitForOpen();
      const ws = socket;
      if (!ws) throw closedError('The connection to the engine dropped; reconnecting.');
      const id = nextId++;
      return new Promise<CommandOutput<K>>((resolve, reject) => {
        pending.set(id, { resolve: (o) => resolve(o as CommandOutput<K>), reject });
        ws.send(JSON.stringify({ id, command: name, input }));
      });
    },
    on<E extends EventName>(event: E, listener: (payload: never) => void) {
      return eventListeners.on(event, listener as (payload: unknown) => void);
    },
    close() {
      closedByUs = true;
      clearTimeout(retryTimer);
      socket?.close();
    },
  };
}
