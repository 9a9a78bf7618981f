// "Expire all tokens now" as the engine hears it: once the sandbox confirms, the tokens the engine
// holds for the sandbox profile are marked expired at once (the header and the Users tab follow
// auth.changed and auth.usersChanged), and the next call renews them without a 401 first.
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthStatus, ConnectedUser } from '../../../src-shared/contract';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { createUser } from '../../helpers/sandbox-client';
import { connect } from '../contacts/contacts-fixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const expiredBy = (iso: string | null, at: number) => iso !== null && Date.parse(iso) <= at;

describe('expiring the tokens from the simulator', () => {
  it('marks the held app and user tokens expired, says so, and the next calls renew them', async () => {
    const { core, sandbox, close } = await startCoreWithSandbox();
    cleanups.push(close);
    const ada = (await createUser(sandbox, 'Ada', 'Lovelace')).id;
    await connect(core, sandbox, ada);
    const granted = await core.invoke('auth.getAppToken', {});
    expect(Date.parse(granted.expiresAt!)).toBeGreaterThan(Date.now() + 60_000);

    const appHeard: AuthStatus[] = [];
    const usersHeard: ConnectedUser[][] = [];
    core.events.on('auth.changed', (s) => appHeard.push(s));
    core.events.on('auth.usersChanged', ({ users }) => usersHeard.push(users));

    const out = await core.invoke('simulator.expireTokens', {});
    const after = Date.now();
    expect(out.expired).toBeGreaterThanOrEqual(2);
    expect(out.outcome).toMatch(
      /TP Inspector marked its app token and 1 user token\(s\) expired; the next call renews them\./,
    );
    // Announced before the answer, with the same preview: the token is the one held, now expired.
    expect(appHeard).toHaveLength(1);
    expect(appHeard[0]!.appToken?.preview).toBe(granted.preview);
    expect(expiredBy(appHeard[0]!.appToken!.expiresAt, after)).toBe(true);
    expect(usersHeard).toHaveLength(1);
    expect(expiredBy(usersHeard[0]!.find((u) => u.userId === ada)!.expiresAt, after)).toBe(true);
    const status = await core.invoke('auth.status', {});
    expect(expiredBy(status.appToken!.expiresAt, after)).toBe(true);

    // Expiring again finds nothing valid held: nothing more to say or announce.
    const again = await core.invoke('simulator.expireTokens', {});
    expect(again.outcome).not.toMatch(/TP Inspector marked/);
    expect(appHeard).toHaveLength(1);

    // The next calls renew first: no call goes out with a token the platform expired.
    const asApp = await core.invoke('api.call', {
      method: 'GET',
      path: '/tp/me.json',
      params: { user_id: ada },
      actAs: { kind: 'appForUser', userId: ada },
    });
    expect(asApp.record.api.status).toBe(200);
    const asUser = await core.invoke('api.call', {
      method: 'GET',
      path: '/tp/me.json',
      actAs: { kind: 'user', userId: ada },
    });
    expect(asUser.record.api.status).toBe(200);
    const { records } = await core.invoke('log.list', { limit: 200 });
    const refused = records.filter((r) => r.kind === 'api' && r.api.status === 401);
    expect(refused).toEqual([]);
    expect(Date.parse((await core.invoke('auth.status', {})).appToken!.expiresAt!)).toBeGreaterThan(
      Date.now() + 60_000,
    );
  });
});
