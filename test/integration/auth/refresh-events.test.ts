// What the Users tab hears while a user's token is refreshed: "refreshing" when it starts, then
// the outcome. A refused refresh (invalid_grant) must end as "disconnected" in the last event,
// never stuck at "refreshing" (the UI has nothing else to go on).
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectedUser } from '../../../src-shared/contract';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { answerConsent, createUser, simulator } from '../../helpers/sandbox-client';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function connected() {
  const { core, sandbox, close } = await startCoreWithSandbox();
  cleanups.push(close);
  const user = await createUser(sandbox, 'Ada', 'Lovelace');
  const flow = await core.invoke('auth.connectUser', { scopes: ['basic'], openBrowser: false });
  await fetch(await answerConsent(sandbox, flow.consentUrl, user.id, 'approve'));
  const heard: ConnectedUser['status'][] = [];
  core.events.on('auth.usersChanged', ({ users }) => {
    const mine = users.find((u) => u.userId === user.id);
    if (mine) heard.push(mine.status);
  });
  return { core, sandbox, user, heard };
}

describe('refresh as the UI hears it', () => {
  it('announces "refreshing", then "connected" with the new token', async () => {
    const { core, user, heard } = await connected();
    const view = await core.invoke('auth.refreshUser', { userId: user.id });
    expect(view.status).toBe('connected');
    expect(heard[0]).toBe('refreshing');
    expect(heard.at(-1)).toBe('connected');
  });

  it('ends a refused refresh as "disconnected", not "refreshing"', async () => {
    const { core, sandbox, user, heard } = await connected();
    await simulator(sandbox, 'POST', `/_sandbox/users/${user.id}/disconnect`, {});
    await expect(core.invoke('auth.refreshUser', { userId: user.id })).rejects.toThrow(
      /invalid_grant/,
    );
    expect(heard[0]).toBe('refreshing');
    expect(heard.at(-1)).toBe('disconnected');
    const { users } = await core.invoke('auth.users', {});
    expect(users[0]).toMatchObject({ status: 'disconnected', hasRefreshToken: false });
  });
});
