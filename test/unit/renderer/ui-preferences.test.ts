// The panes' sizes and the first steps' dismissal live in the engine's settings: a second window
// with nothing in its browser storage (another port of the headless host, another origin) shows
// them, and a change made while the link was down reaches the engine once it is back.
import { afterEach, describe, expect, it } from 'vitest';
import { createStores } from '../../../src-renderer/src/stores/create-stores';
import { createMemoryBridge } from '../../helpers/memory-bridge';
import { waitFor } from '../../helpers/wait-for';
import { startStores, type StoresFixture } from './store-fixture';

let f: StoresFixture | undefined;
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await f?.close();
  f = undefined;
});

describe('UI preferences in the engine', () => {
  it('a second window on the same engine gets the layout and the dismissed first steps', async () => {
    const fx = (f = await startStores());
    fx.start();
    const { layout, firstRun } = fx.stores;
    layout.getState().resize('tools', 400);
    layout.getState().setWidened(true);
    firstRun.getState().close();
    await waitFor('the engine to hold the layout and the dismissal', async () => {
      const stored = await fx.core.invoke('app.uiPreferences', {});
      return stored.layout?.sizes?.tools === 400 && stored.firstRunClosed ? true : undefined;
    });

    const otherBridge = createMemoryBridge(fx.core);
    const other = createStores(otherBridge, otherBridge.connection);
    expect(other.layout.getState().sizes.tools, 'not set: a share of the window').toBe(0);
    expect(other.firstRun.getState().closed).toBe(false);
    stops.push(other.start());
    await waitFor('the second window to take the engine layout', () =>
      other.layout.getState().sizes.tools === 400 ? true : undefined,
    );
    expect(other.layout.getState().widened).toBe(true);
    // One read answers both stores in the same turn: once the layout is the engine's, so is the
    // first steps' state (a page can wait for the one and then trust the other).
    expect(other.firstRun.getState()).toMatchObject({ known: true, closed: true });
    expect(otherBridge.calls.filter((c) => c.name === 'app.uiPreferences')).toHaveLength(1);
  });

  it('a dismissal made while the link is down reaches the engine when it comes back', async () => {
    const fx = (f = await startStores());
    fx.start();
    await waitFor('the first load of the preferences', () =>
      fx.bridge.calls.some((c) => c.name === 'app.uiPreferences') ? true : undefined,
    );
    fx.bridge.connection.drop('engine restarted');
    fx.stores.firstRun.getState().close();
    expect((await fx.core.invoke('app.uiPreferences', {})).firstRunClosed).toBeUndefined();
    fx.bridge.connection.restore();
    await waitFor('the dismissal saved in the engine', async () =>
      (await fx.core.invoke('app.uiPreferences', {})).firstRunClosed ? true : undefined,
    );
    expect(fx.stores.firstRun.getState().closed).toBe(true);
  });

  it('the engine keeps the fields not given, and refuses a size out of bounds', async () => {
    const fx = (f = await startStores());
    await fx.core.invoke('app.setUiPreferences', { firstRunClosed: true });
    expect(
      await fx.core.invoke('app.setUiPreferences', { layout: { sizes: { tools: 500 } } }),
    ).toEqual({ firstRunClosed: true, layout: { sizes: { tools: 500 } } });
    await expect(
      fx.core.invoke('app.setUiPreferences', { layout: { sizes: { tools: -1 } } }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
