// API document §4.1, 4.2 and 5; docs/sandbox.md "Tokens and OAuth".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '../../../src-shared/spec';
import { Harness, expectError } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('POST /tp/token client_credentials', () => {
  it('answers access_token, expires_in, token_type and scope only', async () => {
    for (const path of ['/tp/token', '/tp/token.json']) {
      const r = await h.post(path, {
        grant_type: 'client_credentials',
        client_id: h.app.client_id,
        client_secret: h.app.client_secret,
      });
      expect(r.status).toBe(200);
      expect(Object.keys(r.json).sort()).toEqual([
        'access_token',
        'expires_in',
        'scope',
        'token_type',
      ]);
      expect(r.json).toMatchObject({
        token_type: 'Bearer',
        expires_in: 36000,
        scope: 'basic user_phone',
      });
      // At least 128 bits of randomness.
      expect(Buffer.from(String(r.json.access_token), 'base64url').length).toBeGreaterThanOrEqual(
        16,
      );
    }
  });

  it('401 invalid_client for a missing or wrong client', async () => {
    expectError(
      await h.post('/tp/token', { grant_type: 'client_credentials' }),
      401,
      'invalid_client',
    );
    expectError(
      await h.post('/tp/token', {
        grant_type: 'client_credentials',
        client_id: h.app.client_id,
        client_secret: 'x',
      }),
      401,
      'invalid_client',
    );
    expectError(
      await h.post('/tp/token', {
        grant_type: 'client_credentials',
        client_id: 'nobody',
        client_secret: 'x',
      }),
      401,
      'invalid_client',
    );
  });

  it('400 invalid_request without grant_type, unsupported_grant_type for another', async () => {
    const creds = { client_id: h.app.client_id, client_secret: h.app.client_secret };
    const missing = await h.post('/tp/token', creds);
    expectError(missing, 400, 'invalid_request');
    expect(missing.json.error_description).toContain('grant_type');
    expectError(
      await h.post('/tp/token', { ...creds, grant_type: 'password' }),
      400,
      'unsupported_grant_type',
    );
  });

  it('an optional scope narrows the token; beyond the registration it is 400 invalid_scope', async () => {
    const creds = {
      grant_type: 'client_credentials',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
    };
    expect((await h.post('/tp/token', { ...creds, scope: 'basic' })).json.scope).toBe('basic');
    expectError(
      await h.post('/tp/token', { ...creds, scope: 'basic admin' }),
      400,
      'invalid_scope',
    );
    const narrow = await Harness.start({ apps: [{ scopes: ['basic'] }] });
    try {
      const r = await narrow.post('/tp/token', {
        grant_type: 'client_credentials',
        client_id: narrow.app.client_id,
        client_secret: narrow.app.client_secret,
        scope: 'user_phone',
      });
      expectError(r, 400, 'invalid_scope');
    } finally {
      await narrow.close();
    }
  });

  it('400 for a body that is not form-urlencoded, 405 for GET', async () => {
    expectError(
      await h.raw('POST', '/tp/token', '{}', { 'content-type': 'application/json' }),
      400,
      'invalid_request',
    );
    const get = await h.raw('GET', '/tp/token');
    expectError(get, 405, 'method_not_allowed');
  });
});

