// Every endpoint of the catalog against a real sandbox, each answer checked against the OpenAPI
// document the sandbox serves at /_sandbox/openapi.json: the status must be documented for the
// operation, a JSON body must validate (ajv, JSON Schema 2020-12), required headers must be there.
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src-shared/spec';
import { Harness, type Reply, type UserSession } from '../sandbox/harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking a JSON document by known keys
type Json = Record<string, any>;

let h: Harness;
let limited: Harness;
let doc: Json;
let appToken: string;
let ada: UserSession;
const exercised = new Set<string>();
const ajv = new Ajv2020({ strict: false, allErrors: true });

/** What is wrong with `reply` as an answer of `method path` according to the document. */
function problems(method: string, path: string, reply: Reply): string[] {
  const item = doc.paths[path];
  // A method the path does not take has no operation: its 405 is the one each operation lists.
  const op =
    item?.[method.toLowerCase()] ??
    (reply.status === 405 ? Object.values<Json>(item ?? {})[0] : undefined);
  if (!op) return [`${method} ${path} is not in the document`];
  exercised.add(op['x-tp-endpoint']);
  const response = op.responses[String(reply.status)];
  if (!response) {
    return [
      `${method} ${path} answered ${reply.status}, which the document does not list (${reply.text.slice(0, 200)})`,
    ];
  }
  const out: string[] = [];
  for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
    if (header.required && reply.headers[name.toLowerCase()] === undefined) {
      out.push(`${method} ${path} ${reply.status} has no ${name} header`);
    }
  }
  const contentType = String(reply.headers['content-type'] ?? '');
  const documented = Object.keys(response.content ?? {});
  if (documented.length > 0 && !documented.some((t) => contentType.startsWith(t))) {
    out.push(
      `${method} ${path} ${reply.status} is ${contentType}, documented ${documented.join(', ')}`,
    );
  }
  const schema = response.content?.['application/json']?.schema;
  if (schema) {
    const validate = ajv.compile({ ...schema, components: doc.components });
    if (!validate(JSON.parse(reply.text))) {
      out.push(
        `${method} ${path} ${reply.status} body ${reply.text.slice(0, 300)}: ${ajv.errorsText(validate.errors)}`,
      );
    }
  }
  return out;
}

function conforms(method: string, path: string, reply: Reply, status: number) {
  expect(reply.status, reply.text).toBe(status);
  expect(problems(method, path, reply)).toEqual([]);
}

beforeAll(async () => {
  // Otps are issued only to an app with a management (or directory) URL; nothing need answer there.
  h = await Harness.start({
    apps: [
      { management_url: 'http://127.0.0.1:9/manage', directory_url: 'http://127.0.0.1:9/dir' },
    ],
  });
  limited = await Harness.start({ rate_limit: { count: 1, window_s: 3600 } });
  const res = await fetch(`${h.base}/_sandbox/openapi.json`);
  expect(res.headers.get('content-type')).toContain('application/json');
  doc = (await res.json()) as Json;
  appToken = await h.appToken();
  ada = await h.connect(undefined, 'basic');
});

afterAll(async () => {
  await h?.close();
  await limited?.close();
});

