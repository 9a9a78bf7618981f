// The Electron transport of the contract: one ipcMain.handle per command, events pushed to the
// window. Electron's IPC serializes a rejected Error down to its message (the class, `code` and
// `issues` are lost), so handlers never reject: they resolve an envelope, `{ok: true, output}` or
// `{ok: false, error: CommandErrorShape}`, and the preload unwraps it into a thrown error the
// renderer turns back into a CommandError.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  commands,
  ipcChannel,
  toErrorShape,
  type CommandErrorShape,
  type CommandName,
  type EventName,
} from '../../src-shared/contract';
import type { Core } from '../core/index';
import { batchText, createLogBatcher } from '../host-start/log-batcher';

export type IpcEnvelope = { ok: true; output: unknown } | { ok: false; error: CommandErrorShape };

/** Decides whether an IPC call really comes from our window's own page. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** What the transport needs of a window: BrowserWindow satisfies it. */
interface WindowLike {
  isDestroyed(): boolean;
  webContents: WebContents;
}

function commandNames(): CommandName[] {
  return Object.keys(commands) as CommandName[];
}

export const REFUSED_SENDER: CommandErrorShape = {
  code: 'forbidden',
  message:
    'Refused: this call did not come from TP Inspector’s own window. Only the app’s page may use the engine.',
};

/** Whether the call came from the app's own window; a check that throws counts as no. */
export function fromTrustedSender(isTrusted: SenderCheck, event: IpcMainInvokeEvent): boolean {
  try {
    return isTrusted(event);
  } catch {
    return false;
  }
}

/** Registers every contract command; returns the function that removes them again. */
export function registerCommands(
  ipcMain: IpcMain,
  core: Pick<Core, 'dispatch'>,
  isTrusted: SenderCheck,
  /** Runs before each answer (EventForwarding.flush: records first, then what counted them). */
  beforeReply: () => void = () => undefined,
) {
  const names = commandNames();
  for (const name of names) {
    ipcMain.handle(
      ipcChannel.command(name),
      async (event, input: unknown): Promise<IpcEnvelope> => {
        if (!fromTrustedSender(isTrusted, event)) return { ok: false, error: REFUSED_SENDER };
        let envelope: IpcEnvelope;
        try {
          envelope = { ok: true, output: await core.dispatch(name, input) };
        } catch (err) {
          envelope = { ok: false, error: toErrorShape(err) };
        }
        beforeReply();
        return envelope;
      },
    );
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(ipcChannel.command(name));
  };
}

/**
 * A sender passes when it is the main frame of one of our windows and that frame shows our app:
 * not a subframe, not another window, not a page the window was somehow navigated to.
 */
export function senderCheck(
  windows: () => Iterable<WindowLike>,
  isAppUrl: (url: string) => boolean,
): SenderCheck {
  return (event) => {
    const frame = event.senderFrame;
    if (!frame) return false;
    for (const win of windows()) {
      if (win.isDestroyed()) continue;
      if (event.sender === win.webContents && frame === win.webContents.mainFrame) {
        return isAppUrl(frame.url);
      }
    }
    return false;
  };
}

interface EventForwarding {
  /** Sends the journal records still waiting: before a command's answer, so it comes after them. */
  flush(): void;
  /** Stops forwarding (the shell is closing); records still waiting are dropped. */
  stop(): void;
}

/**
 * Forwards every core event to the live windows. New journal records go grouped, as the headless
 * host sends them to its page (host-start/log-batcher.ts, the same batcher): at 2,000 deliveries a
 * second, a message per record is an IPC message and a task per record for the page. A group is
 * one message, the JSON text of a WireEventBatch made of the journal's lines, which the preload
 * reads with eventsOf like any other event message; any other event flushes the group first, so
 * nothing overtakes the records.
 */
export function forwardEvents(
  core: Pick<Core, 'events'>,
  windows: () => Iterable<WindowLike>,
): EventForwarding {
  const send = (message: unknown) => {
    for (const win of windows()) {
      if (win.isDestroyed()) continue;
      const contents = win.webContents;
      if (contents.isDestroyed() || contents.isCrashed()) continue;
      contents.send(ipcChannel.event, message);
    }
  };
  const records = createLogBatcher((lines) => send(batchText(lines)));
  const unsubscribe = core.events.onAny((event: EventName, payload: unknown, json?: string) => {
    if (event === 'log.appended') {
      // The line the journal wrote: no second serialisation.
      records.add(json ?? JSON.stringify(payload));
      return;
    }
    records.flush();
    send({ event, payload });
  });
  return {
    flush: () => records.flush(),
    stop() {
      unsubscribe();
      records.stop();
    },
  };
}
