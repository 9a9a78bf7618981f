// Property test: malformed and random input at every endpoint. Whatever arrives, the answer is a
// complete HTTP response: a JSON error with a 4xx (or a success, a redirect or the consent page),
// never a 5xx or a dropped connection, and the server keeps serving.
import { connect } from 'node:net';
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src-shared/spec';
import { Harness, type UserSession } from './harness';

let h: Harness;
let user: UserSession;
let appToken: string;
beforeAll(async () => {
  h = await Harness.start({ max_file_bytes: 4096 });
  user = await h.connect();
  appToken = await h.appToken();
  await h.addContact(user.access_token, 'shop');
});
afterAll(() => h.close());

const SIM_PATHS = [
  '/_sandbox/state',
  '/_sandbox/users',
  '/_sandbox/authorize',
  '/_sandbox/apps/acme-orders',
  '/_sandbox/users/USER/messages',
  '/_sandbox/users/USER/otp',
  '/_sandbox/users/USER/disconnect',
  '/_sandbox/rooms',
  '/_sandbox/rooms/x/invite',
  '/_sandbox/rooms/x/update',
  '/_sandbox/tokens/expire',
  '/_sandbox/deliveries',
  '/_sandbox/deliveries/x/redeliver',
  '/_sandbox/media/abc/x',
  '/_sandbox/avatars/x.svg',
];
const PATHS = [
  ...ENDPOINTS.flatMap((e) => [...e.paths]),
  ...SIM_PATHS,
  '/',
  '/tp/',
  '/tp/%zz',
  '//x',
];

const PARAM_NAMES = [...new Set(ENDPOINTS.flatMap((e) => e.params.map((p) => p.name)))];
const VALUE = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    '',
    'text',
    'picture',
    'basic',
    'true',
    '1',
    '-91',
    '1e999',
    'NaN',
    'shop',
    'USER',
    '<contact/>',
    'acme-orders',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const FIELDS = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...PARAM_NAMES), fc.string({ maxLength: 12 })), VALUE),
  { maxLength: 10 },
);

const AUTH = fc.constantFrom('none', 'app', 'user', 'garbage', 'basic');

function authHeader(kind: string): Record<string, string> {
  if (kind === 'app') return { authorization: `Bearer ${appToken}` };
  if (kind === 'user') return { authorization: `Bearer ${user.access_token}` };
  if (kind === 'garbage') return { authorization: 'Bearer \u00ff\u00fe' };
  if (kind === 'basic') return { authorization: 'Basic Zm9vOmJhcg==' };
  return {};
}

function fill(value: string): string {
  return value === 'USER' ? user.user_id : value;
}

type Body = {
  kind: 'form' | 'json' | 'multipart' | 'garbage' | 'none';
  fields: [string, string][];
  file: boolean;
  mime: string;
};

function encode(body: Body): { headers: Record<string, string>; payload?: Buffer | string } {
  const fields = body.fields.map(([k, v]) => [k, fill(v)] as [string, string]);
  switch (body.kind) {
    case 'form':
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      };
    case 'json':
      return {
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(Object.fromEntries(fields)),
      };
    case 'multipart': {
      const boundary = 'fuzzBoundary7MA4YWxk';
      let text = '';
      for (const [k, v] of fields)
        text += `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${v}\r\n`;
      if (body.file) {
        text += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\nContent-Type: ${body.mime}\r\n\r\n${'x'.repeat(body.mime.length * 50)}\r\n`;
      }
      text += `--${boundary}--\r\n`;
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: text,
      };
    }
    case 'garbage':
      return {
        headers: {
          'content-type':
            body.mime === '' ? 'multipart/form-data; boundary=' : `${body.mime}; charset="x`,
        },
        payload: fields.map((f) => f.join('')).join(''),
      };
    default:
      return { headers: {} };
  }
}

const BODY = fc.record({
  kind: fc.constantFrom('form', 'json', 'multipart', 'garbage', 'none'),
  fields: FIELDS,
  file: fc.boolean(),
  mime: fc.constantFrom('image/png', 'video/mp4', 'audio/amr', 'application/pdf', 'x/y', ''),
}) as fc.Arbitrary<Body>;

