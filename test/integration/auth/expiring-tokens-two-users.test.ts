// Two users on the sandbox profile, as a new user meets it: on the sandbox profile, out of the box, two
// users connected through the loopback redirect, tokens living 2 seconds, /tp/me.json called for
// both until several expiries have passed without one error, and no token in clear in the data
// directory or the journal: with no OS keyring (the headless host: memory only), and with one.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecretSealer } from '../../../src-main/core/host-interface';
import { createCore, type Core } from '../../../src-main/core/index';
import { confSettings } from '../../../src-main/headless/settings';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { hostFor, startTestSandbox, tempDir } from '../../helpers/core-fixture';
import { answerConsent, createUser } from '../../helpers/sandbox-client';
import { filesUnder, leaksIn, sandboxSecrets } from '../../helpers/secrets-scan';
import { testKeyring } from '../../helpers/test-keyring';

const TOKEN_LIFETIME_S = 2;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(secrets?: SecretSealer) {
  const sandbox = await startTestSandbox({
    token_lifetime: TOKEN_LIFETIME_S,
    rotate_refresh_tokens: true,
  });
  const scratch = tempDir();
  const dataDir = join(scratch, 'data');
  mkdirSync(dataDir);
  const host = {
    ...hostFor(sandbox, dataDir, confSettings(dataDir)),
    ...(secrets ? { secrets } : {}),
  };
  const core = await createCore(host, { inboundPort: 0 });
  cleanups.push(async () => {
    await core.close();
    await sandbox.close();
    rmSync(scratch, { recursive: true, force: true });
  });
  return { sandbox, core, host, dataDir, scratch };
}

/** Connects a new sandbox user the way the browser would: consent answered, redirect followed. */
async function connect(core: Core, sandbox: RunningSandbox, name: string, surname: string) {
  const user = await createUser(sandbox, name, surname);
  const flow = await core.invoke('auth.connectUser', { scopes: ['basic'], openBrowser: false });
  const page = await fetch(await answerConsent(sandbox, flow.consentUrl, user.id, 'approve'));
  expect(page.status).toBe(200);
  return user.id;
}

/** Calls /tp/me.json for every user for `ms`; returns the statuses seen. */
async function keepCalling(core: Core, userIds: string[], ms: number) {
  const statuses: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    for (const userId of userIds) {
      const { record } = await core.invoke('api.call', {
        method: 'GET',
        path: '/tp/me.json',
        actAs: { kind: 'user', userId },
      });
      statuses.push(record.api.status ?? 0);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return statuses;
}

describe('two users on the sandbox profile, tokens expiring', () => {
  for (const [label, secrets] of [
    ['without an OS keyring (memory only)', undefined],
    ['with an OS keyring', testKeyring],
  ] as const) {
    it(`keeps both users working and writes no token in clear, ${label}`, async () => {
      const { sandbox, core, dataDir, scratch } = await start(secrets);
      const { activeProfileId, profiles } = await core.invoke('profiles.list', {});
      expect(profiles.find((p) => p.id === activeProfileId)?.kind).toBe('sandbox');
      const info = await core.invoke('app.info', {});
      expect(info.secretStorage.mode).toBe(secrets ? 'sealed' : 'memory');

      const ids = [
        await connect(core, sandbox, 'Ada', 'Lovelace'),
        await connect(core, sandbox, 'Alan', 'Turing'),
      ];
      const { users } = await core.invoke('auth.users', {});
      expect(users.map((u) => [u.displayName, u.status])).toEqual([
        ['Ada Lovelace', 'connected'],
        ['Alan Turing', 'connected'],
      ]);

      // Past two lifetimes and a half of the tokens: every call answered 200.
      const statuses = await keepCalling(core, ids, TOKEN_LIFETIME_S * 2_500);
      expect(statuses.length).toBeGreaterThanOrEqual(10);
      expect(new Set(statuses)).toEqual(new Set([200]));
      const { records } = await core.invoke('log.list', { limit: 5000 });
      const refreshed = records.filter(
        (r) => r.kind === 'auth' && r.auth.action === 'refresh' && r.auth.outcome === 'ok',
      );
      // Each user's token was renewed at least twice, and each renewal is an auth record.
      for (const id of ids) {
        const mine = refreshed.filter((r) => r.kind === 'auth' && r.auth.userId === id);
        expect(mine.length, `refreshes of ${id}`).toBeGreaterThanOrEqual(2);
      }

      const found = await sandboxSecrets(sandbox, scratch);
      // Client secret, app token, the users' access and (rotated) refresh tokens.
      expect(found.size).toBeGreaterThan(10);
      const files = filesUnder(dataDir);
      expect(files.some((f) => f.endsWith('journal.ndjson'))).toBe(true);
      expect(leaksIn(dataDir, found)).toEqual({});
    });
  }
});
