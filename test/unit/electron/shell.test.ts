// The Electron shell against a stand-in `electron` module: what the window may do, what the
// session allows, and who may call the engine over IPC. The real binary cannot run here; this
// drives the same code the binary would, through the same electron API calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CommandError,
  commands,
  eventsOf,
  ipcChannel,
  type CommandName,
} from '../../../src-shared/contract';
import type { Core } from '../../../src-main/core/core';
import { createEventEmitter, type CoreEventEmitter } from '../../../src-main/core/events';
import type { CoreHost } from '../../../src-main/core/host-interface';
import { memorySettings } from '../../helpers/memory-settings';
import { fake } from '../../helpers/fake-electron';
import type { ShellSandbox } from '../../../src-main/electron/shell';

vi.mock('electron', async () => (await import('../../helpers/fake-electron')).electronModule());

const { startShell } = await import('../../../src-main/electron/shell');
const { safeStorageSealer } = await import('../../../src-main/electron/secrets');
const { CONTENT_SECURITY_POLICY } = await import('../../../src-main/electron/csp');

const MAIN_URL = 'file:///opt/tp/out/main/index.js';
const APP_URL = 'tp-inspector://app/index.html';

interface Harness {
  core: Core & { events: CoreEventEmitter };
  dispatch: ReturnType<typeof vi.fn>;
  host: () => CoreHost;
  sandbox: ShellSandbox;
}

function harness(
  options: { createCoreFails?: boolean } = {},
): Harness & { deps: Parameters<typeof startShell>[0] } {
  let host: CoreHost | null = null;
  const dispatch = vi.fn(async (name: unknown, input: unknown) => ({ echoed: { name, input } }));
  const core = {
    dispatch,
    invoke: vi.fn(),
    events: createEventEmitter(),
    close: vi.fn(() => Promise.resolve()),
  } as unknown as Core & { events: CoreEventEmitter };
  const sandbox: ShellSandbox = {
    baseUrl: 'http://127.0.0.1:45678',
    apps: [
      {
        name: 'Acme Orders',
        client_id: 'acme-orders',
        client_secret: 's3cret',
        redirect_uri: 'http://127.0.0.1:47615/callback',
        scopes: ['basic', 'user_phone'],
        endpoint_url: 'http://127.0.0.1:1/endpoint',
        management_url: 'http://127.0.0.1:1/manage',
        directory_url: 'http://127.0.0.1:1/directory',
        signature_method: 'HMAC-SHA256',
        // The registration grows with the sandbox; the shell reads only the fields above.
      } as ShellSandbox['apps'][number],
    ],
    close: vi.fn(() => Promise.resolve()),
  };
  return {
    core,
    dispatch,
    sandbox,
    host: () => {
      if (!host) throw new Error('createCore was not called');
      return host;
    },
    deps: {
      createCore: async (h) => {
        host = h;
        if (options.createCoreFails) throw new Error('journal folder is read-only');
        return core;
      },
      // As startSandbox does: the sandbox keeps its state in the file it was given.
      startSandbox: async (_secret, stateFile) => ({ ...sandbox, stateFile }),
      createSettings: () => memorySettings(),
      mainModuleUrl: MAIN_URL,
      platform: 'linux',
    },
  };
}

async function started() {
  const h = harness();
  const shell = await startShell(h.deps);
  if (!shell) throw new Error('the shell did not start');
  const win = fake.state.windows[0];
  if (!win) throw new Error('no window was created');
  return { ...h, shell, win };
}

function invokeEvent(sender: unknown, frame: unknown) {
  return { sender, senderFrame: frame };
}

async function call(name: string, event: unknown, input: unknown = {}) {
  const handler = fake.state.handlers.get(ipcChannel.command(name as CommandName));
  if (!handler) throw new Error(`no handler for ${name}`);
  return handler(event, input);
}

beforeEach(() => fake.reset());

