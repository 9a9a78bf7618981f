// The walking skeleton's flow, core against the sandbox over real loopback HTTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandError, type ApiRecord, type JournalRecord } from '../../../src-shared/contract';
import { createCore, JOURNAL_FILE } from '../../../src-main/core/index';
import { memorySettings } from '../../helpers/memory-settings';
import { hostFor, startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';

describe('app token through the core', () => {
  let fx: CoreFixture;
  beforeEach(async () => {
    fx = await startCoreWithSandbox();
  });
  afterEach(async () => fx.close());

  it('starts with the sandbox profile active and filled in', async () => {
    const state = await fx.core.invoke('profiles.list', {});
    const active = state.profiles.find((p) => p.id === state.activeProfileId);
    expect(active).toMatchObject({
      kind: 'sandbox',
      baseUrl: fx.sandbox.baseUrl,
      clientId: fx.sandbox.apps[0]!.client_id,
      redirectUri: fx.sandbox.apps[0]!.redirect_uri,
      hasClientSecret: true,
    });
    expect(JSON.stringify(state)).not.toContain(fx.sandbox.apps[0]!.client_secret);
  });

  it('gets an app token, emits events, and journals the call redacted', async () => {
    const seen: JournalRecord[] = [];
    fx.core.events.on('log.appended', (r) => seen.push(r));
    const authChanges: unknown[] = [];
    fx.core.events.on('auth.changed', (s) => authChanges.push(s));

    const token = await fx.core.invoke('auth.getAppToken', {});
    expect(token.preview).toMatch(/^.{4}…$/);
    expect(token.tokenType).toBe('Bearer');
    expect(token.scope).toBe('basic user_phone');
    expect(Date.parse(token.expiresAt!) - Date.parse(token.obtainedAt)).toBe(36000 * 1000);
    expect(authChanges).toHaveLength(1);

    const api = seen.find((r): r is ApiRecord => r.kind === 'api')!;
    expect(api.api.method).toBe('POST');
    expect(api.api.url).toBe(`${fx.sandbox.baseUrl}/tp/token`);
    expect(api.api.status).toBe(200);
    expect(api.api.requestParams.grant_type).toBe('client_credentials');
    expect(api.api.requestParams.client_secret).toMatch(/…$/);
    expect(api.api.responseBody?.encoding).toBe('utf8');
    expect(JSON.parse(api.api.responseBody!.text)).toMatchObject({
      token_type: 'Bearer',
      expires_in: 36000,
    });
    expect(api.api.timing.totalMs).toBeGreaterThan(0);
    expect(api.api.timing.ttfbMs).not.toBeNull();
    expect(
      seen.some((r) => r.kind === 'auth' && r.auth.outcome === 'ok' && r.auth.apiSeq === api.seq),
    ).toBe(true);

    const status = await fx.core.invoke('auth.status', {});
    expect(status.appToken?.preview).toBe(token.preview);
  });

  it('never writes the client secret or the access token in clear to the journal', async () => {
    await fx.core.invoke('auth.getAppToken', {});
    const tokenResponse = (await fx.core.invoke('log.list', {})).records.find(
      (r): r is ApiRecord => r.kind === 'api',
    )!;
    const shownPrefix = JSON.parse(tokenResponse.api.responseBody!.text).access_token as string;
    expect(shownPrefix).toMatch(/^.{4}…$/);
    const file = readFileSync(join(fx.dataDir, JOURNAL_FILE), 'utf8');
    expect(file).not.toContain(fx.sandbox.apps[0]!.client_secret);
    expect(file).toContain('"client_secret":"');
    // The sandbox issued a token of 32 base64url characters; no such run may be in the file.
    expect(file).not.toMatch(/"access_token":"[A-Za-z0-9_-]{20,}"/);
  });

  it('reports a wrong secret as a refused grant, in words, and logs the failure', async () => {
    const wrong = hostFor(fx.sandbox, fx.dataDir + '-wrong', memorySettings());
    wrong.sandbox!.app.clientSecret = 'not-the-right-secret';
    const core = await createCore(wrong);
    try {
      await core.invoke('auth.getAppToken', {});
      expect.unreachable('a wrong secret must be refused');
    } catch (err) {
      expect(err).toBeInstanceOf(CommandError);
      expect((err as CommandError).message).toMatch(/401 invalid_client/);
      expect((err as CommandError).message).toMatch(/client secret/);
    }
    const status = await core.invoke('auth.status', {});
    expect(status.appToken).toBeNull();
    expect(status.lastError).toMatch(/invalid_client/);
    const records = (await core.invoke('log.list', {})).records;
    expect(records.some((r) => r.kind === 'auth' && r.auth.outcome === 'error')).toBe(true);
    await core.close();
  });

  it('reports a dead platform as a network error naming the host', async () => {
    await fx.sandbox.close();
    await expect(fx.core.invoke('auth.getAppToken', {})).rejects.toThrow(/connection refused/);
    const api = (await fx.core.invoke('log.list', {})).records.find(
      (r): r is ApiRecord => r.kind === 'api',
    )!;
    expect(api.api.status).toBeNull();
    expect(api.api.error).toMatch(/127\.0\.0\.1/);
  });

  it('keeps the log across a restart of the engine', async () => {
    await fx.core.invoke('auth.getAppToken', {});
    await fx.core.close();
    const again = await createCore(hostFor(fx.sandbox, fx.dataDir));
    const { records } = await again.invoke('log.list', {});
    expect(records.some((r) => r.kind === 'api' && r.api.status === 200)).toBe(true);
    await again.close();
  });
});
