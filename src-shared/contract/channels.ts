// The Electron IPC channel names: one `invoke` channel per command, one channel for all events,
// and one for saving an export to a file (Bridge.saveExport).
// The sandboxed preload imports this file's values, and its bundle must not pull in zod (it cannot
// load it): so this file imports types only, and nothing that imports zod at runtime.
import type { CommandName } from './index';

export const ipcChannel = {
  command: (name: CommandName) => `tp:cmd:${name}`,
  event: 'tp:event',
  saveExport: 'tp:save-export',
} as const;
