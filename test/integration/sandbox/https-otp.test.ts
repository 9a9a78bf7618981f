// HTTPS with the generated self-signed certificate; otp lifetime; no_push recorded with the message.
import { X509Certificate } from 'node:crypto';
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src-main/sandbox';
import { Harness, expectError } from './harness';

describe('HTTPS', () => {
  it('serves over TLS with a self-signed certificate for 127.0.0.1 that a client can trust', async () => {
    const sandbox = await startSandbox({ https: true });
    try {
      expect(sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const pem = sandbox.certificatePem ?? '';
      const cert = new X509Certificate(pem);
      expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
      expect(cert.verify(cert.publicKey)).toBe(true);
      const app = sandbox.apps[0]!;
      const body = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
      }).toString();
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      const trusted = new Agent({ connect: { ca: pem } });
      const res = await request(`${sandbox.baseUrl}/tp/token`, {
        method: 'POST',
        headers,
        body,
        dispatcher: trusted,
      });
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as { token_type: string }).token_type).toBe('Bearer');
      await trusted.close();
      // Without trusting the certificate the TLS handshake is refused.
      await expect(
        request(`${sandbox.baseUrl}/tp/token`, { method: 'POST', headers, body }),
      ).rejects.toThrow();
    } finally {
      await sandbox.close();
    }
    const plain = await startSandbox();
    expect(plain.certificatePem).toBeNull();
    await plain.close();
  });
});

describe('one-time passwords', () => {
  it('expire after the otp lifetime (invalid_grant at verify, access_denied at authorize)', async () => {
    const h = await Harness.start({
      otp_lifetime: 0.2,
      apps: [{ management_url: 'http://127.0.0.1:1/m', directory_url: 'http://127.0.0.1:1/d' }],
    });
    try {
      const user = await h.newUser();
      const a = String(
        (await h.sim('POST', `/users/${user}/otp`, { target: 'management' })).json.otp,
      );
      const b = String(
        (await h.sim('POST', `/users/${user}/otp`, { target: 'directory' })).json.otp,
      );
      await new Promise((r) => setTimeout(r, 250));
      expectError(
        await h.post('/tp/otp/verify.json', { otp: a }, await h.appToken()),
        400,
        'invalid_grant',
      );
      const r = await h.get('/tp/authorize', {
        response_type: 'code',
        client_id: h.app.client_id,
        state: 's',
        otp: b,
      });
      expect(new URL(String(r.headers.location)).searchParams.get('error')).toBe('access_denied');
    } finally {
      await h.close();
    }
  });

  it('is bound to its app', async () => {
    const h = await Harness.start({
      apps: [
        { client_id: 'one', management_url: 'http://127.0.0.1:1/m' },
        { client_id: 'two', management_url: 'http://127.0.0.1:1/m' },
      ],
    });
    try {
      const user = await h.newUser();
      const otp = String(
        (await h.sim('POST', `/users/${user}/otp`, { target: 'management', client_id: 'one' })).json
          .otp,
      );
      const other = h.sandbox.apps[1]!;
      expectError(
        await h.post('/tp/otp/verify.json', { otp }, await h.appToken(other)),
        400,
        'invalid_grant',
      );
      expect((await h.post('/tp/otp/verify.json', { otp }, await h.appToken())).json).toEqual({
        user_id: user,
      });
    } finally {
      await h.close();
    }
  });
});

describe('no_push', () => {
  it('is recorded with the message (default false)', async () => {
    const h = await Harness.start();
    try {
      const s = await h.connect();
      await h.addContact(s.access_token, 'c');
      const send = (extra: Record<string, string>) =>
        h.post(
          '/tp/message/send.json',
          { contact_id: 'c', resource_id: s.user_id, msg_type: 'text', text: 't', ...extra },
          s.access_token,
        );
      const quiet = await send({ no_push: 'true' });
      const loud = await send({});
      const state = await h.sim('GET', '/state');
      const sent = state.json.app_messages as {
        message: { id: string };
        no_push: boolean;
        recipients: string[];
      }[];
      expect(sent.find((m) => m.message.id === quiet.json.id)).toMatchObject({
        no_push: true,
        recipients: [s.user_id],
      });
      expect(sent.find((m) => m.message.id === loud.json.id)?.no_push).toBe(false);
    } finally {
      await h.close();
    }
  });
});
