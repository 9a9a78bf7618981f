// The Collections tab's and the Scenario view's stores over the in-memory bridge, with a collection
// engine in memory behind it: opening a folder, the tree's order and search, reordering, and what
// a change on disk does to the open scenario with and without unsaved edits, and a save conflict.
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../src-renderer/src/features/header/app-store';
import { createCollectionsStore } from '../../../src-renderer/src/features/collections/collections-store';
import {
  createScenarioStore,
  isDirty,
} from '../../../src-renderer/src/features/collections/scenario-store';
import { createResolveStore } from '../../../src-renderer/src/features/collections/resolve-store';
import { createComposerStore } from '../../../src-renderer/src/features/composer/composer-store';
import { visibleRows } from '../../../src-renderer/src/features/collections/tree';
import { createMemoryBridge } from '../../helpers/memory-bridge';
import { waitFor } from '../../helpers/wait-for';
import { createFakeCollectionsEngine, FOLDER, scenario } from './fake-collections-engine';

function setup() {
  const engine = createFakeCollectionsEngine(FOLDER, {
    'login.yaml': scenario('Login', 2),
    'sends/text.yaml': scenario('Send text'),
    'sends/image.yaml': scenario('Send image', 3),
    'contacts.yaml': scenario('Contacts'),
  });
  engine.orders.set('', ['sends', 'login.yaml', 'contacts.yaml']);
  const bridge = createMemoryBridge(engine);
  const app = createAppStore(bridge, bridge.connection);
  const collections = createCollectionsStore(bridge, bridge.connection, app);
  const scenarioStore = createScenarioStore(bridge, bridge.connection, collections);
  const stops = [collections.start(), scenarioStore.start()];
  return {
    engine,
    bridge,
    app,
    collections,
    scenario: scenarioStore,
    stop: () => stops.forEach((s) => s()),
  };
}

const names = (rows: ReturnType<typeof visibleRows>) =>
  rows.map((r) => `${r.level}:${r.item.path}`);

describe('the collections store', () => {
  it('opens a folder: the tree in the collection’s order, folders closed until expanded', async () => {
    const t = setup();
    expect(await t.collections.getState().open(FOLDER)).toBe(true);
    const s = t.collections.getState();
    expect(s.folder).toBe(FOLDER);
    await waitFor('the recent folders', () =>
      t.collections.getState().recent.length ? true : undefined,
    );
    expect(names(visibleRows(s.view!.items, s.expanded, ''))).toEqual([
      '1:sends',
      '1:login.yaml',
      '1:contacts.yaml',
    ]);
    t.collections.getState().toggle('sends');
    const open = t.collections.getState();
    expect(names(visibleRows(open.view!.items, open.expanded, ''))).toEqual([
      '1:sends',
      '2:sends/image.yaml',
      '2:sends/text.yaml',
      '1:login.yaml',
      '1:contacts.yaml',
    ]);
    expect(open.view!.items.find((i) => i.path === 'login.yaml')?.steps).toBe(2);
    t.stop();
  });

  it('searches by name and by path, keeping the folders that hold a match', async () => {
    const t = setup();
    await t.collections.getState().open(FOLDER);
    const items = t.collections.getState().view!.items;
    // By the scenario's name: the closed folder opens to show it.
    expect(names(visibleRows(items, new Set(), 'image'))).toEqual([
      '1:sends',
      '2:sends/image.yaml',
    ]);
    // By the path: every file under sends/.
    expect(names(visibleRows(items, new Set(), 'sends/'))).toEqual([
      '1:sends',
      '2:sends/image.yaml',
      '2:sends/text.yaml',
    ]);
    expect(visibleRows(items, new Set(), 'nothing like it')).toEqual([]);
    t.stop();
  });

  it('moves an item up and down among its folder’s items with collections.reorder', async () => {
    const t = setup();
    await t.collections.getState().open(FOLDER);
    await t.collections.getState().move('contacts.yaml', -1);
    expect(t.bridge.calls.find((c) => c.name === 'collections.reorder')?.input).toEqual({
      folder: FOLDER,
      dir: '',
      order: ['sends', 'contacts.yaml', 'login.yaml'],
    });
    expect(t.collections.getState().view!.items.map((i) => i.path)).toEqual([
      'sends',
      'contacts.yaml',
      'login.yaml',
    ]);
    // The first item cannot go further up: nothing is sent.
    const before = t.bridge.calls.length;
    await t.collections.getState().move('sends', -1);
    expect(t.bridge.calls.length).toBe(before);
    await t.collections.getState().move('sends/image.yaml', 1);
    expect(t.engine.orders.get('sends')).toEqual(['text.yaml', 'image.yaml']);
    t.stop();
  });

  it('reloads the tree when a file of the open collection changes on disk', async () => {
    const t = setup();
    await t.collections.getState().open(FOLDER);
    t.engine.editOnDisk('new.yaml', scenario('Made outside'));
    await waitFor('the new file in the tree', () =>
      t.collections.getState().view!.items.some((i) => i.path === 'new.yaml') ? true : undefined,
    );
    t.stop();
  });
});

