// When the link to the engine drops, events sent meanwhile are lost; once it is back, the stores
// load again and show what changed while it was down.
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../helpers/sandbox-client';
import { waitFor } from '../../helpers/wait-for';
import { connect } from '../../integration/contacts/contacts-fixture';
import { createOtherProfile, startStores, type StoresFixture } from './store-fixture';

const TIMEOUT = 30_000;
let f: StoresFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

describe('a dropped link', () => {
  it(
    'is said while down, and once back the stores reload what changed meanwhile',
    async () => {
      const fx = (f = await startStores());
      fx.start();
      const { app, auth, inbound, log } = fx.stores;
      await waitFor('the first loads', () =>
        app.getState().profiles &&
        auth.getState().loaded &&
        inbound.getState().settings &&
        !log.getState().loading
          ? true
          : undefined,
      );

      fx.bridge.connection.drop('engine restarted');
      expect(app.getState().connection).toMatchObject({
        status: 'reconnecting',
        reason: 'engine restarted',
      });

      // The engine changes while the renderer cannot hear it.
      const ada = (await createUser(fx.sandbox, 'Ada', 'Lovelace')).id;
      await connect(fx.core, fx.sandbox, ada);
      await fx.core.invoke('inbound.setResponse', {
        profileId: fx.sandboxProfileId,
        response: { status: 503 },
      });
      const other = await createOtherProfile(fx.core, fx.sandbox);
      const { total: journaled } = await fx.core.invoke('log.query', { filter: {}, limit: 1 });
      expect(auth.getState().users).toEqual([]);
      expect(inbound.getState().settings?.response.status).toBe(200);
      expect(log.getState().total).toBeLessThan(journaled);

      fx.bridge.connection.restore();
      expect(app.getState().connection.status).toBe('connected');
      await waitFor('Ada, the 503 answer, the new profile and the records made meanwhile', () =>
        auth.getState().users.some((u) => u.userId === ada) &&
        inbound.getState().settings?.response.status === 503 &&
        app.getState().profiles?.profiles.some((p) => p.id === other) &&
        log.getState().total >= journaled
          ? true
          : undefined,
      );
    },
    TIMEOUT,
  );
});