describe('single instance', () => {
  it('asks for the lock and quits without a window when another instance holds it', async () => {
    fake.state.lock = false;
    const h = harness();
    await expect(startShell(h.deps)).resolves.toBeNull();
    expect(fake.module.app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    expect(fake.module.app.quit).toHaveBeenCalled();
    expect(fake.state.windows).toHaveLength(0);
    expect(fake.state.handlers.size).toBe(0);
  });

  it('focuses the existing window when a second instance starts', async () => {
    const { win } = await started();
    expect(fake.module.app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    win.minimized = true;
    fake.state.app.emit('second-instance');
    expect(win.calls).toEqual(['restore', 'show', 'focus']);
  });
});

describe('the window', () => {
  it('runs its page isolated, sandboxed, without Node, with web security and our preload', async () => {
    const { win } = await started();
    const prefs = win.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: '/opt/tp/out/preload/index.cjs',
    });
    expect(win.loaded).toBe(APP_URL);
  });

  it('loads the dev server under --tp-dev when electron-vite names one, and trusts that origin only', async () => {
    const h = harness();
    await startShell({ ...h.deps, devServerUrl: 'http://localhost:5173/', development: true });
    const win = fake.state.windows[0]!;
    expect(win.loaded).toBe('http://localhost:5173/');
    const prevent = vi.fn();
    win.webContents.emit(
      'will-navigate',
      { preventDefault: prevent },
      'http://localhost:5173/#/log',
    );
    expect(prevent).not.toHaveBeenCalled();
    win.webContents.emit('will-navigate', { preventDefault: prevent }, 'http://localhost:5174/');
    expect(prevent).toHaveBeenCalledTimes(1);
  });

  it('ignores a dev-server URL without --tp-dev, off loopback http, or in a packaged app', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const [devServerUrl, development, packaged] of [
      ['http://localhost:5173/', false, false],
      ['https://evil.example/', true, false],
      ['http://192.168.1.9:5173/', true, false],
      ['http://localhost:5173/', true, true],
    ] as const) {
      fake.reset();
      fake.module.app.isPackaged = packaged;
      await startShell({ ...harness().deps, devServerUrl, development });
      const label = `${devServerUrl} development=${development} packaged=${packaged}`;
      expect(fake.state.windows[0]?.loaded, label).toBe(APP_URL);
      expect(warn.mock.calls.at(-1)?.join(' '), label).toMatch(
        /Ignoring ELECTRON_RENDERER_URL.*--tp-dev/,
      );
    }
    warn.mockRestore();
  });

  it('denies navigation away from the app, redirects included', async () => {
    const { win } = await started();
    for (const [event, url, denied] of [
      ['will-navigate', 'https://evil.example/', true],
      ['will-navigate', 'file:///etc/passwd', true],
      ['will-navigate', 'file:///opt/tp/out/renderer/index.html', true],
      ['will-navigate', 'tp-inspector://elsewhere/index.html', true],
      ['will-navigate', `${APP_URL.replace('index.html', 'other.html')}`, false],
      ['will-navigate', `${APP_URL}#/contacts`, false],
      ['will-redirect', 'http://127.0.0.1:1/', true],
    ] as const) {
      const preventDefault = vi.fn();
      win.webContents.emit(event, { preventDefault }, url);
      expect(preventDefault.mock.calls.length, `${event} ${url}`).toBe(denied ? 1 : 0);
    }
    const attach = vi.fn();
    win.webContents.emit('will-attach-webview', { preventDefault: attach });
    expect(attach).toHaveBeenCalled();
  });

  it('denies window.open and sends web links to the system browser only', async () => {
    const { win } = await started();
    const open = win.webContents.windowOpenHandler!;
    expect(open({ url: 'https://docs.example/api' })).toEqual({ action: 'deny' });
    expect(fake.module.shell.openExternal).toHaveBeenCalledWith('https://docs.example/api');
    fake.module.shell.openExternal.mockClear();
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'not a url',
    ]) {
      expect(open({ url })).toEqual({ action: 'deny' });
    }
    expect(fake.module.shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('the session', () => {
  it('sends the strict CSP on http(s) responses, replacing the server’s', async () => {
    await started();
    expect(fake.state.headersFilter).toEqual({ urls: ['http://*/*', 'https://*/*'] });
    let result: { responseHeaders: Record<string, string[]> } | null = null;
    fake.state.headersListener!(
      {
        responseHeaders: {
          'content-security-policy': ["default-src *; script-src 'unsafe-inline'"],
          'X-Keep': 'yes',
        },
      },
      (r) => (result = r as typeof result),
    );
    const headers = result!.responseHeaders;
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['X-Keep']).toEqual(['yes']);
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: https: http://127.0.0.1:* http://localhost:*",
      "connect-src 'self'",
      "font-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(CONTENT_SECURITY_POLICY.split('; ')).toContain(directive);
    }
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
  });

  it('denies every permission request and check', async () => {
    await started();
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read']) {
      const cb = vi.fn();
      fake.state.permissionRequest!({}, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
      expect(fake.state.permissionCheck!({}, permission, APP_URL, {})).toBe(false);
    }
  });
});