describe('the scenario store', () => {
  it('reloads the open file silently when it changes on disk and nothing is unsaved', async () => {
    const t = setup();
    await t.collections.getState().open(FOLDER);
    await t.scenario.getState().open('login.yaml');
    expect(t.scenario.getState().text).toBe(scenario('Login', 2));
    t.engine.editOnDisk('login.yaml', scenario('Login again', 2));
    await waitFor('the disk version in the editor', () =>
      t.scenario.getState().text.includes('Login again') ? true : undefined,
    );
    expect(t.scenario.getState().notice?.text).toBe('Reloaded: the file changed on disk.');
    expect(t.scenario.getState().diskChange).toBeNull();
    t.stop();
  });

  it('keeps unsaved edits when the file changes on disk, until the person chooses', async () => {
    const t = setup();
    await t.collections.getState().open(FOLDER);
    await t.scenario.getState().open('login.yaml');
    t.scenario.getState().setText(scenario('My edit', 2));
    t.engine.editOnDisk('login.yaml', scenario('Their edit', 2));
    const change = await waitFor(
      'the disk-change choice',
      () => t.scenario.getState().diskChange ?? undefined,
    );
    expect(change.disk?.text).toContain('Their edit');
    expect(t.scenario.getState().text).toContain('My edit');

    // Keeping the edits, then saving, writes them over the disk version, with its version.
    await t.scenario.getState().keepMine();
    expect(isDirty(t.scenario.getState())).toBe(true);
    expect(await t.scenario.getState().save()).toBe(true);
    expect(t.engine.files.get('login.yaml')).toContain('My edit');

    // Another change on disk, and this time the disk version is loaded.
    t.scenario.getState().setText(scenario('Second edit', 2));
    t.engine.editOnDisk('login.yaml', scenario('Theirs again', 2));
    await waitFor(
      'the second disk-change choice',
      () => t.scenario.getState().diskChange ?? undefined,
    );
    t.scenario.getState().loadDisk();
    expect(t.scenario.getState().text).toContain('Theirs again');
    expect(isDirty(t.scenario.getState())).toBe(false);
    t.stop();
  });

  it('answers a save that finds the file changed with the same choice, and overwrites nothing', async () => {
    const t = setup();
    await t.collections.getState().open(FOLDER);
    await t.scenario.getState().open('contacts.yaml');
    t.scenario.getState().setText(scenario('Mine'));
    // Changed on disk with no event heard (the watcher had not fired yet).
    t.engine.files.set('contacts.yaml', scenario('Theirs'));
    expect(await t.scenario.getState().save()).toBe(false);
    const s = t.scenario.getState();
    expect(s.diskChange).toMatchObject({ reason: 'save' });
    expect(s.notice?.text).toMatch(/^Not saved: contacts\.yaml changed on disk/);
    expect(t.engine.files.get('contacts.yaml')).toContain('Theirs');
    // "Keep my edits" is the confirmation: the save goes over the disk version.
    await t.scenario.getState().keepMine();
    await waitFor('the save over the disk version', () =>
      t.engine.files.get('contacts.yaml')?.includes('Mine') ? true : undefined,
    );
    expect(t.scenario.getState().diskChange).toBeNull();
    t.stop();
  });

  it('does not take its own save for a change on disk', async () => {
    const t = setup();
    await t.collections.getState().open(FOLDER);
    await t.scenario.getState().open('login.yaml');
    t.scenario.getState().setText(scenario('Saved here', 2));
    expect(await t.scenario.getState().save()).toBe(true);
    t.scenario.getState().setText(scenario('Typed after', 2));
    // The save's own collections.changed went by; another read must find nothing new.
    const reads = () => t.bridge.calls.filter((c) => c.name === 'collections.read').length;
    const before = reads();
    t.engine.events.emit('collections.changed', {
      folder: FOLDER,
      paths: ['login.yaml'],
      origin: 'app',
    });
    await waitFor('the file read again', () => (reads() > before ? true : undefined));
    // A call made after the read answers after it: by then the read's answer was applied.
    await t.bridge.invoke('collections.recent', {});
    expect(t.scenario.getState().diskChange).toBeNull();
    expect(t.scenario.getState().text).toContain('Typed after');
    t.stop();
  });
});

describe('the resolved values of the composer', () => {
  it('asks collections.resolve for a draft with {{variables}} and lists the unknown ones', async () => {
    const t = setup();
    t.engine.handlers['collections.resolve'] = async ({ request }) => ({
      params: Object.fromEntries(
        Object.entries(request.params ?? {}).map(([k, v]) => [
          k,
          v.replace('{{contact}}', 'order-1'),
        ]),
      ),
      unknown: Object.values(request.params ?? {}).some((v) => v.includes('{{nope}}'))
        ? ['nope']
        : [],
    });
    await t.collections.getState().open(FOLDER);
    const composer = createComposerStore(t.bridge, t.app);
    const resolve = createResolveStore(t.bridge, t.app, composer, t.collections);
    const stop = resolve.start();
    composer.getState().setParam('contact_id', '{{contact}}');
    await waitFor('the resolved contact_id', () =>
      resolve.getState().lines.find((l) => l.name === 'contact_id')?.value === 'order-1'
        ? true
        : undefined,
    );
    const asked = t.bridge.calls.find((c) => c.name === 'collections.resolve')?.input;
    expect(asked).toMatchObject({ folder: FOLDER });
    composer.getState().setParam('text', 'hi {{nope}}');
    await waitFor('the unknown variable', () =>
      resolve.getState().unknown.includes('nope') ? true : undefined,
    );
    // No template left: nothing to show, nothing asked.
    composer.getState().setParam('contact_id', 'plain');
    composer.getState().setParam('text', 'plain');
    await waitFor('the lines cleared', () =>
      resolve.getState().lines.length === 0 ? true : undefined,
    );
    stop();
    t.stop();
  });
});
