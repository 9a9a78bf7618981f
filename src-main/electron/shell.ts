// The Electron shell, start to quit: single-instance lock, the app scheme, session rules, the
// embedded sandbox and the engine (through the start-up every host shares, host-start/), the IPC
// transport, the menu and the window. Everything it touches comes from `electron` or from `deps`,
// so a test can run it against a stand-in electron module.
import { errorText } from '../../src-shared/contract/errors';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import type { Core, CoreHost, SettingsStore } from '../core/index';
import { startHostEngine } from '../host-start/start-host-engine';
import type { RunningSandbox } from '../sandbox/index';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { appLocation, devServerToUse, isWebUrl, outDir, preloadPath, rendererDir } from './app-url';
import { externalOpener } from './external-opener';
import { forwardEvents, registerCommands, senderCheck } from './ipc';
import { menuTemplate } from './menu';
import { registerSaveExport } from './save-export';
import { menuActions } from './menu-actions';
import { safeStorageSealer } from './secrets';
import { secureSession } from './security';
import { createMainWindow, focusWindow } from './window';
import { rememberWindowState, restoreWindowState, WINDOW_STATE_KEY } from './window-state';

/** What the shell uses of the running sandbox. */
export type ShellSandbox = Pick<RunningSandbox, 'baseUrl' | 'apps' | 'close'> &
  Partial<Pick<RunningSandbox, 'stateFile'>>;

interface ShellDeps {
  createCore(host: CoreHost): Promise<Core>;
  /**
   * With the client secret it had last time (undefined: the sandbox makes one), keeping its state
   * in `stateFile` (in the data folder).
   */
  startSandbox(clientSecret: string | undefined, stateFile: string): Promise<ShellSandbox>;
  createSettings(): SettingsStore;
  /**
   * The default data folder: carry over an earlier version's folder into it the first time, once
   * the folder is locked (core/common/data-folder.ts).
   */
  carryOverOlderData?: boolean;
  /** import.meta.url of out/main/index.js: out/renderer and out/preload sit beside it. */
  mainModuleUrl: string;
  /** electron-vite's dev server, when running `electron-vite dev`. */
  devServerUrl?: string | undefined;
  /**
   * Asked for explicitly (`--tp-dev`, as `npm run dev` passes): only then is the dev server
   * loaded and are reload and the developer tools in the menu. Ignored in a packaged app.
   */
  development?: boolean;
  platform?: NodeJS.Platform;
  /** process.resourcesPath: where a packaged app's extra resources (the docs) are. */
  resourcesPath?: string | undefined;
}

interface RunningShell {
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
  registerAppScheme(protocol);
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
      `${errorText(err)}\n\nRun \`npm start\` from a terminal to see the details, or use the headless host (\`npm run serve\`).`,
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
  const platform = deps.platform ?? process.platform;
  const development = Boolean(deps.development) && !app.isPackaged;
  const devServerUrl = devServerToUse({
    devServerUrl: deps.devServerUrl,
    development,
    packaged: app.isPackaged,
  });
  if (deps.devServerUrl && !devServerUrl) {
    console.warn(
      `Ignoring ELECTRON_RENDERER_URL (${deps.devServerUrl}): the dev server is used only with --tp-dev ` +
        'in an unpackaged app, and only on loopback http. Showing the built renderer from out/ instead.',
    );
  }
  const location = appLocation(devServerUrl);
  const openLink = (url: string) => {
    if (isWebUrl(url)) void shell.openExternal(url);
  };
  serveAppScheme(protocol, rendererDir(out));
  secureSession(session.defaultSession);

  // The single-instance lock keeps a second window out; the data folder's lock keeps out the
  // headless host and the command line on the same folder.
  const engine = await startHostEngine<ShellSandbox>({
    dataDir: app.getPath('userData'),
    lock: {
      holder: 'the desktop app',
      advice:
        'Close the other one first (a headless host, or a command-line run with --profile), then open TP Inspector again.',
    },
    carryOverOlderData: deps.carryOverOlderData,
    settings: () => deps.createSettings(),
    secrets: safeStorageSealer(safeStorage, platform),
    startSandbox: ({ storedClientSecret, stateFile }) =>
      deps.startSandbox(storedClientSecret(), stateFile),
    // Without the sandbox the app still works against real platforms: say so and carry on.
    withoutSandbox: (err) => console.error('The embedded sandbox platform did not start:', err),
    appVersion: app.getVersion(),
    openExternal: externalOpener((url) => shell.openExternal(url)),
    createCore: (host) => deps.createCore(host),
    closeFailed: (part, err) => console.error(`Closing ${part} failed:`, err),
  });
  const { core, sandbox, settings, dataDir } = engine;
  if (engine.carriedOver) console.error(engine.carriedOver.words);

  const windows = () => {
    const w = getWindow();
    return w ? [w] : [];
  };
  const isTrusted = senderCheck(windows, location.isAppUrl);
  const forwarding = forwardEvents(core, windows);
  const unregister = registerCommands(ipcMain, core, isTrusted, forwarding.flush);
  const unregisterSave = registerSaveExport(
    ipcMain,
    core,
    isTrusted,
    {
      // Modal to the window when there is one.
      showSaveDialog: (options) => {
        const w = getWindow();
        return w ? dialog.showSaveDialog(w, options) : dialog.showSaveDialog(options);
      },
    },
    () => app.getPath('downloads'),
  );

  const appName = app.getName();
  const actions = menuActions({
    out,
    packaged: app.isPackaged,
    resourcesPath: deps.resourcesPath,
    appName,
    version: app.getVersion(),
    dataDir,
    window: getWindow,
  });
  app.setAboutPanelOptions({ applicationName: appName, applicationVersion: app.getVersion() });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(menuTemplate({ platform, appName, development, actions })),
  );

  const open = () => {
    const workAreas = screen.getAllDisplays().map((d) => d.workArea);
    const state = restoreWindowState(settings.get(WINDOW_STATE_KEY), workAreas);
    const w = createMainWindow(preloadPath(out), location, openLink, state);
    rememberWindowState(w, settings);
    w.on('closed', () => setWindow(null));
    setWindow(w);
  };
  open();
  app.on('activate', () => {
    if (!getWindow()) open();
  });
  app.on('window-all-closed', () => {
    // macOS apps stay in the dock without windows; elsewhere closing the window ends the app.
    if (platform !== 'darwin') app.quit();
  });

  let closing: Promise<void> | null = null;
  const shutdown = () =>
    (closing ??= (async () => {
      forwarding.stop();
      unregister();
      unregisterSave();
      await engine.close();
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