describe('the IPC transport', () => {
  it('registers one handler per contract command, the export saver, and nothing else', async () => {
    await started();
    const expected = [
      ...Object.keys(commands).map((name) => ipcChannel.command(name as CommandName)),
      ipcChannel.saveExport,
    ];
    expect([...fake.state.handlers.keys()].sort()).toEqual(expected.sort());
  });

  it('runs calls from the window’s main frame and wraps the output in an envelope', async () => {
    const { win, dispatch } = await started();
    const event = invokeEvent(win.webContents, win.webContents.mainFrame);
    await expect(call('profiles.list', event, {})).resolves.toEqual({
      ok: true,
      output: { echoed: { name: 'profiles.list', input: {} } },
    });
    expect(dispatch).toHaveBeenCalledWith('profiles.list', {});
  });

  it('returns a CommandError as its shape, and any other failure as an internal one', async () => {
    const { win, dispatch } = await started();
    const event = invokeEvent(win.webContents, win.webContents.mainFrame);
    const issues = [{ path: 'limit', message: 'Too big' }];
    dispatch.mockRejectedValueOnce(
      new CommandError({ code: 'invalid_input', message: 'bad limit', issues }),
    );
    await expect(call('log.list', event, { limit: 1e9 })).resolves.toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'bad limit', issues },
    });
    dispatch.mockRejectedValueOnce(new TypeError('boom'));
    const res = (await call('log.list', event)) as {
      ok: boolean;
      error: { code: string; message: string };
    };
    expect(res.ok).toBe(false);
    expect(res.error.code).toBe('internal');
    expect(res.error.message).toContain('boom');
  });

  it('refuses calls from a subframe, another page, another window or a vanished frame', async () => {
    const { win, dispatch } = await started();
    const wc = win.webContents;
    const otherContents = new fake.FakeWebContents();
    otherContents.mainFrame.url = APP_URL;
    const cases = [
      invokeEvent(wc, new fake.FakeFrame(APP_URL)), // a subframe with our URL
      invokeEvent(otherContents, otherContents.mainFrame), // another webContents
      invokeEvent(wc, null), // frame gone
    ];
    for (const event of cases) {
      const res = (await call('app.info', event)) as {
        ok: boolean;
        error: { code: string; message: string };
      };
      expect(res.ok).toBe(false);
      expect(res.error.message).toMatch(/Refused/);
    }
    // The main frame itself, once navigated to a foreign page.
    wc.mainFrame.url = 'https://evil.example/';
    const res = (await call('app.info', invokeEvent(wc, wc.mainFrame))) as { ok: boolean };
    expect(res.ok).toBe(false);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('forwards core events to the live window only', async () => {
    const { win, core } = await started();
    const state = { activeProfileId: 'p1', profiles: [] };
    core.events.emit('profiles.changed', state);
    expect(win.webContents.sent).toEqual([
      [ipcChannel.event, { event: 'profiles.changed', payload: state }],
    ]);
    win.destroyed = true;
    core.events.emit('profiles.changed', state);
    expect(win.webContents.sent).toHaveLength(1);
  });

  it('sends journal records grouped, in order, before any later event or answer', async () => {
    const { win, core } = await started();
    const record = (seq: number) => ({ seq, kind: 'system', summary: `record ${seq}` });
    const sent = () => win.webContents.sent.map(([, message]) => eventsOf(message));
    for (const seq of [1, 2, 3]) core.events.emit('log.appended', record(seq) as never);
    // Nothing yet: they wait for the end of this turn, then go as one message.
    expect(win.webContents.sent).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(win.webContents.sent).toHaveLength(1);
    expect(typeof win.webContents.sent[0]![1]).toBe('string');
    expect(sent()).toEqual([{ event: 'log.appended', payloads: [1, 2, 3].map(record) }]);
    // Another event flushes the records before it, so it never overtakes them.
    core.events.emit('log.appended', record(4) as never);
    core.events.emit('profiles.changed', { activeProfileId: 'p1', profiles: [] });
    expect(sent().slice(1)).toEqual([
      { event: 'log.appended', payloads: [record(4)] },
      { event: 'profiles.changed', payloads: [{ activeProfileId: 'p1', profiles: [] }] },
    ]);
    // So does a command's answer: what it counted reached the page before it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    core.events.emit('log.appended', record(5) as never);
    expect(win.webContents.sent).toHaveLength(3);
    await call('profiles.list', invokeEvent(win.webContents, win.webContents.mainFrame));
    expect(sent()[3]).toEqual({ event: 'log.appended', payloads: [record(5)] });
  });
});

