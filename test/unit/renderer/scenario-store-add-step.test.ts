// The Scenario view's Add step through its store: the step lands in the editor's text (unsaved,
// the file untouched until Save), a refusal comes back in words, and text typed while the engine
// added the step is not overwritten by the answer.
import { describe, expect, it } from 'vitest';
import { addStepToText } from '../../../src-main/core/collections/step-edit';
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
  const engine = createFakeCollectionsEngine(FOLDER, { 'a.yaml': scenario('A', 1) });
  // The engine's own edit of the text (the fake engine keeps no YAML rules).
  engine.handlers['collections.addStep'] = async ({ text, step, after }) =>
    addStepToText(text, step, after);
  const bridge = createMemoryBridge(engine);
  const app = createAppStore(bridge, bridge.connection);
  const collections = createCollectionsStore(bridge, bridge.connection, app);
  const store = createScenarioStore(bridge, bridge.connection, collections);
  await collections.getState().open(FOLDER);
  await store.getState().open('a.yaml');
  return { engine, bridge, store };
}

describe('Add step in the scenario store', () => {
  it('adds the step to the editor’s text, unsaved, and says Save writes it', async () => {
    const t = await setup();
    expect(await t.store.getState().addStep({ name: 'Then', wait: '2s' })).toBeNull();
    const s = t.store.getState();
    expect(s.text).toBe(`${scenario('A', 1)}  - name: Then\n    wait: 2s\n`);
    expect(isDirty(s)).toBe(true);
    expect(t.engine.files.get('a.yaml')).toBe(scenario('A', 1));
    expect(s.notice?.text).toMatch(/^Added step 2\. Save \(Ctrl\+S\) writes it to a\.yaml/);
  });

  it('answers a refused step in words and leaves the text as it was', async () => {
    const t = await setup();
    const failed = await t.store.getState().addStep({ simulate: { action: 'fly' } });
    expect(failed).toMatch(/^The step was not added: .*simulate\.action/);
    expect(t.store.getState().text).toBe(scenario('A', 1));
  });

  it('keeps what was typed while the step was being added', async () => {
    const t = await setup();
    let taken = false;
    const held = t.bridge.hold(
      (name) => !taken && name === 'collections.addStep' && (taken = true),
    );
    const adding = t.store.getState().addStep({ wait: '1s' });
    await waitFor('the add held', () => (held.count > 0 ? true : undefined));
    t.store.getState().setText('name: typed meanwhile\nsteps:\n  - wait: 5ms\n');
    held.release();
    expect(await adding).toMatch(/changed while the step was added/);
    expect(t.store.getState().text).toBe('name: typed meanwhile\nsteps:\n  - wait: 5ms\n');
  });
});
