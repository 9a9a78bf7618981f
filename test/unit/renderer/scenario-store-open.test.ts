// Opening a scenario while another is open, with the engine's answers held back so the window
// between the click and the file's arrival is tested as it is: nothing of the file before is shown
// as the new one, nothing can be edited or saved, a failed read leaves nothing half-open, and
// answers for a file left behind (a slow read, a save on its way) do not land on the one open now.
import { describe, expect, it } from 'vitest';
import { CommandError, type CommandName } from '../../../src-shared/contract';
import { createAppStore } from '../../../src-renderer/src/features/header/app-store';
import { createCollectionsStore } from '../../../src-renderer/src/features/collections/collections-store';
import {
  createScenarioStore,
  isDirty,
} from '../../../src-renderer/src/features/collections/scenario-store';
import { createMemoryBridge } from '../../helpers/memory-bridge';
import { waitFor } from '../../helpers/wait-for';
import { createFakeCollectionsEngine, FOLDER, scenario } from './fake-collections-engine';

async function setup() {
  const engine = createFakeCollectionsEngine(FOLDER, {
    'login.yaml': scenario('Login', 2),
    'contacts.yaml': scenario('Contacts'),
  });
  const bridge = createMemoryBridge(engine);
  const app = createAppStore(bridge, bridge.connection);
  const collections = createCollectionsStore(bridge, bridge.connection, app);
  const store = createScenarioStore(bridge, bridge.connection, collections);
  const stops = [collections.start(), store.start()];
  await collections.getState().open(FOLDER);
  /** Holds the answer of the next `name` for `path` (that one only) until released. */
  const hold = (name: CommandName, path: string) => {
    let taken = false;
    return bridge.hold((n, input) => {
      if (taken || n !== name || (input as { path?: string }).path !== path) return false;
      return (taken = true);
    });
  };
  const held = async (h: { count: number }, what: string) =>
    waitFor(what, () => (h.count > 0 ? true : undefined));
  const count = (name: CommandName) => bridge.calls.filter((c) => c.name === name).length;
  return {
    engine,
    bridge,
    scenario: store,
    hold,
    held,
    count,
    stop: () => stops.forEach((s) => s()),
  };
}

