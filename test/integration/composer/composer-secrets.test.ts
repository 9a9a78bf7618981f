// What composer.send hands the window holds no secret in clear (docs/security.md, Where secrets
// can and cannot appear): the parsed answer (`json`), its shape issues, the request and the record
// alike. The token endpoint's answer is the case that matters: it carries a fresh access token
// and refresh token, and the request carries the client secret.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerConsent } from '../../helpers/sandbox-client';
import { startComposerFixture, type ComposerFixture } from './composer-fixture';

let fx: ComposerFixture;
beforeAll(async () => {
  fx = await startComposerFixture();
});
afterAll(async () => {
  await fx?.close();
});

/** Every access and refresh token the sandbox has issued, as its saved state holds them. */
async function sandboxTokens(): Promise<string[]> {
  const file = join(fx.dataDir, 'sandbox-state.json');
  await fx.sandbox.saveState(file);
  const state = JSON.parse(readFileSync(file, 'utf8')) as {
    access_tokens: { token: string }[];
    refresh_tokens: { token: string }[];
  };
  return [...state.access_tokens, ...state.refresh_tokens].map((t) => t.token);
}

describe('composer.send keeps secrets out of its output', () => {
  it('redacts the tokens of an authorization_code answer and the client secret', async () => {
    // A code the person approved on the consent page, redeemed by hand through the composer.
    const app = fx.sandbox.apps[0]!;
    const authorize = new URL('/tp/authorize', fx.sandbox.baseUrl);
    authorize.search = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: app.redirect_uri,
      state: 'composer-test',
      scope: 'basic',
    }).toString();
    const landed = new URL(await answerConsent(fx.sandbox, authorize.href, fx.userId, 'approve'));
    const code = landed.searchParams.get('code')!;

    const result = await fx.core.invoke('composer.send', {
      endpointId: 'token',
      params: { grant_type: 'authorization_code', code, redirect_uri: app.redirect_uri },
      actAs: { kind: 'app' },
    });

    expect(result.record.api.status).toBe(200);
    const json = result.json as { access_token: string; refresh_token: string };
    expect(json.access_token).toMatch(/^.{4}…$/);
    expect(json.refresh_token).toMatch(/^.{4}…$/);
    const output = JSON.stringify(result);
    const tokens = await sandboxTokens();
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    for (const token of tokens) expect(output).not.toContain(token);
    expect(output).not.toContain(fx.clientSecret);
    expect(output).not.toContain(code);
  });
});
