// Electron entry (built to out/main/index.js, ESM). The shell lives in ./electron; this file only
// hands it the real engine, sandbox and settings store.
import { app } from 'electron';
import { createCore, defaultDataDir } from './core/index';
import { startStableSandbox } from './sandbox/stable-port';
import { startShell } from './electron/shell';
import { electronSettings } from './electron/settings';

// The folder every host shares, whether the app was installed or started with `npm start` (whose
// folder Electron would name for the package): set before anything reads or locks it.
const dataDir = defaultDataDir();
app.setPath('userData', dataDir);

void startShell({
  createCore,
  carryOverOlderData: true,
  // On the port and with the secret it had last time, so a copy of the sandbox profile still works.
  // In the data folder, the state it had when the app last stopped or crashed.
  startSandbox: (clientSecret, stateFile) =>
    startStableSandbox(electronSettings(), {
      state_file: stateFile,
      ...(clientSecret !== undefined ? { apps: [{ client_secret: clientSecret }] } : {}),
    }),
  createSettings: electronSettings,
  mainModuleUrl: import.meta.url,
  devServerUrl: process.env['ELECTRON_RENDERER_URL'],
  // An explicit switch, not an environment variable a packaged app might inherit.
  development: process.argv.includes('--tp-dev'),
  resourcesPath: process.resourcesPath,
});
