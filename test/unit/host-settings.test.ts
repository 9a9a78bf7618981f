import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confSettings, defaultDataDir, resolveDataDir } from '../../src-main/headless/settings';

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

  it('uses --data-dir when given, else conf’s own folder for tp-inspector', () => {
    expect(resolveDataDir('rel/dir')).toBe(resolve('rel/dir'));
    const dflt = defaultDataDir();
    expect(resolveDataDir(undefined)).toBe(dflt);
    expect(dflt).toMatch(/tp-inspector/);
  });
});
