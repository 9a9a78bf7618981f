// The Simulator's Clock as the engine hears it (simulator.advanceClock): the sandbox's time moves
// and the state shows it, the outcome is a system record, and, unlike "Expire all tokens now", the
// engine's own tokens are left alone: its next call meets the sandbox's invalid_token and refreshes.
import { afterEach, describe, expect, it } from 'vitest';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { createUser } from '../../helpers/sandbox-client';
import { connect } from '../contacts/contacts-fixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('advancing the sandbox clock from the simulator', () => {
  it('moves the time the state shows, says so, and leaves the engine to meet the expiry', async () => {
    const { core, sandbox, close } = await startCoreWithSandbox();
    cleanups.push(close);
    const ada = (await createUser(sandbox, 'Ada', 'Lovelace')).id;
    await connect(core, sandbox, ada);
    const before = await core.invoke('simulator.state', {});
    expect(before.clock.offsetS).toBe(0);
    const heard: string[] = [];
    core.events.on('simulator.changed', ({ action }) => heard.push(action));
    let usersHeard = 0;
    core.events.on('auth.usersChanged', () => (usersHeard += 1));

    const out = await core.invoke('simulator.advanceClock', { by: '10h' });
    expect(out.clock.offsetS).toBe(36_000);
    expect(Date.parse(out.clock.now) - Date.now()).toBeGreaterThan(35_990_000);
    expect(out.outcome).toMatch(
      /^Moved the sandbox clock forward by 10 h: it reads .*, 10 h ahead/,
    );
    expect(heard).toEqual(['advanceClock']);
    expect((await core.invoke('simulator.state', {})).clock.offsetS).toBe(36_000);
    // The engine was not told: its user token still reads valid until the platform refuses it.
    expect(usersHeard).toBe(0);
    const view = (await core.invoke('auth.users', {})).users.find((u) => u.userId === ada)!;
    expect(Date.parse(view.expiresAt!)).toBeGreaterThan(Date.now());

    const call = await core.invoke('api.call', {
      method: 'GET',
      path: '/tp/me.json',
      actAs: { kind: 'user', userId: ada },
    });
    expect(call.record.api.status).toBe(200);
    const { records } = await core.invoke('log.list', { limit: 500 });
    const after = records.filter((r) => r.seq > out.seq);
    expect(
      after.map((r) =>
        r.kind === 'api'
          ? `api ${r.api.status}`
          : r.kind === 'auth'
            ? `auth ${r.auth.action} ${r.auth.outcome}`
            : r.kind,
      ),
    ).toEqual(expect.arrayContaining(['api 401', 'auth refresh ok', 'api 200']));
    const system = records.find((r) => r.seq === out.seq);
    expect(system?.summary).toBe(`Simulator: ${out.outcome}`);
  });

  it('refuses a move backward, saying what to give, and the clock stays', async () => {
    const { core, close } = await startCoreWithSandbox();
    cleanups.push(close);
    await expect(core.invoke('simulator.advanceClock', { by: -3600 })).rejects.toThrow(/forward/);
    expect((await core.invoke('simulator.state', {})).clock.offsetS).toBe(0);
  });
});
