// A stand-in for the `electron` module, for unit tests of the Electron shell: the real binary
// cannot run here, so the tests drive the same code through the same electron API calls and read
// back what it registered (IPC handlers, the scheme, the menu, the window's options).
// Use: vi.mock('electron', async () => (await import('../helpers/fake-electron')).electronModule());
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/**
 * app.getPath('userData'): a real folder, since the shell locks its data folder (a file in it), and
 * one per test, since tests leave their shells running.
 */
let userDataCount = 0;
const freshUserData = () =>
  join(tmpdir(), `tp-fake-electron-userData-${process.pid}-${(userDataCount += 1)}`);

type Listener = (...args: unknown[]) => unknown;
type Rect = { x: number; y: number; width: number; height: number };

function createFake() {
  class Emitter {
    listeners = new Map<string, Listener[]>();
    on(name: string, fn: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
      return this;
    }
    once(name: string, fn: Listener) {
      return this.on(name, fn);
    }
    emit(name: string, ...args: unknown[]) {
      for (const fn of this.listeners.get(name) ?? []) fn(...args);
    }
    has(name: string) {
      return (this.listeners.get(name)?.length ?? 0) > 0;
    }
  }

  class FakeFrame {
    constructor(public url: string) {}
  }

  class FakeWebContents extends Emitter {
    mainFrame = new FakeFrame('');
    windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
    sent: Array<[string, unknown]> = [];
    destroyed = false;
    setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) {
      this.windowOpenHandler = fn;
    }
    send(channel: string, message: unknown) {
      this.sent.push([channel, message]);
    }
    isDestroyed() {
      return this.destroyed;
    }
    isCrashed() {
      return false;
    }
  }

  const state = {
    lock: true,
    windows: [] as FakeBrowserWindow[],
    handlers: new Map<string, Listener>(),
    app: new Emitter(),
    headersListener: null as null | ((d: unknown, cb: (r: unknown) => void) => void),
    headersFilter: null as unknown,
    permissionRequest: null as null | ((wc: unknown, p: string, cb: (ok: boolean) => void) => void),
    permissionCheck: null as null | ((...a: unknown[]) => boolean),
    safeStorage: {
      available: true,
      backend: 'gnome_libsecret',
    },
    userData: freshUserData(),
    privilegedSchemes: [] as unknown[],
    /** Whether app.whenReady had resolved when registerSchemesAsPrivileged was called. */
    schemesRegisteredAfterReady: false,
    ready: false,
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    menuTemplate: null as unknown[] | null,
    aboutPanel: null as unknown,
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] as Array<{
      workArea: Rect;
    }>,
    openedPaths: [] as string[],
    openPathFailure: '',
  };

  class FakeBrowserWindow extends Emitter {
    options: Record<string, unknown>;
    webContents = new FakeWebContents();
    loaded: string | null = null;
    destroyed = false;
    minimized = false;
    maximized = false;
    normalBounds: Rect = { x: 10, y: 20, width: 1400, height: 900 };
    calls: string[] = [];
    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      state.windows.push(this);
    }
    loadURL(url: string) {
      this.loaded = url;
      this.webContents.mainFrame.url = url;
      return Promise.resolve();
    }
    isDestroyed() {
      return this.destroyed;
    }
    isMinimized() {
      return this.minimized;
    }
    restore() {
      this.calls.push('restore');
    }
    show() {
      this.calls.push('show');
    }
    focus() {
      this.calls.push('focus');
    }
    maximize() {
      this.maximized = true;
      this.calls.push('maximize');
    }
    isMaximized() {
      return this.maximized;
    }
    getNormalBounds() {
      return this.normalBounds;
    }
  }

  const app = Object.assign(state.app, {
    requestSingleInstanceLock: vi.fn(() => state.lock),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: vi.fn(() => {
      state.ready = true;
      return Promise.resolve();
    }),
    isPackaged: false,
    getVersion: () => '9.8.7',
    getName: () => 'TP Inspector',
    setAboutPanelOptions: vi.fn((options: unknown) => void (state.aboutPanel = options)),
    getPath: (name: string) => (name === 'userData' ? state.userData : `/fake/${name}`),
  });

  const module = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain: {
      handle: vi.fn((channel: string, fn: Listener) => void state.handlers.set(channel, fn)),
      removeHandler: vi.fn((channel: string) => void state.handlers.delete(channel)),
    },
    session: {
      defaultSession: {
        webRequest: {
          onHeadersReceived: vi.fn(
            (filter: unknown, fn: (d: unknown, cb: (r: unknown) => void) => void) => {
              state.headersFilter = filter;
              state.headersListener = fn;
            },
          ),
        },
        setPermissionRequestHandler: vi.fn((fn: typeof state.permissionRequest) => {
          state.permissionRequest = fn;
        }),
        setPermissionCheckHandler: vi.fn((fn: typeof state.permissionCheck) => {
          state.permissionCheck = fn;
        }),
      },
    },
    shell: {
      openExternal: vi.fn(() => Promise.resolve()),
      openPath: vi.fn((path: string) => {
        state.openedPaths.push(path);
        return Promise.resolve(state.openPathFailure);
      }),
    },
    dialog: {
      showErrorBox: vi.fn(),
      showMessageBox: vi.fn((..._args: unknown[]) => Promise.resolve({ response: 0 })),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => {
        state.privilegedSchemes.push(...schemes);
        state.schemesRegisteredAfterReady = state.ready;
      }),
      handle: vi.fn((scheme: string, fn: (request: Request) => Promise<Response>) => {
        state.protocolHandlers.set(scheme, fn);
      }),
    },
    Menu: {
      buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
      setApplicationMenu: vi.fn((menu: { template: unknown[] } | null) => {
        state.menuTemplate = menu?.template ?? null;
      }),
    },
    screen: { getAllDisplays: () => state.displays },
    safeStorage: {
      isEncryptionAvailable: () => state.safeStorage.available,
      getSelectedStorageBackend: vi.fn(() => state.safeStorage.backend),
      encryptString: (plain: string) => Buffer.from(`enc:${plain}`),
      decryptString: (buf: Buffer) => buf.toString().replace(/^enc:/, ''),
    },
  };

  function reset() {
    state.lock = true;
    state.windows = [];
    state.handlers.clear();
    state.app.listeners.clear();
    state.headersListener = null;
    state.permissionRequest = null;
    state.permissionCheck = null;
    state.safeStorage = { available: true, backend: 'gnome_libsecret' };
    state.userData = freshUserData();
    state.privilegedSchemes = [];
    state.schemesRegisteredAfterReady = false;
    state.ready = false;
    state.protocolHandlers.clear();
    state.menuTemplate = null;
    state.aboutPanel = null;
    state.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
    state.openedPaths = [];
    state.openPathFailure = '';
    app.isPackaged = false;
    vi.clearAllMocks();
  }

  return { module, state, reset, FakeFrame, FakeWebContents };
}

export const fake = createFake();

/** The module object vi.mock('electron') answers with (named and default exports). */
// vi.mock's factory reaches it as `(await import(...)).electronModule()`, which the check misses.
// ts-unused-exports:disable-next-line
export function electronModule() {
  return { ...fake.module, default: fake.module };
}
