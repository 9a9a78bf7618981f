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
import type { Core } from '../core/core';

export type IpcEnvelope = { ok: true; output: unknown } | { ok: false; error: CommandErrorShape };

/** Decides whether an IPC call really comes from our window's own page. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** What the transport needs of a window: BrowserWindow satisfies it. */
export interface WindowLike {
  isDestroyed(): boolean;
  webContents: WebContents;
}

export function commandNames(): CommandName[] {
  return Object.keys(commands) as CommandName[];
}

export const REFUSED_SENDER: CommandErrorShape = {
  code: 'forbidden',
  message:
    'Refused: this call did not come from TP Inspector’s own window. Only the app’s page may use the engine.',
};

/** Registers every contract command; returns the function that removes them again. */
export function registerCommands(
  ipcMain: IpcMain,
  core: Pick<Core, 'dispatch'>,
  isTrusted: SenderCheck,
) {
  const names = commandNames();
  for (const name of names) {
    ipcMain.handle(
      ipcChannel.command(name),
      async (event, input: unknown): Promise<IpcEnvelope> => {
        let trusted = false;
        try {
          trusted = isTrusted(event);
        } catch {
          trusted = false;
        }
        if (!trusted) return { ok: false, error: REFUSED_SENDER };
        try {
          return { ok: true, output: await core.dispatch(name, input) };
        } catch (err) {
          return { ok: false, error: toErrorShape(err) };
        }
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

/** Forwards every core event to the live windows; returns the unsubscribe function. */
export function forwardEvents(core: Pick<Core, 'events'>, windows: () => Iterable<WindowLike>) {
  return core.events.onAny((event: EventName, payload: unknown) => {
    for (const win of windows()) {
      if (win.isDestroyed()) continue;
      const contents = win.webContents;
      if (contents.isDestroyed() || contents.isCrashed()) continue;
      contents.send(ipcChannel.event, { event, payload });
    }
  });
}
