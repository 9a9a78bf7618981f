// GET /tp/authorize, its consent page, and POST /_sandbox/authorize (API document §4.1,
// docs/sandbox.md "Tokens and OAuth" and "Details").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, expectError } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({
    apps: [
      {
        scopes: ['basic', 'user_phone'],
        management_url: 'http://127.0.0.1:9/m',
        directory_url: 'http://127.0.0.1:9/d',
      },
    ],
  });
});
afterAll(() => h.close());

function authorizeQuery(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const q: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: h.app.client_id,
    state: 'xyz 1/2',
    scope: 'basic user_phone',
    ...extra,
  };
  return Object.fromEntries(
    Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

function redirected(location: unknown): URL {
  const url = new URL(String(location));
  expect(`${url.origin}${url.pathname}`).toBe(h.app.redirect_uri);
  return url;
}

describe('GET /tp/authorize', () => {
  it('shows a consent page with the app, the scopes and the users', async () => {
    const r = await h.get('/tp/authorize', authorizeQuery());
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.text).toContain('Acme Orders');
    expect(r.text).toContain('user_phone');
    expect(r.text).toContain('Get the user&#39;s phone number');
    expect(r.text).toContain('Ana Souza');
    expect(r.text).toMatch(/name="decision" value="approve"/);
    expect(r.text).toMatch(/name="decision" value="deny"/);
  });

  it('an unknown client_id or a wrong redirect_uri is an HTML 400 without redirect', async () => {
    for (const q of [
      authorizeQuery({ client_id: 'nobody' }),
      authorizeQuery({ redirect_uri: 'http://evil.test/cb' }),
    ]) {
      const r = await h.get('/tp/authorize', q);
      expect(r.status).toBe(400);
      expect(r.headers.location).toBeUndefined();
      expect(r.headers['content-type']).toContain('text/html');
    }
    expect(
      (await h.get('/tp/authorize', authorizeQuery({ redirect_uri: h.app.redirect_uri }))).status,
    ).toBe(200);
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type', true],
    [{ response_type: undefined }, 'invalid_request', true],
    [{ state: undefined }, 'invalid_request', false],
    [{ scope: undefined }, 'invalid_request', true],
    [{ scope: 'basic admin' }, 'invalid_scope', true],
    [{ otp: 'not-an-otp', scope: undefined }, 'access_denied', true],
  ] as const)('redirects with error for %o', async (extra, error, hasState) => {
    const r = await h.get('/tp/authorize', authorizeQuery(extra));
    expect(r.status).toBe(302);
    const url = redirected(r.headers.location);
    expect(url.searchParams.get('error')).toBe(error);
    expect(url.searchParams.get('error_description')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe(hasState ? 'xyz 1/2' : null);
  });

  it('refuses scopes beyond the registered ones', async () => {
    const narrow = await Harness.start({ apps: [{ scopes: ['basic'] }] });
    try {
      const r = await narrow.get('/tp/authorize', {
        response_type: 'code',
        client_id: narrow.app.client_id,
        state: 's',
        scope: 'basic user_phone',
      });
      expect(new URL(String(r.headers.location)).searchParams.get('error')).toBe('invalid_scope');
    } finally {
      await narrow.close();
    }
  });

  it('with an otp redirects at once with a code for the otp user, granting the registered scopes', async () => {
    const user = await h.newUser('Otto', 'Plan');
    const otp = await h.sim('POST', `/users/${user}/otp`, { target: 'directory' });
    expect(otp.status).toBe(200);
    const r = await h.get(
      '/tp/authorize',
      authorizeQuery({ otp: String(otp.json.otp), scope: undefined }),
    );
    expect(r.status).toBe(302);
    const url = redirected(r.headers.location);
    expect(url.searchParams.get('state')).toBe('xyz 1/2');
    const token = await h.exchange(String(url.searchParams.get('code')));
    expect(token.json).toMatchObject({ user_id: user, scope: 'basic user_phone' });
    // The otp is single use.
    const again = await h.get(
      '/tp/authorize',
      authorizeQuery({ otp: String(otp.json.otp), scope: undefined }),
    );
    expect(new URL(String(again.headers.location)).searchParams.get('error')).toBe('access_denied');
  });
});

describe('the consent form (POST /tp/authorize)', () => {
  const form = (extra: Record<string, string>) => ({
    response_type: 'code',
    client_id: h.app.client_id,
    state: 'st',
    scope: 'basic',
    ...extra,
  });

  it('approve as an existing user redirects with a code for that user', async () => {
    const user = await h.newUser('Form', 'User');
    const r = await h.post('/tp/authorize', form({ user_id: user, decision: 'approve' }));
    expect(r.status).toBe(303);
    const url = redirected(r.headers.location);
    expect(url.searchParams.get('state')).toBe('st');
    const token = await h.exchange(String(url.searchParams.get('code')));
    expect(token.json).toMatchObject({ user_id: user, scope: 'basic' });
  });

  it('approve as a new user creates it', async () => {
    const r = await h.post(
      '/tp/authorize',
      form({ user_id: 'new', new_name: 'Neu', new_surname: 'Nutzer', decision: 'approve' }),
    );
    const token = await h.exchange(String(redirected(r.headers.location).searchParams.get('code')));
    const me = await h.get('/tp/me.json', {}, String(token.json.access_token));
    expect(me.json.profile).toMatchObject({ name: 'Neu', surname: 'Nutzer' });
  });

  it('a new user without a name shows the page again with the problem', async () => {
    const r = await h.post('/tp/authorize', form({ user_id: 'new', decision: 'approve' }));
    expect(r.status).toBe(400);
    expect(r.text).toContain('Give the new user a name');
  });

  it('deny redirects with access_denied', async () => {
    const r = await h.post('/tp/authorize', form({ decision: 'deny' }));
    const url = redirected(r.headers.location);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('st');
  });
});

describe('POST /_sandbox/authorize', () => {
  it('answers {redirect} with code and state on approve, access_denied on deny', async () => {
    const user = await h.newUser();
    const base = {
      client_id: h.app.client_id,
      redirect_uri: h.app.redirect_uri,
      state: 'abc',
      user_id: user,
      scope: 'basic',
    };
    const ok = await h.sim('POST', '/authorize', { ...base, decision: 'approve' });
    const url = redirected(ok.json.redirect);
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe('abc');
    const no = await h.sim('POST', '/authorize', { ...base, decision: 'deny' });
    expect(redirected(no.json.redirect).searchParams.get('error')).toBe('access_denied');
  });

  it('ignores user_id when an otp is given', async () => {
    const owner = await h.newUser('Otp', 'Owner');
    const other = await h.newUser('Someone', 'Else');
    const otp = await h.sim('POST', `/users/${owner}/otp`, { target: 'directory' });
    const r = await h.sim('POST', '/authorize', {
      client_id: h.app.client_id,
      state: 's',
      user_id: other,
      otp: otp.json.otp,
      decision: 'approve',
    });
    const token = await h.exchange(String(redirected(r.json.redirect).searchParams.get('code')));
    expect(token.json.user_id).toBe(owner);
  });

  it('a wrong client or redirect_uri is a JSON 400, an unknown user a 404, a bad scope a redirect', async () => {
    const user = await h.newUser();
    const base = {
      client_id: h.app.client_id,
      state: 's',
      user_id: user,
      scope: 'basic',
      decision: 'approve',
    };
    expectError(
      await h.sim('POST', '/authorize', { ...base, client_id: 'nobody' }),
      400,
      'invalid_request',
    );
    expectError(
      await h.sim('POST', '/authorize', { ...base, redirect_uri: 'http://x.test/' }),
      400,
      'invalid_request',
    );
    expectError(
      await h.sim('POST', '/authorize', { ...base, user_id: 'u-nobody' }),
      404,
      'not_found',
    );
    expectError(
      await h.sim('POST', '/authorize', { ...base, decision: 'maybe' }),
      400,
      'invalid_request',
    );
    const bad = await h.sim('POST', '/authorize', { ...base, scope: 'everything' });
    expect(new URL(String(bad.json.redirect)).searchParams.get('error')).toBe('invalid_scope');
  });
});