describe('opening a scenario while another is open', () => {
  it('shows nothing of the file before while the new one is read, and takes no edit or save', async () => {
    const t = await setup();
    await t.scenario.getState().open('login.yaml');
    t.scenario.getState().setText(scenario('Edited login', 2));
    const read = t.hold('collections.read', 'contacts.yaml');
    const opening = t.scenario.getState().open('contacts.yaml');
    await t.held(read, 'the read of contacts.yaml held');

    const s = t.scenario.getState();
    expect(s).toMatchObject({ path: 'contacts.yaml', loading: true, text: '', base: null });
    expect(isDirty(s)).toBe(false);
    // Typing and saving have nothing to act on: the arriving file would overwrite the one and
    // the other would write login's text to contacts.yaml.
    s.setText('typed into the gap');
    expect(t.scenario.getState().text).toBe('');
    expect(await t.scenario.getState().save()).toBe(false);
    expect(t.count('collections.write')).toBe(0);

    read.release();
    expect(await opening).toBe(true);
    expect(t.scenario.getState()).toMatchObject({
      path: 'contacts.yaml',
      loading: false,
      text: scenario('Contacts'),
    });
    expect(t.engine.files.get('contacts.yaml')).toBe(scenario('Contacts'));
    expect(t.engine.files.get('login.yaml')).toBe(scenario('Login', 2));
    t.stop();
  });

  it('lets a slower read of a file left behind change nothing', async () => {
    const t = await setup();
    const slow = t.hold('collections.read', 'login.yaml');
    const first = t.scenario.getState().open('login.yaml');
    await t.held(slow, 'the read of login.yaml held');
    expect(await t.scenario.getState().open('contacts.yaml')).toBe(true);
    slow.release();
    expect(await first).toBe(false);
    expect(t.scenario.getState()).toMatchObject({
      path: 'contacts.yaml',
      text: scenario('Contacts'),
      loading: false,
    });
    t.stop();
  });

  it('leaves nothing half-open when the read fails, and says what to do', async () => {
    const t = await setup();
    await t.scenario.getState().open('login.yaml');
    expect(await t.scenario.getState().open('gone.yaml')).toBe(false);
    expect(t.scenario.getState()).toMatchObject({
      folder: null,
      path: null,
      text: '',
      base: null,
      loading: false,
    });
    expect(t.scenario.getState().notice).toEqual({
      kind: 'error',
      text: 'Could not open gone.yaml: it is no longer in the collection (deleted or renamed). Nothing is open; pick a scenario again in the Collections tab (Alt+4).',
    });

    t.engine.handlers['collections.read'] = async () => {
      throw new CommandError({ code: 'internal', message: 'The disk did not answer.' });
    };
    expect(await t.scenario.getState().open('login.yaml')).toBe(false);
    expect(t.scenario.getState().path).toBeNull();
    expect(t.scenario.getState().notice?.text).toBe(
      'Could not open login.yaml: The disk did not answer. Nothing is open; pick a scenario again in the Collections tab (Alt+4).',
    );
    t.stop();
  });

  it('lets a save on its way end on its own file, not on the file opened meanwhile', async () => {
    const t = await setup();
    await t.scenario.getState().open('login.yaml');
    t.scenario.getState().setText(scenario('Saved login', 2));
    const write = t.hold('collections.write', 'login.yaml');
    const saving = t.scenario.getState().save();
    await t.held(write, 'the save of login.yaml held');
    let settled = false;
    void t.scenario
      .getState()
      .settled()
      .then(() => (settled = true));

    expect(await t.scenario.getState().open('contacts.yaml')).toBe(true);
    // The new file is not "saving": it can be edited and saved while the other save goes on.
    expect(t.scenario.getState().saving).toBe(false);
    t.scenario.getState().setText(scenario('Edited contacts'));
    expect(await t.scenario.getState().save()).toBe(true);
    expect(t.engine.files.get('contacts.yaml')).toBe(scenario('Edited contacts'));
    expect(settled).toBe(false);

    write.release();
    expect(await saving).toBe(true);
    await waitFor('settled() to resolve', () => (settled ? true : undefined));
    expect(t.engine.files.get('login.yaml')).toBe(scenario('Saved login', 2));
    const s = t.scenario.getState();
    expect(s).toMatchObject({ path: 'contacts.yaml', text: scenario('Edited contacts') });
    expect(s.base?.path).toBe('contacts.yaml');
    expect(s.notice?.text).toBe('Saved contacts.yaml.');
    t.stop();
  });

  it('says so when a save of a file left behind fails, rather than drop it in silence', async () => {
    const t = await setup();
    await t.scenario.getState().open('login.yaml');
    t.scenario.getState().setText(scenario('Mine', 2));
    // Changed on disk with no event heard yet: the save is a conflict.
    t.engine.files.set('login.yaml', scenario('Theirs', 2));
    let failWrite: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (failWrite = resolve));
    t.engine.handlers['collections.write'] = async () => {
      await gate;
      throw new CommandError({ code: 'conflict', message: 'login.yaml changed on disk.' });
    };
    const saving = t.scenario.getState().save();
    expect(await t.scenario.getState().open('contacts.yaml')).toBe(true);
    failWrite();
    expect(await saving).toBe(false);
    const s = t.scenario.getState();
    expect(s).toMatchObject({ path: 'contacts.yaml', diskChange: null, saving: false });
    expect(s.notice?.text).toBe(
      'Not saved: login.yaml (login.yaml changed on disk.). Its edits were not written; open it again to redo them.',
    );
    expect(t.engine.files.get('login.yaml')).toBe(scenario('Theirs', 2));
    t.stop();
  });

  it('checks a change on disk heard while the file was read once it is read', async () => {
    const t = await setup();
    const read = t.hold('collections.read', 'login.yaml');
    const opening = t.scenario.getState().open('login.yaml');
    await t.held(read, 'the read of login.yaml held');
    // The read was answered with the old text; the change's event arrives before the answer, and
    // a read for it then must not be overwritten by the older answer.
    t.engine.editOnDisk('login.yaml', scenario('Changed while read', 2));
    // A call made now answers after any read the event started: that one lands first.
    await t.bridge.invoke('collections.recent', {});
    read.release();
    expect(await opening).toBe(true);
    await waitFor('the disk version after the read', () =>
      t.scenario.getState().text.includes('Changed while read') ? true : undefined,
    );
    expect(t.scenario.getState().diskChange).toBeNull();
    t.stop();
  });
});
