// One default data folder for every host, and the data of an earlier version's folder carried over
// once, into a default folder that has none yet.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adoptOlderData,
  defaultDataDir,
  olderDataDirs,
} from '../../../../src-main/core/common/data-folder';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tp-data-folder-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function folderWith(dir: string, files: Record<string, string>, age = 0): string {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  if (age) {
    const then = new Date(Date.now() - age);
    utimesSync(join(dir, 'settings.json'), then, then);
  }
  return dir;
}

describe('the default data folder', () => {
  it('is the product’s folder in the OS’s application data, for every host', () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/ada' })).toBe(
      '/home/ada/.config/TP Inspector',
    );
    expect(
      defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' }, home: '/home/ada' }),
    ).toBe('/xdg/TP Inspector');
    expect(defaultDataDir({ platform: 'darwin', env: {}, home: '/Users/ada' })).toBe(
      '/Users/ada/Library/Application Support/TP Inspector',
    );
  });

  it('knows the folders earlier versions used: the headless host’s and npm start’s', () => {
    expect(olderDataDirs({ platform: 'linux', env: {}, home: '/home/ada' })).toEqual([
      '/home/ada/.config/tp-inspector-nodejs',
      '/home/ada/.config/tp-inspector',
    ]);
    expect(olderDataDirs({ platform: 'darwin', env: {}, home: '/Users/ada' })).toEqual([
      '/Users/ada/Library/Preferences/tp-inspector-nodejs',
      '/Users/ada/Library/Application Support/tp-inspector',
    ]);
  });
});

describe('carrying an earlier folder over', () => {
  it('copies the newest older folder’s data once, leaving it as it was and Chromium’s caches out', () => {
    const root = temp();
    const headless = folderWith(
      join(root, 'tp-inspector-nodejs'),
      { 'settings.json': '{"profiles.active":"staging"}', 'sessions/index.json': '{}' },
      1000,
    );
    const desktop = folderWith(
      join(root, 'tp-inspector'),
      { 'settings.json': '{"profiles.active":"old"}', 'GPUCache/data_0': 'x' },
      60_000,
    );
    const target = join(root, 'TP Inspector');

    const adopted = adoptOlderData(target, [headless, desktop]);

    expect(adopted?.from).toBe(headless);
    expect(adopted?.alsoFound).toEqual([desktop]);
    expect(adopted?.words).toContain(`copied from ${headless}`);
    expect(readFileSync(join(target, 'settings.json'), 'utf8')).toBe(
      '{"profiles.active":"staging"}',
    );
    expect(existsSync(join(target, 'sessions', 'index.json'))).toBe(true);
    expect(existsSync(join(headless, 'settings.json')), 'the older folder is kept').toBe(true);

    // Once: the default folder now has settings, so nothing is copied again.
    writeFileSync(join(headless, 'settings.json'), '{"profiles.active":"later"}');
    expect(adoptOlderData(target, [headless, desktop])).toBeNull();
    expect(readFileSync(join(target, 'settings.json'), 'utf8')).toContain('staging');
  });

  it('leaves Chromium’s caches and the lock behind', () => {
    const root = temp();
    const desktop = folderWith(join(root, 'tp-inspector'), {
      'settings.json': '{}',
      'GPUCache/data_0': 'x',
      'tp-inspector.lock': '{}',
      'journal.ndjson': '{"seq":1}\n',
    });
    const target = join(root, 'TP Inspector');
    adoptOlderData(target, [desktop]);
    expect(existsSync(join(target, 'journal.ndjson'))).toBe(true);
    expect(existsSync(join(target, 'GPUCache'))).toBe(false);
    expect(existsSync(join(target, 'tp-inspector.lock'))).toBe(false);
  });

  it('does nothing when no earlier folder has data', () => {
    const root = temp();
    expect(adoptOlderData(join(root, 'TP Inspector'), [join(root, 'none')])).toBeNull();
    expect(existsSync(join(root, 'TP Inspector'))).toBe(false);
  });
});
