// The Electron IPC channel names: one `invoke` channel per command, one channel for all events,
// and one for saving an export to a file (Bridge.saveExport); how a pushed event message reads,
// and how it reaches the Bridge's listeners, on either transport.
// The sandboxed preload imports this file's values, and its bundle must not pull in zod (it cannot
// load it): so this file imports types only, and nothing that imports zod at runtime.
import type { CommandName } from './index';

export const ipcChannel = {
  command: (name: CommandName) => `tp:cmd:${name}`,
  event: 'tp:event',
  saveExport: 'tp:save-export',
} as const;

/**
 * The events one pushed message carries, in the order they happened: a WireEvent
 * (`{event, payload}`) is one, a WireEventBatch (`{event, payloads}`: the journal's new records,
 * grouped by host-start/log-batcher.ts for the WebSocket and the Electron window alike) is several.
 * The message may be the object or its JSON text (a batch comes as text: it is made of the
 * journal's lines, never parsed on the way). Null for anything else (a command's answer).
 */
export function eventsOf(message: unknown): { event: string; payloads: unknown[] } | null {
  let m = message;
  if (typeof m === 'string') {
    try {
      m = JSON.parse(m);
    } catch {
      return null;
    }
  }
  if (typeof m !== 'object' || m === null || !('event' in m)) return null;
  const { event, payload, payloads } = m as {
    event: unknown;
    payload?: unknown;
    payloads?: unknown;
  };
  if (typeof event !== 'string') return null;
  return { event, payloads: Array.isArray(payloads) ? payloads : [payload] };
}

type EventListener = (payload: unknown) => void;

/** The Bridge's event listeners, shared by both transports (the preload and the WebSocket). */
interface EventFanOut {
  /**
   * Adds a listener of `event`; returns its own unsubscribe, safe to call twice. The same function
   * added twice is two subscriptions, as with the engine's own events.
   */
  on(event: string, listener: EventListener): () => void;
  /**
   * Hands each event of a pushed message (see eventsOf) to its listeners: record by record, each
   * to every listener before the next, all within this one task (so the stores' updates make one
   * render). False when the message carried no event (a command's answer).
   */
  deliver(message: unknown): boolean;
}

interface EventFanOutHooks {
  /** A listener threw: the others still hear the event (this layer has no console of its own). */
  listenerFailed(event: string, err: unknown): void;
  /** The first listener came (the preload holds its one IPC listener only while someone listens). */
  first?(): void;
  /** The last listener went. */
  none?(): void;
}

export function eventFanOut(hooks: EventFanOutHooks): EventFanOut {
  // Each event's listeners, replaced (never changed in place) when one comes or goes: a delivery
  // walks the array it started with, with no copy per record (thousands of records a second).
  const listeners = new Map<string, readonly EventListener[]>();
  let count = 0;
  return {
    on(event, listener) {
      // Its own function per subscription, so each unsubscribe removes only its own.
      const own: EventListener = (payload) => listener(payload);
      listeners.set(event, [...(listeners.get(event) ?? []), own]);
      if (count++ === 0) hooks.first?.();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        listeners.set(
          event,
          (listeners.get(event) ?? []).filter((l) => l !== own),
        );
        if (--count === 0) hooks.none?.();
      };
    },
    deliver(message) {
      const events = eventsOf(message);
      if (!events) return false;
      for (const payload of events.payloads) {
        for (const listener of listeners.get(events.event) ?? []) {
          // A broken view must not stop the other listeners from hearing the event.
          try {
            listener(payload);
          } catch (err) {
            hooks.listenerFailed(events.event, err);
          }
        }
      }
      return true;
    },
  };
}
