import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src-main/cli/args';
import { findCollection } from '../../../src-main/cli/collection-folder';
import { preflight } from '../../../src-main/cli/preflight';

const root = mkdtempSync(join(tmpdir(), 'tp-cli-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

// A collection (with collection.yaml) holding a sub-folder, and a loose folder without one.
write('col/collection.yaml', 'name: Demo\n');
write('col/a.yaml', 'steps:\n  - wait: 10ms\n');
write('col/sends/text.yaml', 'steps:\n  - wait: 1s\n');
write('loose/one.yaml', 'steps:\n  - wait: 1ms\n');
write('loose/notes.txt', 'not a scenario\n');
write('broken/collection.yaml', 'name: Broken\nvariable: {}\n');
write('broken/ok.yaml', 'steps:\n  - wait: 1ms\n');
write('broken/bad.yaml', 'name: x\nsteps:\n  - wait: 2x\n');
mkdirSync(join(root, 'empty'));

describe('findCollection', () => {
  it('runs all of a collection given its folder', async () => {
    expect(await findCollection('col', root)).toEqual({ folder: join(root, 'col') });
  });

  it('finds the collection above a file or a sub-folder, and runs just that', async () => {
    expect(await findCollection('col/sends/text.yaml', root)).toEqual({
      folder: join(root, 'col'),
      paths: ['sends/text.yaml'],
    });
    expect(await findCollection(join(root, 'col/sends'), '/')).toEqual({
      folder: join(root, 'col'),
      paths: ['sends'],
    });
    expect(await findCollection('col/collection.yaml', root)).toEqual({
      folder: join(root, 'col'),
    });
  });

  it('takes the folder given, or the file’s own folder, when no collection.yaml is above', async () => {
    expect(await findCollection('loose', root)).toEqual({ folder: join(root, 'loose') });
    expect(await findCollection('loose/one.yaml', root)).toEqual({
      folder: join(root, 'loose'),
      paths: ['one.yaml'],
    });
  });

  it('refuses a missing path and a file that is not YAML, saying what to give', async () => {
    await expect(findCollection('nowhere', root)).rejects.toThrow(
      /nowhere does not exist: give a scenario file \(\.yaml\) or a collection folder/,
    );
    await expect(findCollection('loose/notes.txt', root)).rejects.toThrow(
      /is not a scenario file: give a \.yaml or \.yml file/,
    );
    await expect(findCollection('nowhere', root)).rejects.toBeInstanceOf(UsageError);
  });
});

describe('preflight', () => {
  it('lists every problem of the selected files as file:line: message, from where tp runs', async () => {
    const error = await preflight('broken', root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    const lines = (error as Error).message.split('\n');
    expect(lines).toEqual([
      'broken/collection.yaml:2: "variable" is not a key here; see docs/collections.md for the keys a file takes.',
      'broken/bad.yaml:3: steps.0.wait: a duration is like 500ms, 2s or 1m, or a number of milliseconds',
      expect.stringMatching(/^2 files have problems \(above\): fix them and run again/),
    ]);
  });

  it('checks only what it runs, and refuses a folder without scenarios', async () => {
    await expect(preflight('broken/ok.yaml', root)).rejects.toThrow(
      /^broken\/collection\.yaml:2: /,
    );
    expect(await preflight('col/a.yaml', root)).toEqual({
      folder: join(root, 'col'),
      paths: ['a.yaml'],
    });
    await expect(preflight('empty', root)).rejects.toThrow(/empty holds no scenario file/);
  });
});