describe('authorization_code and refresh_token', () => {
  it('exchanges a code for a user token with refresh_token and user_id', async () => {
    const user = await h.newUser('Ada', 'Lovelace');
    const r = await h.exchange(await h.code(user, 'basic'));
    expect(r.status).toBe(200);
    const token = TokenResponse.parse(r.json);
    expect(token).toMatchObject({
      token_type: 'Bearer',
      scope: 'basic',
      user_id: user,
      expires_in: 36000,
    });
    expect(token.refresh_token).toBeTruthy();
  });

  it('requires code and redirect_uri, and the redirect_uri must be the registered one', async () => {
    const creds = {
      grant_type: 'authorization_code',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
    };
    expectError(
      await h.post('/tp/token', { ...creds, redirect_uri: h.app.redirect_uri }),
      400,
      'invalid_request',
    );
    const code = await h.code(await h.newUser());
    expectError(await h.post('/tp/token', { ...creds, code }), 400, 'invalid_request');
    expectError(
      await h.post('/tp/token', { ...creds, code, redirect_uri: 'http://127.0.0.1:1/other' }),
      400,
      'invalid_grant',
    );
  });

  it('a code is single use: the second use fails and revokes the tokens of the first, refreshed ones too', async () => {
    const code = await h.code(await h.newUser());
    const first = await h.exchange(code);
    expect(first.status).toBe(200);
    const refreshed = await h.post('/tp/token', {
      grant_type: 'refresh_token',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
      refresh_token: String(first.json.refresh_token),
    });
    expect(refreshed.status).toBe(200);
    expectError(await h.exchange(code), 400, 'invalid_grant');
    for (const t of [first.json.access_token, refreshed.json.access_token]) {
      expectError(await h.get('/tp/me.json', {}, String(t)), 401, 'invalid_token');
    }
    const again = await h.post('/tp/token', {
      grant_type: 'refresh_token',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
      refresh_token: String(refreshed.json.refresh_token),
    });
    expectError(again, 400, 'invalid_grant');
  });

  it('an unknown code, or one issued to another app, is invalid_grant', async () => {
    expectError(await h.exchange('not-a-code'), 400, 'invalid_grant');
    const two = await Harness.start({
      apps: [
        { client_id: 'one', redirect_uri: 'http://127.0.0.1:9/cb' },
        { client_id: 'two', redirect_uri: 'http://127.0.0.1:9/cb' },
      ],
    });
    try {
      const [one, other] = two.sandbox.apps;
      const code = await two.code(await two.newUser(), 'basic', one);
      expectError(await two.exchange(code, other), 400, 'invalid_grant');
      expect((await two.exchange(code, one)).status).toBe(200);
    } finally {
      await two.close();
    }
  });

  it('refresh answers like the code grant and rotates the refresh token', async () => {
    const s = await h.connect();
    const refresh = (token: string) =>
      h.post('/tp/token', {
        grant_type: 'refresh_token',
        client_id: h.app.client_id,
        client_secret: h.app.client_secret,
        refresh_token: token,
      });
    const r = await refresh(s.refresh_token);
    expect(r.status).toBe(200);
    expect(TokenResponse.parse(r.json)).toMatchObject({
      user_id: s.user_id,
      scope: 'basic user_phone',
    });
    expect(r.json.refresh_token).not.toBe(s.refresh_token);
    expectError(await refresh(s.refresh_token), 400, 'invalid_grant');
    // The old access token lives on until its expiry.
    expect((await h.get('/tp/me.json', {}, s.access_token)).status).toBe(200);
    expect((await refresh(String(r.json.refresh_token))).status).toBe(200);
    expectError(await refresh(''), 400, 'invalid_request');
  });

  it('a refresh may ask for fewer scopes, never more than the grant', async () => {
    const s = await h.connect(undefined, 'basic');
    const body = {
      grant_type: 'refresh_token',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
      refresh_token: s.refresh_token,
    };
    expectError(
      await h.post('/tp/token', { ...body, scope: 'basic user_phone' }),
      400,
      'invalid_scope',
    );
    const r = await h.post('/tp/token', { ...body, scope: 'basic' });
    expect(r.json.scope).toBe('basic');
  });

  it('with rotation switched off the refresh token stays the same and keeps working', async () => {
    await h.sim('PATCH', `/apps/${h.app.client_id}`, { rotate_refresh_tokens: false });
    try {
      const s = await h.connect();
      const body = {
        grant_type: 'refresh_token',
        client_id: h.app.client_id,
        client_secret: h.app.client_secret,
        refresh_token: s.refresh_token,
      };
      const r = await h.post('/tp/token', body);
      expect(r.json.refresh_token).toBe(s.refresh_token);
      expect((await h.post('/tp/token', body)).status).toBe(200);
    } finally {
      await h.sim('PATCH', `/apps/${h.app.client_id}`, { rotate_refresh_tokens: true });
    }
  });

  it('with repeat_refresh_token off, a refresh without rotation answers no refresh_token, and the one held keeps working', async () => {
    const off = await h.sim('PATCH', `/apps/${h.app.client_id}`, {
      rotate_refresh_tokens: false,
      repeat_refresh_token: false,
    });
    expect(off.json.repeat_refresh_token).toBe(false);
    try {
      const s = await h.connect();
      // The code grant still names its refresh token: only the refresh's answer leaves it out.
      expect(s.refresh_token).toMatch(/./);
      const body = {
        grant_type: 'refresh_token',
        client_id: h.app.client_id,
        client_secret: h.app.client_secret,
        refresh_token: s.refresh_token,
      };
      const r = await h.post('/tp/token', body);
      expect(r.status).toBe(200);
      expect(Object.keys(r.json)).not.toContain('refresh_token');
      expect(TokenResponse.parse(r.json)).toMatchObject({ user_id: s.user_id });
      expect((await h.post('/tp/token', body)).status).toBe(200);
    } finally {
      await h.sim('PATCH', `/apps/${h.app.client_id}`, {
        rotate_refresh_tokens: true,
        repeat_refresh_token: true,
      });
    }
  });

  it('tokens expire after the configured lifetime and codes after theirs', async () => {
    const short = await Harness.start({ token_lifetime: 1, code_lifetime: 1 });
    try {
      const s = await short.connect();
      const app = await short.appToken();
      expect((await short.get('/tp/me.json', {}, s.access_token)).status).toBe(200);
      const code = await short.code(s.user_id);
      await sleep(1100);
      const expired = await short.get('/tp/me.json', {}, s.access_token);
      expectError(expired, 401, 'invalid_token');
      expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expectError(
        await short.get('/tp/resource/list', { user_id: s.user_id }, app),
        401,
        'invalid_token',
      );
      expectError(await short.exchange(code), 400, 'invalid_grant');
      const refreshed = await short.post('/tp/token', {
        grant_type: 'refresh_token',
        client_id: short.app.client_id,
        client_secret: short.app.client_secret,
        refresh_token: s.refresh_token,
      });
      expect(refreshed.json.expires_in).toBe(1);
      expect((await short.get('/tp/me.json', {}, String(refreshed.json.access_token))).status).toBe(
        200,
      );
    } finally {
      await short.close();
    }
  });

  it('POST /_sandbox/tokens/expire ends every access token of the app, refresh tokens stay', async () => {
    const s = await h.connect();
    const app = await h.appToken();
    const r = await h.sim('POST', '/tokens/expire', {});
    expect(r.status).toBe(200);
    expectError(await h.get('/tp/me.json', {}, s.access_token), 401, 'invalid_token');
    expectError(await h.get('/tp/me.json', { user_id: s.user_id }, app), 401, 'invalid_token');
    const refreshed = await h.post('/tp/token', {
      grant_type: 'refresh_token',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
      refresh_token: s.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });

  it('disconnect revokes the user tokens and the user is no longer connected', async () => {
    const s = await h.connect();
    const app = await h.appToken();
    expect((await h.sim('POST', `/users/${s.user_id}/disconnect`, {})).status).toBe(200);
    expectError(await h.get('/tp/me.json', {}, s.access_token), 401, 'invalid_token');
    expectError(await h.get('/tp/me.json', { user_id: s.user_id }, app), 403, 'user_not_connected');
  });

  it('a new grant adds tokens, earlier ones stay valid; app token + user_id has the latest scopes', async () => {
    const first = await h.connect(undefined, 'basic user_phone');
    const second = await h.connect(first.user_id, 'basic');
    expect((await h.get('/tp/me.json', {}, first.access_token)).json.msisdn).toBeDefined();
    expect((await h.get('/tp/me.json', {}, second.access_token)).json.msisdn).toBeUndefined();
    const viaApp = await h.get('/tp/me.json', { user_id: first.user_id }, await h.appToken());
    expect(viaApp.json.msisdn).toBeUndefined();
  });
});
