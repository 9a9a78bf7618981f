// GET /tp/me.json (4.4), POST /tp/otp/verify.json (4.3), and the token rules of part 5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../../src-shared/spec';
import { Harness, expectError } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ apps: [{ management_url: 'http://127.0.0.1:9/manage' }] });
});
afterAll(() => h.close());

describe('GET /tp/me.json', () => {
  it('gives id, profile and lang with basic, msisdn only with user_phone', async () => {
    const user = (
      await h.sim('POST', '/users', {
        name: 'Maria',
        surname: 'Silva',
        msisdn: '+5521999990000',
        lang: 'pt',
      })
    ).json;
    const full = await h.connect(String(user.id), 'basic user_phone');
    const me = MeResponse.parse((await h.get('/tp/me.json', {}, full.access_token)).json);
    expect(me).toEqual({
      id: user.id,
      profile: { name: 'Maria', surname: 'Silva', avatar_url: user.avatar_url },
      lang: 'pt',
      msisdn: '+5521999990000',
    });
    const basic = await h.connect(String(user.id), 'basic');
    expect((await h.get('/tp/me.json', {}, basic.access_token)).json.msisdn).toBeUndefined();
    const phoneOnly = await h.connect(String(user.id), 'user_phone');
    const onlyPhone = (await h.get('/tp/me.json', {}, phoneOnly.access_token)).json;
    expect(onlyPhone).toEqual({ id: user.id, msisdn: '+5521999990000' });
  });

  it('the app token with user_id is equivalent to the user token', async () => {
    const s = await h.connect();
    const app = await h.appToken();
    const viaUser = await h.get('/tp/me.json', {}, s.access_token);
    const viaApp = await h.get('/tp/me.json', { user_id: s.user_id }, app);
    expect(viaApp.status).toBe(200);
    expect(viaApp.json).toEqual(viaUser.json);
  });

  it('app token without user_id: 400; user token with user_id: 400; unconnected user: 403; unknown user: 404', async () => {
    const s = await h.connect();
    const app = await h.appToken();
    expectError(await h.get('/tp/me.json', {}, app), 400, 'invalid_request');
    expectError(
      await h.get('/tp/me.json', { user_id: s.user_id }, s.access_token),
      400,
      'invalid_request',
    );
    const stranger = await h.newUser();
    expectError(await h.get('/tp/me.json', { user_id: stranger }, app), 403, 'user_not_connected');
    expectError(await h.get('/tp/me.json', { user_id: 'u-unknown' }, app), 404, 'not_found');
  });

  it('401 invalid_token without a header, with a malformed one, or with an unknown token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer nope' },
    ]) {
      const r = await h.raw('GET', '/tp/me.json', undefined, headers);
      expectError(r, 401, 'invalid_token');
      expect(r.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });

  it('405 for POST', async () => {
    expectError(await h.post('/tp/me.json', {}, await h.appToken()), 405, 'method_not_allowed');
  });
});

describe('POST /tp/otp/verify.json', () => {
  it('answers {user_id} once for an otp opened on the management URL', async () => {
    const user = await h.newUser();
    const otp = await h.sim('POST', `/users/${user}/otp`, { target: 'management', fromapp: false });
    expect(otp.json.url).toContain('fromapp=false');
    const app = await h.appToken();
    const r = await h.post('/tp/otp/verify.json', { otp: String(otp.json.otp) }, app);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ user_id: user });
    expectError(
      await h.post('/tp/otp/verify.json', { otp: String(otp.json.otp) }, app),
      400,
      'invalid_grant',
    );
    expectError(await h.post('/tp/otp/verify.json', { otp: 'unknown' }, app), 400, 'invalid_grant');
    expectError(await h.post('/tp/otp/verify.json', {}, app), 400, 'invalid_request');
  });

  it('needs the app-level token', async () => {
    const s = await h.connect();
    expectError(
      await h.post('/tp/otp/verify.json', { otp: 'x' }, s.access_token),
      403,
      'app_token_required',
    );
  });
});
