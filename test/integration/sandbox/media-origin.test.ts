// Media and the sandbox's origin (docs/sandbox.md): an uploaded file must not run script on the
// origin that serves /_sandbox/state, and the simulator API answers no page of another origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, expectError, type UserSession } from './harness';

let h: Harness;
let s: UserSession;
beforeAll(async () => {
  h = await Harness.start();
  s = await h.connect();
  await h.addContact(s.access_token, 'shop');
});
afterAll(() => h.close());

const PAGE = `<html><script>fetch('/_sandbox/state').then((r) => r.text()).then(alert)</script></html>`;

/** The user sends a file through the simulator; answers the served file's response. */
async function sendAndFetch(msgType: string, mimeType: string, filename: string, body: string) {
  const sent = await h.sim('POST', `/users/${s.user_id}/messages`, {
    contact_id: 'shop',
    msg_type: msgType,
    file: { filename, mime_type: mimeType, base64: Buffer.from(body).toString('base64') },
  });
  expect(sent.status).toBe(200);
  const data = sent.json.data as { url: string; mime_type: string };
  expect(data.mime_type).toBe(mimeType);
  return fetch(data.url);
}

describe('media served from the sandbox', () => {
  it('a text/html file comes as an attachment under a sandboxing CSP, never as a page', async () => {
    const res = await sendAndFetch('file', 'text/html', 'offer "50%".html', PAGE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="offer _50%_.html"; filename*=UTF-8''offer%20%2250%25%22.html`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.split(';').map((d) => d.trim())).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'"]),
    );
    // What the app was told in mime_type, and the bytes, are unchanged.
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(await res.text()).toBe(PAGE);
  });

  it('an SVG sent as a file (it can carry script) is an attachment too', async () => {
    const res = await sendAndFetch('file', 'image/svg+xml', 'x.svg', '<svg/>');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('an image of the media table stays viewable in place, with its type', async () => {
    const png = 'iVBORw0KGgo=';
    const res = await sendAndFetch('picture', 'image/png', 'a.png', png);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="a.png"; filename*=UTF-8''a.png`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.text()).toBe(png);
  });
});

describe('the simulator API and other origins', () => {
  it('JSON answers are same-origin resources, not to be sniffed', async () => {
    const r = await h.raw('GET', '/_sandbox/state', undefined, { origin: 'https://evil.example' });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a change asked by a page of another origin, even on this machine', async () => {
    const before = (await h.sim('GET', '/state')).json.users as unknown[];
    const post = (origin: string) =>
      h.raw('POST', '/_sandbox/users', JSON.stringify({ name: 'X', surname: 'Y' }), {
        'content-type': 'text/plain',
        origin,
      });
    expectError(await post('https://evil.example'), 403, 'not_authorized');
    const otherPort = new URL(h.base);
    otherPort.port = String(Number(otherPort.port) + 1);
    expectError(await post(otherPort.origin), 403, 'not_authorized');
    expectError(await post(h.base.replace('127.0.0.1', 'localhost')), 403, 'not_authorized');
    expect(((await h.sim('GET', '/state')).json.users as unknown[]).length).toBe(before.length);
    // A page of the sandbox's own origin (its consent page is one) may still.
    expect((await post(h.base)).status).toBe(200);
  });
});