describe('the OpenAPI document the sandbox serves', () => {
  it('passes the OpenAPI 3.1 validator and names the sandbox as its server', async () => {
    const result = await new Validator().validate(doc);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
    expect(doc.servers[0].url).toBe(h.base);
  });

  it('GET /tp/authorize: the consent page, an otp redirect, the page for an unknown client', async () => {
    const app = h.app;
    const query = { response_type: 'code', client_id: app.client_id, state: 's', scope: 'basic' };
    conforms('GET', '/tp/authorize', await h.get('/tp/authorize', query), 200);
    const otp = await h.sim('POST', `/users/${ada.user_id}/otp`, { target: 'directory' });
    const withOtp = {
      response_type: 'code',
      client_id: app.client_id,
      state: 's',
      otp: String(otp.json.otp),
    };
    conforms('GET', '/tp/authorize', await h.get('/tp/authorize', withOtp), 302);
    conforms(
      'GET',
      '/tp/authorize',
      await h.get('/tp/authorize', { ...query, client_id: 'nobody' }),
      400,
    );
  });

  it('POST /tp/token and its alias: a token, a wrong secret, an unknown grant', async () => {
    const app = h.app;
    const creds = { client_id: app.client_id, client_secret: app.client_secret };
    for (const path of ['/tp/token', '/tp/token.json']) {
      conforms(
        'POST',
        path,
        await h.post(path, { grant_type: 'client_credentials', ...creds }),
        200,
      );
    }
    conforms('POST', '/tp/token', await h.exchange(await h.code(ada.user_id, 'basic')), 200);
    const refresh = await h.post('/tp/token', {
      grant_type: 'refresh_token',
      refresh_token: ada.refresh_token,
      ...creds,
    });
    conforms('POST', '/tp/token', refresh, 200);
    ada.access_token = String(refresh.json.access_token);
    conforms(
      'POST',
      '/tp/token',
      await h.post('/tp/token', {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: 'wrong',
      }),
      401,
    );
    conforms(
      'POST',
      '/tp/token',
      await h.post('/tp/token', { grant_type: 'password', ...creds }),
      400,
    );
    conforms(
      'POST',
      '/tp/token',
      await h.post('/tp/token', {
        grant_type: 'authorization_code',
        code: 'used',
        redirect_uri: app.redirect_uri,
        ...creds,
      }),
      400,
    );
  });

  it('POST /tp/otp/verify.json: a user id, an unknown otp, a user token', async () => {
    const otp = await h.sim('POST', `/users/${ada.user_id}/otp`, { target: 'management' });
    const path = '/tp/otp/verify.json';
    conforms('POST', path, await h.post(path, { otp: String(otp.json.otp) }, appToken), 200);
    conforms('POST', path, await h.post(path, { otp: 'unknown' }, appToken), 400);
    conforms('POST', path, await h.post(path, { otp: 'x' }, ada.access_token), 403);
  });

  it('GET /tp/me.json: the user, no token, a user not connected', async () => {
    conforms('GET', '/tp/me.json', await h.get('/tp/me.json', {}, ada.access_token), 200);
    conforms(
      'GET',
      '/tp/me.json',
      await h.get('/tp/me.json', { user_id: ada.user_id }, appToken),
      200,
    );
    conforms('GET', '/tp/me.json', await h.get('/tp/me.json'), 401);
    const stranger = await h.newUser();
    conforms(
      'GET',
      '/tp/me.json',
      await h.get('/tp/me.json', { user_id: stranger }, appToken),
      403,
    );
    conforms('POST', '/tp/me.json', await h.post('/tp/me.json', {}, ada.access_token), 405);
  });

  it('contact add and remove, on both paths: the contact, a bad name, an unknown contact', async () => {
    for (const path of ['/tp/contact/add', '/tp/contact/add.json']) {
      const add = await h.post(
        path,
        { contact_id: 'shop', display_name: 'Shop', capabilities: 'interactive' },
        ada.access_token,
      );
      conforms('POST', path, add, 200);
      conforms(
        'POST',
        path,
        await h.post(path, { contact_id: 'shop', display_name: '' }, ada.access_token),
        400,
      );
    }
    for (const path of ['/tp/contact/remove', '/tp/contact/remove.json']) {
      await h.post(
        '/tp/contact/add',
        { contact_id: 'gone', display_name: 'Gone' },
        ada.access_token,
      );
      conforms('POST', path, await h.post(path, { contact_id: 'gone' }, ada.access_token), 200);
      conforms('POST', path, await h.post(path, { contact_id: 'gone' }, ada.access_token), 404);
    }
  });

  it('POST /tp/message/send.json: text, a picture, an unknown msg_type, a wrong file type', async () => {
    const path = '/tp/message/send.json';
    const to = { contact_id: 'shop', resource_id: ada.user_id };
    conforms(
      'POST',
      path,
      await h.post(path, { ...to, msg_type: 'text', text: 'hi' }, ada.access_token),
      200,
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...to, msg_type: 'picture' })) form.append(k, v);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    form.append('file', new Blob([png], { type: 'image/png' }), 'dot.png');
    conforms('POST', path, await h.multipart(path, form, ada.access_token), 200);
    conforms('POST', path, await h.post(path, { ...to, msg_type: 'fax' }, ada.access_token), 400);
    const bad = new FormData();
    for (const [k, v] of Object.entries({ ...to, msg_type: 'picture' })) bad.append(k, v);
    bad.append('file', new Blob(['text'], { type: 'text/plain' }), 'a.txt');
    conforms('POST', path, await h.multipart(path, bad, ada.access_token), 415);
    const other = await h.connect(undefined, 'basic');
    conforms(
      'POST',
      path,
      await h.post(
        path,
        { ...to, resource_id: other.user_id, msg_type: 'text', text: 'x' },
        ada.access_token,
      ),
      403,
    );
  });

  it('POST /tp/bulk/message/send.json: accepted with a refused recipient, a user token', async () => {
    const path = '/tp/bulk/message/send.json';
    const fields = {
      contact_id: 'shop',
      resources: `${ada.user_id} nobody`,
      msg_type: 'text',
      text: 'all',
    };
    conforms('POST', path, await h.post(path, fields, appToken), 200);
    conforms('POST', path, await h.post(path, fields, ada.access_token), 403);
  });

  it('resource info and list, on both paths: the user, an unknown resource, no user_id', async () => {
    for (const path of ['/tp/resource/info', '/tp/resource/info.json']) {
      conforms('GET', path, await h.get(path, { resource_id: ada.user_id }, ada.access_token), 200);
      conforms('GET', path, await h.get(path, { resource_id: 'rnothing' }, ada.access_token), 404);
    }
    for (const path of ['/tp/resource/list', '/tp/resource/list.json']) {
      conforms('GET', path, await h.get(path, { user_id: ada.user_id }, appToken), 200);
      conforms('GET', path, await h.get(path, {}, appToken), 400);
    }
    const basicOnly = await h.connect(undefined, 'basic');
    conforms(
      'GET',
      '/tp/resource/list',
      await h.get('/tp/resource/list', {}, basicOnly.access_token),
      200,
    );
  });

  it('a rate-limited call: 429 with Retry-After', async () => {
    const token = await limited.appToken();
    const path = '/tp/resource/list';
    await limited.get(path, {}, token);
    const reply = await limited.get(path, {}, token);
    expect(reply.status, reply.text).toBe(429);
    const op = doc.paths[path].get;
    expect(op.responses['429'].headers['Retry-After'].required).toBe(true);
    expect(reply.headers['retry-after']).toMatch(/^\d+$/);
    expect(problems('GET', path, reply)).toEqual([]);
  });

  it('finds an answer that breaks the document, so the checks above are not vacuous', () => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const wrongBody = { status: 200, headers: json, text: '{"users":"x"}', json: {} };
    expect(problems('GET', '/tp/resource/list', wrongBody)[0]).toContain('must be array');
    const wrongCode = {
      status: 403,
      headers: json,
      text: '{"error":"nope","error_description":"x"}',
      json: {},
    };
    expect(problems('GET', '/tp/resource/list', wrongCode)[0]).toContain('allowed values');
    const undocumented = { status: 418, headers: json, text: '{}', json: {} };
    expect(problems('GET', '/tp/resource/list', undocumented)[0]).toContain('does not list');
  });

  it('exercised every endpoint of the catalog', () => {
    expect([...exercised].sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });
});
