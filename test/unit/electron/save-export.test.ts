// The desktop app's export saver (src-main/electron/save-export.ts) with a stand-in ipcMain and
// save dialog: the dialog suggests the export's name in Downloads, the engine's pieces are written
// to the file chosen as they are made, a cancel writes nothing, a failure comes back in the
// envelope with its words, and a call from anywhere but the app's window is refused.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ipcChannel } from '../../../src-shared/contract';
import type { IpcEnvelope } from '../../../src-main/electron/ipc';
import { REFUSED_SENDER } from '../../../src-main/electron/ipc';
import { registerSaveExport, type SaveDialog } from '../../../src-main/electron/save-export';
import type { StreamedExport } from '../../../src-main/core/log/session-export';

const dir = mkdtempSync(join(tmpdir(), 'tp-save-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function setup(options: { chosen?: string | null; trusted?: boolean } = {}) {
  const handlers = new Map<string, (event: unknown, input: unknown) => Promise<IpcEnvelope>>();
  const ipcMain = {
    handle: vi.fn((channel: string, fn: never) => void handlers.set(channel, fn)),
    removeHandler: vi.fn((channel: string) => void handlers.delete(channel)),
  };
  const pulled = { chunks: 0 };
  const exportSession = vi.fn(async (): Promise<StreamedExport> => ({
    filename: 'tp-inspector-qa-run.html',
    mimeType: 'text/html',
    chunks: (async function* () {
      for (const chunk of ['<!doctype html>', '<p>one</p>', '<p>two</p>']) {
        pulled.chunks++;
        yield chunk;
      }
    })(),
  }));
  const dialog: SaveDialog = {
    showSaveDialog: vi.fn(async () =>
      options.chosen === null
        ? { canceled: true }
        : { canceled: false, filePath: options.chosen ?? join(dir, 'run.html') },
    ),
  };
  const unregister = registerSaveExport(
    ipcMain as never,
    { exportSession },
    () => options.trusted ?? true,
    dialog,
    () => '/home/qa/Downloads',
  );
  const save = (input: unknown) => handlers.get(ipcChannel.saveExport)!({}, input);
  return { handlers, unregister, save, dialog, exportSession, pulled };
}

describe('saving an export in the desktop app', () => {
  it('asks where, suggesting the name in Downloads, then writes the pieces there', async () => {
    const { save, dialog, exportSession, pulled } = setup();
    await expect(save({ format: 'html' })).resolves.toEqual({
      ok: true,
      output: { outcome: 'saved', path: join(dir, 'run.html'), bytes: 35 },
    });
    expect(exportSession).toHaveBeenCalledWith({ format: 'html' });
    expect(dialog.showSaveDialog).toHaveBeenCalledWith({
      title: 'Export session',
      defaultPath: join('/home/qa/Downloads', 'tp-inspector-qa-run.html'),
      filters: [{ name: 'HTML report', extensions: ['html'] }],
    });
    expect(pulled.chunks).toBe(3);
    expect(readFileSync(join(dir, 'run.html'), 'utf8')).toBe('<!doctype html><p>one</p><p>two</p>');
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const { save, pulled } = setup({ chosen: null });
    await expect(save({ format: 'html' })).resolves.toEqual({
      ok: true,
      output: { outcome: 'cancelled' },
    });
    expect(pulled.chunks).toBe(0);
  });

  it('answers a target it cannot write with what happened and what to do', async () => {
    const { save } = setup({ chosen: join(dir, 'no-such-folder', 'run.html') });
    await expect(save({ format: 'html' })).resolves.toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: `The folder ${join(dir, 'no-such-folder')} does not exist (any more), so nothing was saved. Pick a folder that exists.`,
      },
    });
  });

  it('refuses a caller that is not the app’s window, before anything is made', async () => {
    const { save, exportSession, dialog } = setup({ trusted: false });
    await expect(save({ format: 'html' })).resolves.toEqual({ ok: false, error: REFUSED_SENDER });
    expect(exportSession).not.toHaveBeenCalled();
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
  });

  it('removes its channel when the shell shuts down', () => {
    const { handlers, unregister } = setup();
    unregister();
    expect(handlers.has(ipcChannel.saveExport)).toBe(false);
  });
});
