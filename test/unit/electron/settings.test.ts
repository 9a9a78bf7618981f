// The electron-store settings adapter, its store in a temp dir standing for userData:
// keys are opaque (dots are not paths), undefined means delete, and values survive a reopen.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const dir = vi.hoisted(() => ({ path: '' }));
dir.path = mkdtempSync(join(tmpdir(), 'tp-settings-'));
afterAll(() => rmSync(dir.path, { recursive: true, force: true }));

// electron-store is loaded untransformed from node_modules, where vi.mock cannot reach its own
// `import electron`; so it is stood in for by what it is, Conf with its folder set to userData and
// the `name` option renamed the way electron-store does. The adapter's options reach Conf as given.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  class ElectronStore<T extends Record<string, unknown>> extends Conf<T> {
    constructor(options: { name?: string } & Record<string, unknown> = {}) {
      const { name, ...rest } = options;
      super({ ...rest, configName: name ?? 'config', cwd: dir.path, projectVersion: '1.2.3' });
    }
  }
  return { default: ElectronStore };
});

const { electronSettings } = await import('../../../src-main/electron/settings');

describe('electron-store settings', () => {
  it('keeps dotted keys whole, deletes on undefined, and persists in userData/settings.json', () => {
    const settings = electronSettings();
    settings.set('profiles.active', 'p1');
    settings.set('profiles', { list: [1, 2] });
    expect(settings.get('profiles.active')).toBe('p1');
    expect(settings.get('profiles')).toEqual({ list: [1, 2] });

    const onDisk = JSON.parse(readFileSync(join(dir.path, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(onDisk['profiles.active']).toBe('p1');

    settings.set('profiles.active', undefined);
    expect(settings.get('profiles.active')).toBeUndefined();
    settings.delete('profiles');

    settings.set('window', { width: 1200 });
    expect(electronSettings().get('window')).toEqual({ width: 1200 });
    expect(electronSettings().get('profiles')).toBeUndefined();
  });
});
