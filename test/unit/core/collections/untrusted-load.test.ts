// A collection is untrusted input (a colleague's folder, a pull request run in CI): what its files
// could make the engine read, send or spend is refused when the collection is read, each file's
// problem with its file and line, and the other files still load.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectionView } from '../../../../src-main/core/collections/collection-view';
import { loadCollection } from '../../../../src-main/core/collections/load-collection';

const root = mkdtempSync(join(tmpdir(), 'tp-untrusted-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A collection folder with the files given (path → text). */
function collection(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'col-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const sendFile = (path: string) =>
  [
    'steps:',
    '  - request:',
    '      endpoint: message.send',
    '      params: { contact_id: bot, resource_id: u1, msg_type: picture }',
    `      file: { path: '${path}' }`,
    '',
  ].join('\n');

const GOOD = 'steps:\n  - wait: 10ms\n';

async function problemsByFile(folder: string) {
  const loaded = await loadCollection(folder);
  return Object.fromEntries(loaded.scenarios.map((s) => [s.path, s.problems]));
}

describe("a request step's file", () => {
  it('is refused at load when it leads out of the folder: .., an absolute path, a link out', async () => {
    const outside = join(root, 'secret.txt');
    writeFileSync(outside, 'not for the platform');
    const folder = collection({
      'dots.yaml': sendFile('../../../../../../etc/passwd'),
      'absolute.yaml': sendFile(outside),
      'sub/link.yaml': sendFile('files/out.jpg'),
      'sub/files/cat.jpg': 'jpeg',
      'sub/fine.yaml': sendFile('files/cat.jpg'),
      'sub/up.yaml': sendFile('../sub/files/cat.jpg'),
      'templated.yaml': sendFile('{{picture}}'),
    });
    symlinkSync(outside, join(folder, 'sub/files/out.jpg'));
    const problems = await problemsByFile(folder);
    expect(problems['dots.yaml']).toEqual([
      {
        file: 'dots.yaml',
        line: 5,
        message: expect.stringMatching(
          /^steps\.0\.request\.file\.path: the file \.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd is reached through \.\., outside the collection's folder: a step sends only files inside the collection\./,
        ) as unknown,
      },
    ]);
    expect(problems['absolute.yaml']?.[0]?.message).toContain('is an absolute path, outside');
    expect(problems['sub/link.yaml']?.[0]?.message).toContain(`is a link to ${outside}, outside`);
    // Inside the folder, even from a sub-folder with .., is fine; a variable is checked at run.
    expect(problems['sub/fine.yaml']).toEqual([]);
    expect(problems['sub/up.yaml']).toEqual([]);
    expect(problems['templated.yaml']).toEqual([]);
  });

  it('shows the same problem in the Collections tab', async () => {
    const folder = collection({ 'dots.yaml': sendFile('../outside.jpg') });
    const view = await collectionView(folder);
    expect(view.items[0]?.problems[0]).toMatchObject({ file: 'dots.yaml', line: 5 });
  });
});

describe('collection.yaml and folder.yaml', () => {
  it('are not read through a link that leads out of the folder', async () => {
    const elsewhere = mkdtempSync(join(root, 'elsewhere-'));
    writeFileSync(join(elsewhere, 'collection.yaml'), 'name: Borrowed\nvariables: { x: "1" }\n');
    writeFileSync(join(elsewhere, 'folder.yaml'), 'order: [b.yaml]\n');
    const folder = collection({ 'a.yaml': GOOD, 'sub/a.yaml': GOOD, 'sub/b.yaml': GOOD });
    symlinkSync(join(elsewhere, 'collection.yaml'), join(folder, 'collection.yaml'));
    symlinkSync(join(elsewhere, 'folder.yaml'), join(folder, 'sub/folder.yaml'));
    const loaded = await loadCollection(folder);
    expect(loaded.name).not.toBe('Borrowed');
    expect(loaded.variables).toEqual({});
    expect(loaded.scenarios.map((s) => s.path)).toEqual(['a.yaml', 'sub/a.yaml', 'sub/b.yaml']);
    expect(loaded.problems.map((p) => [p.file, p.message.split(':')[0]])).toEqual([
      [
        'collection.yaml',
        `This file is a link to ${join(elsewhere, 'collection.yaml')}, outside the collection's folder`,
      ],
      [
        'sub/folder.yaml',
        `This file is a link to ${join(elsewhere, 'folder.yaml')}, outside the collection's folder`,
      ],
    ]);
  });
});

const BOMB = [
  'variables:',
  '  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  '  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
  '  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
  '  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
  '  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
  '  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
  'steps: [*f]',
  '',
].join('\n');

describe('a file that asks too much', () => {
  it('with too many aliases (billion laughs) gets a problem; the other files still load', async () => {
    const folder = collection({ 'bomb.yaml': BOMB, 'good.yaml': GOOD });
    const loaded = await loadCollection(folder);
    expect(loaded.scenarios.find((s) => s.path === 'good.yaml')).toMatchObject({ problems: [] });
    expect(loaded.scenarios.find((s) => s.path === 'bomb.yaml')?.problems).toEqual([
      {
        file: 'bomb.yaml',
        line: 1,
        message: expect.stringContaining('This file uses too many aliases (*name)') as unknown,
      },
    ]);
  });

  it('in collection.yaml, gets a problem of its own; the scenarios still load', async () => {
    const folder = collection({ 'collection.yaml': BOMB.replace('steps: [*f]', 'order: [*f]') });
    writeFileSync(join(folder, 'good.yaml'), GOOD);
    const view = await collectionView(folder);
    expect(view.items.map((i) => [i.path, i.problems])).toEqual([['good.yaml', []]]);
    expect(view.problems[0]?.message).toContain('too many aliases');
  });

  it('over 1 MiB is not read, with its size and the cap in words', async () => {
    const big = `${GOOD}description: "${'x'.repeat(1024 * 1024)}"\n`;
    const folder = collection({ 'big.yaml': big, 'good.yaml': GOOD });
    const problems = await problemsByFile(folder);
    expect(problems['good.yaml']).toEqual([]);
    expect(problems['big.yaml']?.[0]?.message).toBe(
      'This file is 1.0 MiB, over the 1.0 MiB a collection file may be: it is not read. Split it into smaller scenario files.',
    );
  });

  it('with more than 1,000 steps is refused', async () => {
    const steps = Array.from({ length: 1001 }, () => '  - wait: 1ms').join('\n');
    const folder = collection({ 'long.yaml': `steps:\n${steps}\n` });
    const problems = await problemsByFile(folder);
    expect(problems['long.yaml']?.[0]?.message).toBe(
      'steps: a scenario has at most 1,000 steps: split it into several scenario files',
    );
  });
});
