// The Electron shell, start to quit: single-instance lock, session rules, the embedded sandbox,
// the engine, the IPC transport and the window. Everything it touches comes from `electron` or
// from `deps`, so a test can run it against a stand-in electron module.
import { app, BrowserWindow, dialog, ipcMain, safeStorage, session, shell } from 'electron';
import type { Core } from '../core/core';
import type { CoreHost, SettingsStore } from '../core/host-interface';
import type { RunningSandbox } from '../sandbox/index';
import { appLocation, isWebUrl, outDir, preloadPath } from './app-url';
import { electronHost } from './electron-host';
import { forwardEvents, registerCommands, senderCheck } from './ipc';
import { safeStorageSealer } from './secrets';
import { secureSession } from './security';
import { createMainWindow, focusWindow } from './window';

/** What the shell uses of the running sandbox. */
export type ShellSandbox = Pick<RunningSandbox, 'baseUrl' | 'apps' | 'close'>;

export interface ShellDeps {
  createCore(host: CoreHost): Promise<Core>;
  startSandbox(): Promise<ShellSandbox>;
  createSettings(): SettingsStore;
  /** import.meta.url of out/main/index.js: out/renderer and out/preload sit beside it. */
  mainModuleUrl: string;
  /** electron-vite's dev server, when running `electron-vite dev`. */
  devServerUrl?: string | undefined;
  platform?: NodeJS.Platform;
}

export interface RunningShell {
  core: Core;
  sandbox: ShellSandbox | null;
  window(): BrowserWindow | null;
  /** Closes the window's transport, the engine and the sandbox. Idempotent. */
  shutdown(): Promise<void>;
}

/**
 * Returns null when another instance already runs (it is asked to focus its window and this one
 * quits) or when start-up failed (the user was told why and the app exits).
 */
export async function startShell(deps: ShellDeps): Promise<RunningShell | null> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  let win: BrowserWindow | null = null;
  app.on('second-instance', () => focusWindow(win));

  try {
    await app.whenReady();
    return await launch(
      deps,
      () => win,
      (w) => (win = w),
    );
  } catch (err) {
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    console.error('TP Inspector could not start:', message);
    dialog.showErrorBox(
      'TP Inspector could not start',
      `${err instanceof Error ? err.message : String(err)}\n\nRun \`npm start\` from a terminal to see the details, or use the headless host (\`npm run serve\`).`,
    );
    app.exit(1);
    return null;
  }
}

async function launch(
  deps: ShellDeps,
  getWindow: () => BrowserWindow | null,
  setWindow: (w: BrowserWindow | null) => void,
): Promise<RunningShell> {
  const out = outDir(deps.mainModuleUrl);
  // A packaged app never loads a dev server, whatever the environment says.
  const location = appLocation(out, app.isPackaged ? undefined : deps.devServerUrl);
  const openLink = (url: string) => {
    if (isWebUrl(url)) void shell.openExternal(url);
  };
  secureSession(session.defaultSession);

  // Without the sandbox the app still works against real platforms: say so and carry on.
  let sandbox: ShellSandbox | null = null;
  try {
    sandbox = await deps.startSandbox();
  } catch (err) {
    console.error('The embedded sandbox platform did not start:', err);
  }

  const host = electronHost({
    appVersion: app.getVersion(),
    dataDir: app.getPath('userData'),
    settings: deps.createSettings(),
    secrets: safeStorageSealer(safeStorage, deps.platform ?? process.platform),
    openExternal: (url) => shell.openExternal(url),
    sandbox,
  });
  let core: Core;
  try {
    core = await deps.createCore(host);
  } catch (err) {
    await sandbox?.close().catch(() => undefined);
    throw err;
  }

  const windows = () => {
    const w = getWindow();
    return w ? [w] : [];
  };
  const unregister = registerCommands(ipcMain, core, senderCheck(windows, location.isAppUrl));
  const unforward = forwardEvents(core, windows);

  const open = () => {
    const w = createMainWindow(preloadPath(out), location, openLink);
    w.on('closed', () => setWindow(null));
    setWindow(w);
  };
  open();
  app.on('activate', () => {
    if (!getWindow()) open();
  });
  app.on('window-all-closed', () => {
    // macOS apps stay in the dock without windows; elsewhere closing the window ends the app.
    if ((deps.platform ?? process.platform) !== 'darwin') app.quit();
  });

  let closing: Promise<void> | null = null;
  const shutdown = () =>
    (closing ??= (async () => {
      unforward();
      unregister();
      await core.close().catch((err: unknown) => console.error('Closing the engine failed:', err));
      await sandbox
        ?.close()
        .catch((err: unknown) => console.error('Closing the sandbox failed:', err));
    })());

  // Quitting waits for the journal to flush and the sandbox to stop, then quits for real.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void shutdown().finally(() => {
      closed = true;
      app.quit();
    });
  });

  return { core, sandbox, window: getWindow, shutdown };
}
