// Bridge.saveExport in the desktop app: the save dialog picks the file, then the engine's export
// is written to it as it is made (export-file.ts), so a session of any size saves without ever
// being one string, in main or in the page. Answered with ipc.ts's envelope, as commands are.
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import { ipcChannel, toErrorShape, type SavedExport } from '../../src-shared/contract';
import { writeExportFile, type Core } from '../core/index';
import { fromTrustedSender, REFUSED_SENDER, type IpcEnvelope, type SenderCheck } from './ipc';

/** What the handler uses of Electron's dialog (the real one, or a test's). */
export interface SaveDialog {
  showSaveDialog(options: {
    title: string;
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePath?: string | undefined }>;
}

const KIND: Record<string, string> = {
  ndjson: 'NDJSON journal',
  har: 'HAR archive',
  html: 'HTML report',
};

/** Registers the save-export channel; returns the function that removes it again. */
export function registerSaveExport(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  core: Pick<Core, 'exportSession'>,
  isTrusted: SenderCheck,
  dialog: SaveDialog,
  /** The folder the dialog opens in (Downloads). */
  folder: () => string,
  write: typeof writeExportFile = writeExportFile,
): () => void {
  ipcMain.handle(ipcChannel.saveExport, async (event, input: unknown): Promise<IpcEnvelope> => {
    if (!fromTrustedSender(isTrusted, event)) return { ok: false, error: REFUSED_SENDER };
    try {
      // Made first (its name is the dialog's suggestion); nothing is read until it is written.
      const made = await core.exportSession(input);
      const ext = made.filename.slice(made.filename.lastIndexOf('.') + 1);
      const chosen = await dialog.showSaveDialog({
        title: 'Export session',
        defaultPath: join(folder(), made.filename),
        filters: [{ name: KIND[ext] ?? ext.toUpperCase(), extensions: [ext] }],
      });
      if (chosen.canceled || !chosen.filePath) {
        return { ok: true, output: { outcome: 'cancelled' } satisfies SavedExport };
      }
      const { bytes } = await write(chosen.filePath, made.chunks);
      const output: SavedExport = { outcome: 'saved', path: chosen.filePath, bytes };
      return { ok: true, output };
    } catch (err) {
      return { ok: false, error: toErrorShape(err) };
    }
  });
  return () => ipcMain.removeHandler(ipcChannel.saveExport);
}
