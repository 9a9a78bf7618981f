// The Electron IPC channel names: one `invoke` channel per command, one channel for all events,
// and one for saving an export to a file (Bridge.saveExport); and how a pushed event message
// reads, on either transport.
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
 * grouped by headless/log-batcher.ts for the WebSocket and the Electron window alike) is several.
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
