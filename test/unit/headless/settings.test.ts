import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import Conf from 'conf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { olderDataDirs } from '../../../src-main/core/common/data-folder';
import { confSettings, defaultDataDir, resolveDataDir } from '../../../src-main/headless/settings';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'tp-settings-'));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('headless settings and data dir', () => {
  it('keeps settings in settings.json in the data dir, keys taken literally', () => {
    const settings = confSettings(tmp);
    settings.set('profiles.active', 'p1');
    settings.set('profiles', { list: [1] });
    expect(settings.get('profiles.active')).toBe('p1');
    expect(JSON.parse(readFileSync(join(tmp, 'settings.json'), 'utf8'))).toEqual({
      'profiles.active': 'p1',
      profiles: { list: [1] },
    });
    // A second store on the same folder (the next launch) reads it back.
    expect(confSettings(tmp).get('profiles')).toEqual({ list: [1] });
  });

  it('treats setting undefined as deleting, and deletes', () => {
    const settings = confSettings(tmp);
    settings.set('a', 1);
    settings.set('a', undefined);
    expect(settings.get('a')).toBeUndefined();
    settings.set('b', 2);
    settings.delete('b');
    expect(confSettings(tmp).get('b')).toBeUndefined();
  });

  it('uses --data-dir when given, else the default folder every host shares', () => {
    expect(resolveDataDir('rel/dir')).toBe(resolve('rel/dir'));
    expect(resolveDataDir(undefined)).toBe(defaultDataDir());
    // The folder the versions on conf used is among those an upgrade carries over.
    expect(olderDataDirs()).toContain(dirname(new Conf({ projectName: 'tp-inspector' }).path));
  });

  it('reads the file conf wrote, and writes one conf reads', async () => {
    const dir = await mkdtemp(join(tmp, 'conf-'));
    const conf = new Conf<Record<string, unknown>>({
      cwd: dir,
      projectName: 'tp-inspector',
      configName: 'settings',
      accessPropertiesByDotNotation: false,
    });
    conf.set('sandbox.port', 5873);
    const settings = confSettings(dir);
    expect(settings.get('sandbox.port')).toBe(5873);
    settings.set('profiles', [{ id: 'p1' }]);
    expect(conf.get('profiles')).toEqual([{ id: 'p1' }]);
    expect(conf.get('sandbox.port')).toBe(5873);
  });

  it('does not write the file again for a value it already holds', async () => {
    const dir = await mkdtemp(join(tmp, 'same-'));
    const settings = confSettings(dir);
    settings.set('sandbox.port', 5873);
    const file = join(dir, 'settings.json');
    const first = statSync(file).ino;
    settings.set('sandbox.port', 5873);
    settings.delete('absent');
    expect(statSync(file).ino).toBe(first);
    settings.set('sandbox.port', 5874);
    expect(statSync(file).ino).not.toBe(first);
  });

  it('sees what another process wrote since, and refuses a file that is not JSON', async () => {
    const dir = await mkdtemp(join(tmp, 'other-'));
    const settings = confSettings(dir);
    settings.set('a', 1);
    confSettings(dir).set('b', 2); // the `tp` command line on the same folder
    settings.set('c', 3);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({
      a: 1,
      b: 2,
      c: 3,
    });
    writeFileSync(join(dir, 'settings.json'), '{ torn');
    expect(() => settings.get('a')).toThrow(/settings\.json is not JSON/);
  });
});
