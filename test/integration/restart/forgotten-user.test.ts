// The sandbox's state was deleted between two runs: its users came back with new ids, and the
// user TP Inspector had connected is unknown to it. Its stored tokens are refused (invalid_token,
// then invalid_grant at the refresh), and the platform answers not_found for its id: the Users tab
// says the platform no longer knows this user (forget it), not "connect again".
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ConnectedUser } from '../../../src-shared/contract';
import { freePort } from '../../helpers/sandbox-client';
import { hostFolders, startHost, type Cleanup } from '../../helpers/in-process-host';
import { meAs, playSession } from './qa-session';

const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

it('says the platform no longer knows a user whose sandbox state was deleted, and forgets it', async () => {
  const folder = { ...(await hostFolders(cleanups)), sandboxPort: await freePort() };
  const first = await startHost(cleanups, folder);
  const played = await playSession((c, i) => first.core.dispatch(c, i), {
    baseUrl: first.host.sandboxUrl,
  });
  await first.host.close();
  await rm(join(folder.dataDir, 'sandbox-state.json'));

  const { core } = await startHost(cleanups, folder);
  const invoke = (c: string, i: unknown) => core.dispatch(c, i);
  // The call is refused: the token is unknown, and so is its refresh token.
  await expect(meAs(invoke, played.userId)).rejects.toThrow(
    /^The platform no longer knows this user/,
  );
  const { users } = await core.invoke('auth.users', {});
  const user = users.find((u: ConnectedUser) => u.userId === played.userId);
  expect(user?.status).toBe('unknown');
  expect(user?.lastError).toMatch(/^The platform no longer knows this user/);

  const after = await core.invoke('auth.forgetUser', { userId: played.userId });
  expect(after.users.map((u: ConnectedUser) => u.userId)).not.toContain(played.userId);
});
