// The "done when" of the auth issue: two users on a profile, tokens expiring every second, calls
// to /tp/me.json for both that never fail, and no secret in clear anywhere in the data directory
// (settings, sealed secrets, journal) when the host can seal.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/index';
import { confSettings } from '../../../src-main/headless/settings';
import { hostFor, startTestSandbox, tempDir } from '../../helpers/core-fixture';
import { answerConsent, createUser } from '../../helpers/sandbox-client';
import { filesUnder, leaksIn, sandboxSecrets } from '../../helpers/secrets-scan';
import { testKeyring } from '../../helpers/test-keyring';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('secrets at rest', () => {
  it('keeps two users working across expiring tokens and writes no secret in clear', async () => {
    const sandbox = await startTestSandbox({ token_lifetime: 1, rotate_refresh_tokens: true });
    const dataDir = tempDir();
    const app = sandbox.apps[0]!;
    // A custom profile (not the sandbox's, whose tokens are never stored) against the sandbox.
    const host = { ...hostFor(null, dataDir, confSettings(dataDir)), secrets: testKeyring };
    const core = await createCore(host, { inboundPort: 0 });
    cleanups.push(async () => {
      await core.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const profile = await core.invoke('profiles.create', {
      name: 'Sandbox by hand',
      baseUrl: sandbox.baseUrl,
      clientId: app.client_id,
      clientSecret: app.client_secret,
      redirectUri: app.redirect_uri,
      scopes: app.scopes,
    });
    await core.invoke('profiles.select', { profileId: profile.id });
    await core.invoke('auth.getAppToken', {});

    const users = [];
    for (const [name, surname] of [
      ['Ada', 'Lovelace'],
      ['Alan', 'Turing'],
    ] as const) {
      const user = await createUser(sandbox, name, surname);
      const flow = await core.invoke('auth.connectUser', { scopes: ['basic'] });
      await fetch(await answerConsent(sandbox, flow.consentUrl, user.id, 'approve'));
      users.push(user);
    }

    // Three seconds of calls for both users, through several expiries of their 1-second tokens.
    const statuses: number[] = [];
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      for (const user of users) {
        const { record } = await core.invoke('api.call', {
          method: 'GET',
          path: '/tp/me.json',
          actAs: { kind: 'user', userId: user.id },
        });
        statuses.push(record.api.status ?? 0);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(statuses.length).toBeGreaterThan(10);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const { records } = await core.invoke('log.list', { limit: 5000 });
    expect(
      records.filter(
        (r) => r.kind === 'auth' && r.auth.action === 'refresh' && r.auth.outcome === 'ok',
      ).length,
    ).toBeGreaterThanOrEqual(4);

    // The sealed secrets survive a restart of the engine: the users are still connected.
    await core.close();
    const again = await createCore(host, { inboundPort: 0 });
    cleanups.push(() => again.close());
    await again.invoke('profiles.select', { profileId: profile.id });
    const { users: restored } = await again.invoke('auth.users', {});
    expect(restored.map((u) => u.status)).toEqual(['connected', 'connected']);
    const after = await again.invoke('api.call', {
      method: 'GET',
      path: '/tp/me.json',
      actAs: { kind: 'user', userId: users[0]!.id },
    });
    expect(after.record.api.status).toBe(200);

    const secrets = await sandboxSecrets(sandbox, join(dataDir, '..'));
    expect(secrets.size).toBeGreaterThan(10);
    expect(secrets).toContain(app.client_secret);
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('journal.ndjson'))).toBe(true);
    expect(files.some((f) => f.endsWith('settings.json'))).toBe(true);
    expect(leaksIn(dataDir, secrets), 'secrets in clear (file → how many)').toEqual({});
  });
});