const REQUEST = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD'),
  path: fc.constantFrom(...PATHS),
  query: FIELDS,
  auth: AUTH,
  body: BODY,
});

it('answers every random request with a complete, non-5xx response; errors are JSON', async () => {
  await fc.assert(
    fc.asyncProperty(REQUEST, async (r) => {
      const path = r.path.replace('USER', user.user_id);
      const qs = new URLSearchParams(
        r.query.map(([k, v]): [string, string] => [k, fill(v)]),
      ).toString();
      const { headers, payload } = encode(r.body);
      const method = r.method;
      const res = await request(`${h.base}${path}${qs ? `?${qs}` : ''}`, {
        method: method as 'POST',
        headers: { ...headers, ...authHeader(r.auth) },
        ...(payload === undefined || method === 'GET' || method === 'HEAD'
          ? {}
          : { body: payload }),
      });
      const text = await res.body.text();
      expect(res.statusCode).toBeLessThan(500);
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode >= 400 && method !== 'HEAD') {
        if (type.startsWith('text/html')) {
          expect(path).toBe('/tp/authorize');
        } else {
          const json = JSON.parse(text) as { error?: unknown; error_description?: unknown };
          expect(typeof json.error).toBe('string');
          expect(typeof json.error_description).toBe('string');
        }
      }
    }),
    { numRuns: 1500 },
  );
  expect(h.sandbox.internalErrors()).toBe(0);
  // Still serving. (The random calls may have expired or revoked the earlier tokens.)
  const fresh = await h.connect();
  expect((await h.get('/tp/resource/list', {}, fresh.access_token)).status).toBe(200);
}, 120_000);

it('targeted: every catalog endpoint with random parameter values and both tokens', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ENDPOINTS.filter((e) => e.id !== 'authorize')),
      fc.array(VALUE, { minLength: 12, maxLength: 12 }),
      fc.boolean(),
      async (endpoint, values, asApp) => {
        const fields: Record<string, string> = {};
        endpoint.params.forEach((p, i) => {
          if (p.kind !== 'file') fields[p.name] = fill(values[i % values.length] ?? '');
        });
        const token = asApp ? appToken : user.access_token;
        const r =
          endpoint.method === 'GET'
            ? await h.get(endpoint.paths[0] ?? '', fields, token)
            : await h.post(endpoint.paths[0] ?? '', fields, token);
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(typeof r.json.error).toBe('string');
      },
    ),
    { numRuns: 800 },
  );
  expect(h.sandbox.internalErrors()).toBe(0);
}, 120_000);

it('answers malformed HTTP on a raw socket with a JSON 400, and keeps serving', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }), async (junk) => {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(h.base).port), '127.0.0.1');
        let got = '';
        socket.on('data', (d) => (got += d.toString('latin1')));
        socket.on('close', () => resolve(got));
        socket.on('error', () => resolve(got));
        socket.end(`${junk}\r\n\r\n`);
        setTimeout(() => socket.destroy(), 2000);
      });
      // Either a full HTTP answer, or (for input that is a valid partial request) none yet.
      if (answer !== '') expect(answer).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
    }),
    { numRuns: 200 },
  );
  const fresh = await h.connect();
  expect((await h.get('/tp/me.json', {}, fresh.access_token)).status).toBe(200);
}, 60_000);

it('survives clients that go away in the middle of a body, form or multipart', async () => {
  const port = Number(new URL(h.base).port);
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=XyZ']) {
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /tp/message/send.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.access_token}\r\nContent-Type: ${type}\r\nContent-Length: 100000\r\n\r\n--XyZ\r\nContent-Disposition: form-data; name="text"\r\n\r\nhal`,
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 5);
        });
        socket.on('error', () => resolve());
      });
    }
  }
  const fresh = await h.connect();
  expect((await h.get('/tp/me.json', {}, fresh.access_token)).status).toBe(200);
  expect(h.sandbox.internalErrors()).toBe(0);
});
