// The stores of the active profile's data follow a profile switch: each loads the new profile's
// data, and an answer still on its way for the profile left is dropped instead of shown under the
// new one (the latest-only guard of stores/profile-switch.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName } from '../../../src-shared/contract';
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

const PROFILE_LOADS: CommandName[] = ['auth.users', 'contacts.list', 'inbound.settings'];
const forProfile = (input: unknown) => (input as { profileId?: string }).profileId;

describe('a profile switch', () => {
  it(
    'reloads the users, contacts and inbound settings for the new profile and drops the late answers for the old one',
    async () => {
      const fx = (f = await startStores());
      const ada = (await createUser(fx.sandbox, 'Ada', 'Lovelace')).id;
      await connect(fx.core, fx.sandbox, ada);
      const other = await createOtherProfile(fx.core, fx.sandbox);

      // The sandbox profile's first loads reach the engine but their answers wait.
      const late = fx.bridge.hold(
        (name, input) => PROFILE_LOADS.includes(name) && forProfile(input) === fx.sandboxProfileId,
      );
      fx.start();
      await waitFor('the sandbox profile’s three loads to be answered and held', () =>
        late.count >= 3 ? true : undefined,
      );

      await fx.stores.profiles.getState().select(other);
      await waitFor('the other profile’s users, contacts and inbound settings', () => {
        const { auth, contacts, inbound } = fx.stores;
        return auth.getState().profileId === other &&
          auth.getState().loaded &&
          contacts.getState().profileId === other &&
          contacts.getState().loaded &&
          inbound.getState().settings?.profileId === other
          ? true
          : undefined;
      });

      // Now the sandbox profile's answers arrive, Ada among them: too late to be shown.
      late.release();
      await new Promise((r) => setTimeout(r, 100));
      expect(fx.stores.auth.getState().profileId).toBe(other);
      expect(fx.stores.auth.getState().users).toEqual([]);
      expect(fx.stores.contacts.getState().profileId).toBe(other);
      expect(fx.stores.inbound.getState().settings?.profileId).toBe(other);
      // The composer previews and searches its history for the new profile; the simulator,
      // which only serves the sandbox profile, closes.
      await waitFor('a preview and a history search for the other profile', () =>
        ['composer.preview', 'api.search'].every((name) =>
          fx.bridge.calls.some((c) => c.name === name && forProfile(c.input) === other),
        )
          ? true
          : undefined,
      );
      expect(fx.stores.simulator.getState().active).toBe(false);

      // And back: the sandbox profile's own data again, Ada included.
      await fx.stores.profiles.getState().select(fx.sandboxProfileId);
      const users = await waitFor('Ada under the sandbox profile again', () => {
        const s = fx.stores.auth.getState();
        return s.profileId === fx.sandboxProfileId && s.users.length > 0 ? s.users : undefined;
      });
      expect(users.map((u) => u.userId)).toEqual([ada]);
      await waitFor('the simulator to open again', () =>
        fx.stores.simulator.getState().view ? true : undefined,
      );
    },
    TIMEOUT,
  );

  it(
    'clears the conversations listed for the profile left',
    async () => {
      const fx = (f = await startStores());
      const ada = (await createUser(fx.sandbox, 'Ada', 'Lovelace')).id;
      await connect(fx.core, fx.sandbox, ada);
      const other = await createOtherProfile(fx.core, fx.sandbox);
      fx.start();
      await fx.stores.composerResources.getState().load({ kind: 'app' }, [ada]);
      expect(fx.stores.composerResources.getState().resources.map((r) => r.id)).toContain(ada);

      await fx.stores.profiles.getState().select(other);
      expect(fx.stores.composerResources.getState().resources).toEqual([]);
      expect(fx.stores.composerResources.getState().loadedAt).toBeNull();
    },
    TIMEOUT,
  );
});
