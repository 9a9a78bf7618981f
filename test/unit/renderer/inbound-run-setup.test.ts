// The Inbound tab says when a run's inbound set-up is in force: the store takes the run's words
// from inbound.runSetupChanged for the profile it shows (and from inbound.settings when it loads
// during a run), and drops them when the run takes its set-up off.
import { afterEach, expect, it } from 'vitest';
import type { CoreEventEmitter } from '../../../src-main/core/events';
import { waitFor } from '../../helpers/wait-for';
import { startStores, type StoresFixture } from './store-fixture';

let f: StoresFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

it("holds a run's set-up words while it is in force", async () => {
  f = await startStores();
  f.start();
  const inbound = f.stores.inbound;
  await waitFor('the settings loaded', () => inbound.getState().settings ?? undefined);
  // As the engine tells the windows when a run lays its set-up (the runner's tests show it does).
  const events = f.core.events as CoreEventEmitter;
  const emit = (profileId: string, runSetup: string | null) =>
    events.emit('inbound.runSetupChanged', { profileId, runSetup });

  emit(f.sandboxProfileId, 'answers with status 418, after 1 s');
  await waitFor('the run set-up heard', () => inbound.getState().settings?.runSetup);
  expect(inbound.getState().settings?.runSetup).toBe('answers with status 418, after 1 s');
  // The person's own settings are still what the sections show.
  expect(inbound.getState().settings?.response.status).toBe(200);

  emit(f.sandboxProfileId, null);
  await waitFor('the run set-up gone', () =>
    inbound.getState().settings && !('runSetup' in inbound.getState().settings!) ? true : undefined,
  );
});

it('keeps a run set-up heard while its load is on its way, over the older answer', async () => {
  f = await startStores();
  // The load's answers are held: the settings it read come back after the run laid its set-up.
  const held = f.bridge.hold((name) => name === 'log.list');
  f.start();
  await waitFor('the load under way', () => (held.count > 0 ? true : undefined));
  const events = f.core.events as CoreEventEmitter;
  events.emit('inbound.runSetupChanged', {
    profileId: f.sandboxProfileId,
    runSetup: 'forwards nowhere',
  });
  held.release();
  const inbound = f.stores.inbound;
  await waitFor('the settings loaded', () => inbound.getState().settings ?? undefined);
  expect(inbound.getState().settings?.runSetup).toBe('forwards nowhere');
});
