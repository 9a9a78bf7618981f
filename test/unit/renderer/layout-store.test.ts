// A reload right after a key press: the browser's copy of the layout is already the new one, but
// the engine's save may not have arrived. The page that comes back must keep the newer copy and
// send it, rather than take the engine's older layout (seen as a flaky e2e layout test in CI).
// Once the engine has confirmed a layout, the engine's copy wins again (another window's change).
import { describe, expect, it } from 'vitest';
import type { UiPreferences } from '../../../src-shared/contract';
import { createLayoutStore } from '../../../src-renderer/src/features/workbench/layout-store';
import type { UiPreferencesLink } from '../../../src-renderer/src/stores/ui-preferences';
import { waitFor } from '../../helpers/wait-for';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** An engine link whose saves settle only when `answer` says (true: stored). */
function fakeEngine(stored: UiPreferences) {
  const saves: UiPreferences[] = [];
  const pending: ((ok: boolean) => void)[] = [];
  const link: UiPreferencesLink = {
    follow(apply) {
      queueMicrotask(() => apply(structuredClone(stored)));
      return () => undefined;
    },
    save(changes) {
      saves.push(changes);
      return new Promise<boolean>((resolve) =>
        pending.push((ok) => {
          if (ok) Object.assign(stored, structuredClone(changes));
          resolve(ok);
        }),
      );
    },
  };
  const answerAll = (ok: boolean) => {
    for (const settle of pending.splice(0)) settle(ok);
  };
  return { link, saves, answerAll, stored };
}

/** A page started on an engine holding the list at 40%, whose person then sets it to 44%. */
function listResizedTo44() {
  const storage = memoryStorage();
  const engine = fakeEngine({
    layout: { sizes: { tools: 0, log: 0, list: 40 }, widened: false },
  });
  const page = createLayoutStore(storage, engine.link);
  page.start();
  page.getState().resize('list', 44);
  return { storage, engine };
}

describe('the layout across a reload', () => {
  it('keeps and sends the change the engine had not stored when the page went away', async () => {
    const { storage, engine } = listResizedTo44();
    expect(engine.saves).toHaveLength(1);
    // The page reloads before the engine answered: the save never arrives.

    const reloaded = createLayoutStore(storage, engine.link);
    expect(reloaded.getState().sizes.list).toBe(44);
    reloaded.start();
    await waitFor('the reloaded page to send its newer layout', () =>
      engine.saves.length === 2 ? true : undefined,
    );
    expect(engine.saves[1]?.layout?.sizes?.list).toBe(44);
    expect(reloaded.getState().sizes.list, 'not replaced by the engine’s older 40').toBe(44);
    engine.answerAll(true);
    await waitFor('the engine to hold the newer layout', () =>
      engine.stored.layout?.sizes?.list === 44 ? true : undefined,
    );
  });

  it('takes the engine’s layout once its own change was confirmed', async () => {
    const { storage, engine } = listResizedTo44();
    engine.answerAll(true);
    await waitFor('the browser copy marked as stored by the engine', () =>
      storage.getItem('tp-inspector.layout')?.includes('"unconfirmed":false') ? true : undefined,
    );

    // Another window then changed the layout in the engine.
    engine.stored.layout = { sizes: { tools: 0, log: 0, list: 60 }, widened: true };
    const reloaded = createLayoutStore(storage, engine.link);
    reloaded.start();
    await waitFor('the reloaded page to take the engine layout', () =>
      reloaded.getState().sizes.list === 60 ? true : undefined,
    );
    expect(reloaded.getState().widened).toBe(true);
    expect(engine.saves, 'nothing sent back').toHaveLength(1);
  });

  it('a save the engine refused leaves the browser copy unconfirmed', async () => {
    const storage = memoryStorage();
    const engine = fakeEngine({});
    const page = createLayoutStore(storage, engine.link);
    page.getState().resize('tools', 400);
    engine.answerAll(false);
    await Promise.resolve();
    expect(JSON.parse(storage.getItem('tp-inspector.layout') ?? '{}')).toMatchObject({
      sizes: { tools: 400 },
      unconfirmed: true,
    });
  });
});