describe('the host given to the engine', () => {
  it('maps the embedded sandbox’s registration and the app paths', async () => {
    const { host } = await started();
    expect(host().appVersion).toBe('9.8.7');
    expect(host().paths.dataDir).toBe(fake.state.userData);
    // Its state in the data folder, so the engine stores the tokens it issues.
    expect(host().sandbox).toEqual({
      baseUrl: 'http://127.0.0.1:45678',
      keepsState: true,
      app: {
        name: 'Acme Orders',
        clientId: 'acme-orders',
        clientSecret: 's3cret',
        redirectUri: 'http://127.0.0.1:47615/callback',
        scopes: ['basic', 'user_phone'],
        endpointUrl: 'http://127.0.0.1:1/endpoint',
        managementUrl: 'http://127.0.0.1:1/manage',
        directoryUrl: 'http://127.0.0.1:1/directory',
        // Read from the app when asked (the Simulator may change it): the endpoint check signs so.
        signatureMethod: 'HMAC-SHA256',
      },
    });
  });

  it('opens http(s) URLs in the system browser and refuses other schemes', async () => {
    const { host } = await started();
    await host().openExternal('http://127.0.0.1:45678/oauth/authorize?x=1');
    expect(fake.module.shell.openExternal).toHaveBeenCalledWith(
      'http://127.0.0.1:45678/oauth/authorize?x=1',
    );
    await expect(host().openExternal('file:///bin/sh')).rejects.toThrow(/Only http and https/);
    expect(fake.module.shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('seals secrets when a real keyring backs safeStorage', async () => {
    const { host } = await started();
    const secrets = host().secrets;
    expect(secrets.available).toBe(true);
    const sealed = secrets.seal('client-secret');
    expect(Buffer.from(sealed, 'base64').toString()).toBe('enc:client-secret');
    expect(secrets.unseal(sealed)).toBe('client-secret');
  });
});

describe('safeStorage rules', () => {
  it('counts Linux basic_text as no secret storage at all', () => {
    fake.state.safeStorage.backend = 'basic_text';
    const sealer = safeStorageSealer(fake.module.safeStorage as never, 'linux');
    expect(sealer.available).toBe(false);
    expect(sealer.explanation).toMatch(/keyring/);
    expect(sealer.explanation).toMatch(/memory/);
    expect(() => sealer.seal('x')).toThrow();
  });

  it('counts unavailable encryption as none', () => {
    fake.state.safeStorage.available = false;
    const sealer = safeStorageSealer(fake.module.safeStorage as never, 'win32');
    expect(sealer.available).toBe(false);
    expect(sealer.explanation).toMatch(/memory/);
  });

  it('accepts a Linux keyring backend and names it', () => {
    fake.state.safeStorage.backend = 'kwallet6';
    const sealer = safeStorageSealer(fake.module.safeStorage as never, 'linux');
    expect(sealer.available).toBe(true);
    expect(sealer.explanation).toMatch(/KWallet/);
  });

  it('asks for the backend on Linux only', () => {
    const sealer = safeStorageSealer(fake.module.safeStorage as never, 'darwin');
    expect(sealer.available).toBe(true);
    expect(sealer.explanation).toMatch(/Keychain/);
    expect(fake.module.safeStorage.getSelectedStorageBackend).not.toHaveBeenCalled();
  });
});

describe('start and quit', () => {
  it('closes the engine and the sandbox before quitting', async () => {
    const { core, sandbox } = await started();
    const preventDefault = vi.fn();
    fake.state.app.emit('will-quit', { preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fake.module.app.quit).toHaveBeenCalled());
    expect(core.close).toHaveBeenCalledTimes(1);
    expect(sandbox.close).toHaveBeenCalledTimes(1);
    expect(fake.state.handlers.size).toBe(0);
    // The second will-quit (from app.quit above) goes through.
    const again = vi.fn();
    fake.state.app.emit('will-quit', { preventDefault: again });
    expect(again).not.toHaveBeenCalled();
  });

  it('quits when the window closes (not on macOS)', async () => {
    await started();
    fake.state.app.emit('window-all-closed');
    expect(fake.module.app.quit).toHaveBeenCalled();
  });

  it('tells the user and exits when the engine cannot start', async () => {
    const h = harness({ createCoreFails: true });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(startShell(h.deps)).resolves.toBeNull();
    spy.mockRestore();
    expect(fake.module.dialog.showErrorBox).toHaveBeenCalledWith(
      'TP Inspector could not start',
      expect.stringContaining('journal folder is read-only'),
    );
    expect(fake.module.app.exit).toHaveBeenCalledWith(1);
    expect(h.sandbox.close).toHaveBeenCalled();
    expect(fake.state.windows).toHaveLength(0);
  });
});

// Starts a real engine and sandbox and makes a grant: as slow as an integration test on a busy
// machine, so it gets the integration project's time.
describe('with the real engine and sandbox', { timeout: 30_000 }, () => {
  it('answers commands from the window over the IPC envelope', async () => {
    const { createCore } = await import('../../../src-main/core/index');
    const { startSandbox } = await import('../../../src-main/sandbox/index');
    const dir = mkdtempSync(join(tmpdir(), 'tp-shell-'));
    fake.state.userData = dir;
    const shell = await startShell({
      createCore,
      startSandbox: () => startSandbox(),
      createSettings: () => memorySettings(),
      mainModuleUrl: MAIN_URL,
      platform: 'linux',
    });
    try {
      expect(shell).not.toBeNull();
      const win = fake.state.windows[0]!;
      const event = invokeEvent(win.webContents, win.webContents.mainFrame);
      const info = (await call('app.info', event, {})) as {
        ok: boolean;
        output: {
          version: string;
          dataDir: string;
          sandboxUrl: string | null;
          secretStorage: { mode: string };
        };
      };
      expect(info.ok).toBe(true);
      expect(info.output).toMatchObject({
        version: '9.8.7',
        dataDir: dir,
        secretStorage: { mode: 'sealed' },
      });
      expect(info.output.sandboxUrl).toBe(shell!.sandbox?.baseUrl);
      const bad = (await call('log.list', event, { limit: 0 })) as {
        ok: boolean;
        error: { code: string; issues?: Array<{ path: string }> };
      };
      expect(bad.ok).toBe(false);
      expect(bad.error.code).toBe('invalid_input');
      expect(bad.error.issues?.[0]?.path).toBe('limit');
      // A real grant against the embedded sandbox; its journal records reach the window as events.
      const token = (await call('auth.getAppToken', event, {})) as {
        ok: boolean;
        output: { preview: string };
      };
      expect(token.ok).toBe(true);
      // Sent before the answer (grouped, as the preload reads them).
      const kinds = win.webContents.sent
        .filter(([channel]) => channel === ipcChannel.event)
        .map(([, message]) => eventsOf(message))
        .filter((m) => m?.event === 'log.appended')
        .flatMap((m) => m!.payloads as Array<{ kind?: string }>)
        .map((r) => r.kind);
      expect(kinds).toContain('api');
    } finally {
      await shell?.shutdown();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
