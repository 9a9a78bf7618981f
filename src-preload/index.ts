// The preload: runs sandboxed, so it can require 'electron' and nothing else. It exposes the
// contract's Bridge as `window.tp` and nothing more: no ipcRenderer, no generic send.
// From the contract it takes types (they vanish at build time) and the channel names of
// channels.ts, which imports nothing at runtime: any other value of the contract would pull zod
// into this bundle, which a sandboxed preload cannot load.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  Bridge,
  CommandErrorShape,
  CommandInput,
  CommandName,
  CommandOutput,
  EventName,
  EventPayload,
  SavedExport,
} from '../src-shared/contract';
import { eventFanOut, ipcChannel } from '../src-shared/contract/channels';

type Envelope = { ok: true; output: unknown } | { ok: false; error: CommandErrorShape };

/** What a failed `invoke` rejects with: a plain object, see `unwrap`. */
type BridgeFailure = CommandErrorShape & { name: 'CommandError' };

function failure(shape: CommandErrorShape): BridgeFailure {
  return {
    name: 'CommandError',
    code: shape.code,
    message: shape.message,
    ...(shape.issues
      ? { issues: shape.issues.map((i) => ({ path: i.path, message: i.message })) }
      : {}),
  };
}

/**
 * Main answers every command with an envelope because Electron's IPC reduces a rejected Error to
 * its message. The failure is rethrown here as a plain object `{name: 'CommandError', code, message,
 * issues?}`, not an Error: contextBridge copies a thrown Error into the page as a new Error with the
 * message only (custom properties are dropped), while a plain object crosses intact. The renderer
 * rebuilds a CommandError from it (CommandErrorShape.safeParse).
 */
function unwrap(name: string, envelope: unknown): unknown {
  if (typeof envelope === 'object' && envelope !== null && 'ok' in envelope) {
    const e = envelope as Envelope;
    if (e.ok) return e.output;
    throw failure(e.error);
  }
  throw failure({ code: 'internal', message: `${name} got a reply the app does not understand.` });
}

// One IPC listener for every subscription, held while someone listens, so a message (a batch of
// journal records comes as JSON text) is read once, whoever listens.
const listeners = eventFanOut({
  listenerFailed: (event, err) => console.error(`listener for ${event} failed`, err),
  first: () => ipcRenderer.on(ipcChannel.event, onEvent),
  none: () => ipcRenderer.removeListener(ipcChannel.event, onEvent),
});
function onEvent(_e: IpcRendererEvent, message: unknown): void {
  listeners.deliver(message);
}

const bridge: Bridge = {
  async invoke<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>> {
    const envelope: unknown = await ipcRenderer.invoke(ipcChannel.command(name), input);
    return unwrap(name, envelope) as CommandOutput<K>;
  },
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    return listeners.on(event, (payload) => listener(payload as EventPayload<E>));
  },
  // Main shows the save dialog and writes the file: the export never crosses into the page.
  async saveExport(input: CommandInput<'sessions.export'>): Promise<SavedExport> {
    const envelope: unknown = await ipcRenderer.invoke(ipcChannel.saveExport, input);
    return unwrap('saveExport', envelope) as SavedExport;
  },
};

contextBridge.exposeInMainWorld('tp', bridge);
