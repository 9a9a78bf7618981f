// The one application window. Its page runs sandboxed, isolated from the preload, without Node.
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import type { AppLocation } from './app-url';
import { secureContents } from './security';
import { DEFAULT_SIZE, MIN_SIZE, type WindowState } from './window-state';

function windowOptions(
  preload: string,
  state: WindowState = { bounds: DEFAULT_SIZE, maximized: false },
): BrowserWindowConstructorOptions {
  return {
    ...state.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'TP Inspector',
    // Shown once painted, so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

export function createMainWindow(
  preload: string,
  location: AppLocation,
  openExternal: (url: string) => void,
  state?: WindowState,
): BrowserWindow {
  const win = new BrowserWindow(windowOptions(preload, state));
  secureContents(win.webContents, location, openExternal);
  win.once('ready-to-show', () => {
    if (state?.maximized) win.maximize();
    win.show();
  });
  void win.loadURL(location.url);
  return win;
}

/** Brings the window forward (a second launch, the dock icon). */
export function focusWindow(win: BrowserWindow | null): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
