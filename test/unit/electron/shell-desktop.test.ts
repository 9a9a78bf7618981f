// What a packaged desktop app needs of the shell, against the stand-in `electron`: the app scheme
// registered before ready and served after it, the menu of each platform, the Help menu's
// actions, and the window's bounds kept across launches.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { Core } from '../../../src-main/core/core';
import { createEventEmitter } from '../../../src-main/core/events';
import { fake } from '../../helpers/fake-electron';
import { memorySettings } from '../../helpers/memory-settings';

vi.mock('electron', async () => (await import('../../helpers/fake-electron')).electronModule());

const { startShell } = await import('../../../src-main/electron/shell');
const { WINDOW_STATE_KEY } = await import('../../../src-main/electron/window-state');

type Item = MenuItemConstructorOptions;

async function start(
  options: {
    platform?: NodeJS.Platform;
    development?: boolean;
    settings?: ReturnType<typeof memorySettings>;
    mainModuleUrl?: string;
  } = {},
) {
  const core = {
    dispatch: vi.fn(),
    invoke: vi.fn(),
    events: createEventEmitter(),
    close: vi.fn(() => Promise.resolve()),
  } as unknown as Core;
  const settings = options.settings ?? memorySettings();
  const shell = await startShell({
    createCore: async () => core,
    startSandbox: () => Promise.reject(new Error('no sandbox in this test')),
    createSettings: () => settings,
    mainModuleUrl: options.mainModuleUrl ?? 'file:///opt/tp/out/main/index.js',
    platform: options.platform ?? 'linux',
    development: options.development ?? false,
    resourcesPath: '/opt/tp/resources',
  });
  if (!shell) throw new Error('the shell did not start');
  return { shell, settings, win: fake.state.windows[0]! };
}

function menu(): Item[] {
  if (!fake.state.menuTemplate) throw new Error('no application menu was set');
  return fake.state.menuTemplate as Item[];
}

function submenu(label: string): Item[] {
  const top = menu().find((m) => m.label === label);
  if (!top)
    throw new Error(
      `no ${label} menu in ${menu()
        .map((m) => m.label)
        .join(', ')}`,
    );
  return top.submenu as Item[];
}

const roles = (items: Item[]) => items.filter((i) => i.role).map((i) => i.role);
const labels = (items: Item[]) => items.filter((i) => i.label).map((i) => i.label);

