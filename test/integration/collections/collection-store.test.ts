// The collection store through the engine: a folder on disk opened, edited, watched.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionItem, EventPayload } from '../../../src-shared/contract';
import { startCoreWithSandbox, tempDir, type CoreFixture } from '../../helpers/core-fixture';
import { errorOf } from '../../helpers/command-error';
import { waitFor } from '../../helpers/wait-for';

let fx: CoreFixture;
let scratch: string;
const changes: EventPayload<'collections.changed'>[] = [];

beforeAll(async () => {
  fx = await startCoreWithSandbox();
  scratch = tempDir('tp-collections-');
  fx.core.events.on('collections.changed', (c) => changes.push(c));
});
afterAll(async () => {
  await fx.close();
  rmSync(scratch, { recursive: true, force: true });
});

const SEND = [
  'steps:',
  '  - request:',
  '      endpoint: message.send',
  '      params: { contact_id: bot, resource_id: u1, msg_type: text, text: hi }',
  '',
].join('\n');
const names = (items: CollectionItem[]) => items.map((i) => i.path);

describe('collections on disk', () => {
  it('creates a collection, lists items in its order, and remembers it among the recent', async () => {
    const folder = join(scratch, 'smoke');
    const view = await fx.core.invoke('collections.open', { folder, create: true });
    expect(view).toMatchObject({ folder, name: 'smoke', items: [], problems: [] });
    expect(readFileSync(join(folder, 'collection.yaml'), 'utf8')).toBe('name: "smoke"\n');

    writeFileSync(join(folder, 'b.yaml'), SEND);
    writeFileSync(join(folder, 'a.yaml'), SEND);
    mkdirSync(join(folder, 'sub'));
    writeFileSync(join(folder, 'sub', 'z.yaml'), SEND);
    writeFileSync(join(folder, 'sub', 'folder.yaml'), 'order: [z.yaml]\n');
    await fx.core.invoke('collections.reorder', { folder, dir: '', order: ['sub', 'b.yaml'] });
    const reopened = await fx.core.invoke('collections.open', { folder });
    expect(names(reopened.items)).toEqual(['sub', 'b.yaml', 'a.yaml']);
    expect(reopened.items[0]?.children?.map((c) => c.path)).toEqual(['sub/z.yaml']);
    expect(reopened.items[1]).toMatchObject({ steps: 1, stepKinds: ['request'], problems: [] });
    // collection.yaml keeps its name beside the order.
    expect(readFileSync(join(folder, 'collection.yaml'), 'utf8')).toMatch(
      /name: "smoke"\norder:\n {2}- sub\n {2}- b.yaml/,
    );
    expect((await fx.core.invoke('collections.recent', {}))[0]).toMatchObject({
      folder,
      name: 'smoke',
    });
  });

  it('keeps no order in a collection.yaml over the size cap: refused in words, the file untouched', async () => {
    const folder = join(scratch, 'huge-order');
    await fx.core.invoke('collections.open', { folder, create: true });
    writeFileSync(join(folder, 'a.yaml'), SEND);
    const huge = `name: huge\n# ${'x'.repeat(1024 * 1024)}\n`;
    writeFileSync(join(folder, 'collection.yaml'), huge);
    const refused = await fx.core
      .invoke('collections.reorder', { folder, dir: '', order: ['a.yaml'] })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^collection\.yaml: This file is .* over the 1\.0 MiB/),
    });
    expect(readFileSync(join(folder, 'collection.yaml'), 'utf8')).toBe(huge);
  });

  it('writes with the version it read, and refuses when the file changed on disk meanwhile', async () => {
    const folder = join(scratch, 'smoke');
    const read = await fx.core.invoke('collections.read', { folder, path: 'a.yaml' });
    expect(read).toMatchObject({ text: SEND, problems: [] });
    const written = await fx.core.invoke('collections.write', {
      folder,
      path: 'a.yaml',
      text: `name: A\n${SEND}`,
      baseVersion: read.version,
    });
    expect(written.version).not.toBe(read.version);
    writeFileSync(join(folder, 'a.yaml'), `name: edited elsewhere\n${SEND}`);
    const conflict = await errorOf(
      fx.core.invoke('collections.write', {
        folder,
        path: 'a.yaml',
        text: SEND,
        baseVersion: written.version,
      }),
    );
    expect(conflict.code).toBe('conflict');
    expect(conflict.message).toMatch(/a.yaml changed on disk since you opened it. Reload it/);
    const exists = await errorOf(
      fx.core.invoke('collections.write', { folder, path: 'b.yaml', text: SEND }),
    );
    expect(exists.message).toMatch(/b.yaml already exists.*replace it/);
    await fx.core.invoke('collections.write', {
      folder,
      path: 'b.yaml',
      text: SEND,
      overwrite: true,
    });
  });

  it('renames in place, duplicates as "copy" and "copy 2", deletes', async () => {
    const folder = join(scratch, 'smoke');
    let view = await fx.core.invoke('collections.rename', {
      folder,
      from: 'b.yaml',
      to: 'zz.yaml',
    });
    expect(names(view.items)).toEqual(['sub', 'zz.yaml', 'a.yaml']);
    view = await fx.core.invoke('collections.rename', { folder, from: 'a.yaml', to: '0.yaml' });
    expect(names(view.items)).toEqual(['sub', 'zz.yaml', '0.yaml']);
    const first = await fx.core.invoke('collections.duplicate', { folder, path: 'zz.yaml' });
    const second = await fx.core.invoke('collections.duplicate', { folder, path: 'zz.yaml' });
    expect([first.path, second.path]).toEqual(['zz copy.yaml', 'zz copy 2.yaml']);
    expect(readFileSync(join(folder, 'zz copy 2.yaml'), 'utf8')).toBe(SEND);
    view = await fx.core.invoke('collections.delete', { folder, path: 'zz copy.yaml' });
    expect(names(view.items)).toEqual(['sub', 'zz.yaml', '0.yaml', 'zz copy 2.yaml']);
    view = await fx.core.invoke('collections.createFolder', { folder, path: 'new' });
    expect(names(view.items)).toContain('new');
    expect(changes.filter((c) => c.origin === 'app').map((c) => c.paths[0])).toEqual(
      expect.arrayContaining(['b.yaml', 'zz copy.yaml', 'new']),
    );
  });

  it('refuses paths that leave the folder, directly or through a link', async () => {
    const folder = join(scratch, 'smoke');
    symlinkSync(scratch, join(folder, 'out'));
    const viaLink = await errorOf(
      fx.core.invoke('collections.write', { folder, path: 'out/evil.yaml', text: SEND }),
    );
    expect(viaLink.code).toBe('forbidden');
    expect(viaLink.message).toMatch(/outside the collection's folder/);
    const dotted = await errorOf(fx.core.invoke('collections.read', { folder, path: '../x.yaml' }));
    expect(dotted.code).toBe('invalid_input');
  });

  it('announces a file written outside the app with origin disk', async () => {
    const folder = join(scratch, 'smoke');
    await fx.core.invoke('collections.open', { folder });
    writeFileSync(join(folder, 'outside.yaml'), SEND);
    const change = await waitFor('a disk change naming outside.yaml', () =>
      changes.find((c) => c.origin === 'disk' && c.paths.includes('outside.yaml')),
    );
    expect(change.folder).toBe(folder);
    // The app's own writes are not announced again as disk changes.
    await fx.core.invoke('collections.write', { folder, path: 'mine.yaml', text: SEND });
    writeFileSync(join(folder, 'later.yaml'), SEND);
    await waitFor('a disk change naming later.yaml', () =>
      changes.find((c) => c.origin === 'disk' && c.paths.includes('later.yaml')),
    );
    expect(changes.some((c) => c.origin === 'disk' && c.paths.includes('mine.yaml'))).toBe(false);
  });

  it('opens a collection with broken files, listing each with file, line and reason', async () => {
    const folder = join(scratch, 'broken');
    mkdirSync(folder);
    writeFileSync(join(folder, 'collection.yaml'), 'name: [unclosed\n');
    writeFileSync(join(folder, 'good.yaml'), SEND);
    writeFileSync(join(folder, 'bad-yaml.yaml'), 'steps:\n  - wait: 1s\n   oops: [\n');
    writeFileSync(join(folder, 'bad-param.yaml'), SEND.replace('text: hi', 'txt: hi'));
    const view = await fx.core.invoke('collections.open', { folder });
    expect(names(view.items)).toEqual(['bad-param.yaml', 'bad-yaml.yaml', 'good.yaml']);
    expect(view.problems[0]).toMatchObject({
      file: 'collection.yaml',
      message: expect.stringMatching(/not valid YAML/),
    });
    expect(view.problems[0]?.line).toBeGreaterThan(0);
    expect(view.items[0]?.problems).toEqual([
      expect.objectContaining({
        file: 'bad-param.yaml',
        line: 4,
        message: expect.stringMatching(/no parameter "txt"\. Write text instead/),
      }),
    ]);
    expect(view.items[1]?.problems[0]).toMatchObject({
      file: 'bad-yaml.yaml',
      message: expect.stringMatching(/not valid YAML/),
    });
    expect(view.items[1]?.problems[0]?.line).toBeGreaterThan(0);
    expect(view.items[2]?.problems).toEqual([]);
  });

  it("keeps profile variables per profile and fills a request with them before the collection's", async () => {
    const folder = join(scratch, 'vars');
    await fx.core.invoke('collections.open', { folder, create: true });
    writeFileSync(
      join(folder, 'collection.yaml'),
      'name: vars\nvariables: { contact: bot, room: r1 }\n',
    );
    await fx.core.invoke('collections.setProfileVariables', {
      variables: { contact: 'from-profile' },
    });
    expect(await fx.core.invoke('collections.profileVariables', {})).toEqual({
      contact: 'from-profile',
    });
    const refused = await errorOf(
      fx.core.invoke('collections.setProfileVariables', { variables: { client_secret: 'x' } }),
    );
    expect(refused.message).toMatch(/never stored as a variable/);
    const resolved = await fx.core.invoke('collections.resolve', {
      folder,
      request: {
        endpointId: 'message.send',
        params: {
          contact_id: '{{contact}}',
          resource_id: '{{room}}',
          text: '{{nope}} {{client_secret}}',
        },
        actAs: { kind: 'app' },
      },
    });
    expect(resolved).toEqual({
      params: { contact_id: 'from-profile', resource_id: 'r1', text: '{{nope}} ‹client_secret›' },
      unknown: ['nope'],
    });
  });
});