beforeEach(() => {
  fake.reset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the app scheme', () => {
  it('is registered as privileged before the app is ready, and served after', async () => {
    await start();
    expect(fake.state.privilegedSchemes).toEqual([
      {
        scheme: 'tp-inspector',
        privileges: { standard: true, secure: true, supportFetchAPI: true },
      },
    ]);
    expect(fake.state.schemesRegisteredAfterReady).toBe(false);
    expect([...fake.state.protocolHandlers.keys()]).toEqual(['tp-inspector']);
  });

  it('serves out/renderer through the registered handler, and nothing beside it', async () => {
    const out = mkdtempSync(join(tmpdir(), 'tp-out-'));
    mkdirSync(join(out, 'renderer'));
    mkdirSync(join(out, 'main'));
    writeFileSync(join(out, 'renderer', 'index.html'), '<title>TP Inspector</title>');
    writeFileSync(join(out, 'main', 'index.js'), 'the main process');
    try {
      await start({ mainModuleUrl: pathToFileURL(join(out, 'main', 'index.js')).href });
      const handler = fake.state.protocolHandlers.get('tp-inspector')!;
      const page = await handler(new Request(fake.state.windows[0]!.loaded!));
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<title>TP Inspector</title>');
      const outside = await handler(new Request('tp-inspector://app/..%2fmain%2findex.js'));
      expect(outside.status).toBe(400);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('the application menu', () => {
  it('on macOS: the app menu, Edit with the standard roles, no About in Help', async () => {
    await start({ platform: 'darwin' });
    expect(menu().map((m) => m.label)).toEqual([
      'TP Inspector',
      'File',
      'Edit',
      'View',
      'Window',
      'Help',
    ]);
    expect(roles(submenu('TP Inspector'))).toEqual([
      'about',
      'services',
      'hide',
      'hideOthers',
      'unhide',
      'quit',
    ]);
    expect(roles(submenu('Edit'))).toEqual([
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'pasteAndMatchStyle',
      'delete',
      'selectAll',
    ]);
    expect(roles(submenu('Window'))).toEqual(['minimize', 'zoom', 'front']);
    expect(labels(submenu('Help'))).toEqual([
      'User’s Guide',
      'Event Log Format',
      'Open Data Folder',
    ]);
    expect(fake.state.aboutPanel).toMatchObject({ applicationVersion: '9.8.7' });
  });

  it('on Windows and Linux: Quit under File, About with the version under Help', async () => {
    for (const platform of ['win32', 'linux'] as const) {
      fake.reset();
      await start({ platform });
      expect(
        menu().map((m) => m.label),
        platform,
      ).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
      expect(roles(submenu('File'))).toEqual(['quit']);
      expect(roles(submenu('Edit'))).toContain('paste');
      expect(roles(submenu('Edit'))).not.toContain('pasteAndMatchStyle');
      expect(roles(submenu('Window'))).toEqual(['minimize', 'close']);
      expect(labels(submenu('Help'))).toEqual([
        'User’s Guide',
        'Event Log Format',
        'Open Data Folder',
        'About TP Inspector',
      ]);
    }
  });

  it('has zoom and full screen in View, and reload and devtools only under --tp-dev', async () => {
    await start();
    expect(roles(submenu('View'))).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    fake.reset();
    await start({ development: true });
    expect(roles(submenu('View'))).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
    fake.reset();
    fake.module.app.isPackaged = true;
    await start({ development: true });
    expect(roles(submenu('View'))).not.toContain('toggleDevTools');
  });

  it('Help opens the guide, the event log format and the data folder', async () => {
    await start();
    const click = (label: string) => {
      const item = submenu('Help').find((i) => i.label === label)!;
      (item.click as () => void)();
    };
    click('User’s Guide');
    click('Event Log Format');
    click('Open Data Folder');
    await vi.waitFor(() => expect(fake.state.openedPaths).toHaveLength(3));
    expect(fake.state.openedPaths).toEqual([
      '/opt/tp/docs/guide.md',
      '/opt/tp/docs/journal.md',
      fake.state.userData,
    ]);
  });

  it('Help opens the docs shipped beside a packaged app, and says so when it cannot', async () => {
    fake.module.app.isPackaged = true;
    fake.state.openPathFailure = 'No application knows how to open .md files';
    await start();
    const guide = submenu('Help').find((i) => i.label === 'User’s Guide')!;
    (guide.click as () => void)();
    await vi.waitFor(() => expect(fake.module.dialog.showErrorBox).toHaveBeenCalled());
    expect(fake.state.openedPaths).toEqual(['/opt/tp/resources/docs/guide.md']);
    const [title, text] = fake.module.dialog.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toBe('TP Inspector could not open the user’s guide');
    expect(text).toMatch(
      /No application knows.*\n\nThe file is \/opt\/tp\/resources\/docs\/guide\.md/s,
    );
  });

  it('About shows the version and the data folder', async () => {
    await start();
    const about = submenu('Help').find((i) => i.label === 'About TP Inspector')!;
    (about.click as () => void)();
    const call = fake.module.dialog.showMessageBox.mock.calls[0]!;
    const options = call.at(-1) as { message: string; detail: string };
    expect(options.message).toBe('TP Inspector 9.8.7');
    expect(options.detail).toMatch(/Version 9\.8\.7/);
    expect(options.detail).toContain(`Data folder: ${fake.state.userData}`);
  });
});

describe('the window’s bounds', () => {
  it('are saved on close and restored, maximized included, at the next launch', async () => {
    const settings = memorySettings();
    const first = await start({ settings });
    first.win.normalBounds = { x: 300, y: 200, width: 1200, height: 760 };
    first.win.maximized = true;
    first.win.emit('close');
    expect(settings.get(WINDOW_STATE_KEY)).toEqual({
      x: 300,
      y: 200,
      width: 1200,
      height: 760,
      maximized: true,
    });
    fake.reset();
    const second = await start({ settings });
    expect(second.win.options).toMatchObject({ x: 300, y: 200, width: 1200, height: 760 });
    second.win.emit('ready-to-show');
    expect(second.win.calls).toEqual(['maximize', 'show']);
  });

  it('ignore a saved position on a screen that is no longer there', async () => {
    const settings = memorySettings();
    settings.set(WINDOW_STATE_KEY, { x: 2500, y: 100, width: 1200, height: 760, maximized: false });
    const { win } = await start({ settings });
    expect(win.options['x']).toBeUndefined();
    expect(win.options['y']).toBeUndefined();
    expect(win.options).toMatchObject({ width: 1200, height: 760 });
  });
});
