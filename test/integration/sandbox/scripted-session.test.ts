// The whole platform driven by a script that knows only the API document and docs/sandbox.md:
// it starts `node out/main/sandbox.js --json` (what `npm run sandbox` runs; needs
// the build, which `npm test` does first), and talks to it over HTTP only.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';

const CLI = resolve(import.meta.dirname, '../../../out/main/sandbox.js');
const dir = mkdtempSync(join(tmpdir(), 'tp-done-'));
type Json = Record<string, unknown>;
interface Ready {
  baseUrl: string;
  apps: { client_id: string; client_secret: string; redirect_uri: string }[];
}

let child: ChildProcess;
let ready: Ready;
let endpoint: Server;
const inbox: { data: string; signature: string; signature_method: string }[] = [];

beforeAll(async () => {
  expect(existsSync(CLI), `${CLI} is missing: run npm run build first`).toBe(true);
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      inbox.push({
        data: form.get('data') ?? '',
        signature: form.get('signature') ?? '',
        signature_method: form.get('signature_method') ?? '',
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      rate_limit: { count: 1000, window_s: 60 },
      apps: [
        {
          name: 'Script App',
          client_id: 'script-app',
          redirect_uri: 'http://127.0.0.1:9/cb',
          endpoint_url: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/in`,
        },
      ],
    }),
  );
  child = spawn(
    process.execPath,
    [CLI, '--json', '--port', '0', '--config', config, '--state', join(dir, 'state.json')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((r) =>
    createInterface({ input: child.stdout! }).once('line', r),
  );
  ready = JSON.parse(line) as Ready;
});

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  endpoint.closeAllConnections();
  await new Promise((r) => endpoint.close(r));
  rmSync(dir, { recursive: true, force: true });
});

async function http(
  method: string,
  path: string,
  opts: { form?: Record<string, string>; json?: unknown; token?: string; body?: FormData } = {},
) {
  const headers: Record<string, string> = {};
  let body: string | FormData | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else body = opts.body;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(ready.baseUrl + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = {};
  }
  return { status: res.status, json, headers: res.headers };
}

it('runs the whole platform from a script: OAuth, contacts, every msg_type, deliveries, every error', async () => {
  const app = ready.apps[0]!;
  const creds = { client_id: app.client_id, client_secret: app.client_secret };
  const appToken = String(
    (await http('POST', '/tp/token', { form: { grant_type: 'client_credentials', ...creds } })).json
      .access_token,
  );

  // Connect a user without a browser.
  const user = String(
    (await http('POST', '/_sandbox/users', { json: { name: 'Scripted', surname: 'Person' } })).json
      .id,
  );
  const auth = await http('POST', '/_sandbox/authorize', {
    json: {
      client_id: app.client_id,
      redirect_uri: app.redirect_uri,
      state: 'st',
      user_id: user,
      scope: 'basic user_phone',
      decision: 'approve',
    },
  });
  const code = new URL(String(auth.json.redirect)).searchParams.get('code') ?? '';
  const token = await http('POST', '/tp/token', {
    form: { grant_type: 'authorization_code', ...creds, code, redirect_uri: app.redirect_uri },
  });
  const userToken = String(token.json.access_token);
  expect(token.json.user_id).toBe(user);

  // Contacts, and a room with the contact in it.
  expect(
    (
      await http('POST', '/tp/contact/add', {
        token: userToken,
        form: {
          contact_id: 'desk',
          display_name: 'Help desk',
          capabilities: 'interactive group_add',
        },
      })
    ).status,
  ).toBe(200);
  const room = String(
    (await http('POST', '/_sandbox/rooms', { json: { subject: 'Support', created_by: user } })).json
      .room,
  );
  expect(
    (
      await http('POST', `/_sandbox/rooms/${room}/invite`, {
        json: { contact_id: 'desk', by: user },
      })
    ).status,
  ).toBe(200);

  // Every msg_type, to the user and to the room.
  const vcard =
    '<contact xmlns="platform:x:contact"><name>A</name><surname>B</surname><phone>123</phone></contact>';
  const typed: Record<string, Record<string, string>> = {
    text: { text: 'hello' },
    sticker: { sticker_id: 'smile' },
    location: { geo_lat: '1.5', geo_lon: '2.5' },
    contact: { vcard },
  };
  const media: Record<string, string> = {
    picture: 'image/jpeg',
    movie: 'video/mp4',
    sound: 'audio/mp3',
    voice: 'audio/amr',
    file: 'application/pdf',
  };
  for (const resource of [user, room]) {
    for (const [msgType, fields] of Object.entries(typed)) {
      const r = await http('POST', '/tp/message/send.json', {
        token: userToken,
        form: { contact_id: 'desk', resource_id: resource, msg_type: msgType, ...fields },
      });
      expect(r.status, `${msgType} to ${resource}`).toBe(200);
    }
    for (const [msgType, mime] of Object.entries(media)) {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        contact_id: 'desk',
        resource_id: resource,
        msg_type: msgType,
      }))
        form.set(k, v);
      form.set('file', new Blob([new Uint8Array(32)], { type: mime }), 'sample');
      const r = await http('POST', '/tp/message/send.json', { token: userToken, body: form });
      expect(r.status, `${msgType} to ${resource}`).toBe(200);
    }
  }

  // Signed deliveries on our own endpoint: a user's message and a group event.
  await http('POST', `/_sandbox/users/${user}/messages`, {
    json: { contact_id: 'desk', msg_type: 'text', text: 'ping' },
  });
  await http('POST', `/_sandbox/rooms/${room}/update`, {
    json: { by: user, subject: 'Support 2' },
  });
  for (let i = 0; i < 100 && inbox.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
  const types = inbox.map((d) => (JSON.parse(d.data) as Json).type);
  expect(types).toEqual(expect.arrayContaining(['group-invite', 'text', 'group-update']));
  for (const d of inbox) {
    expect(d.signature_method).toBe('HMAC-SHA256');
    expect(d.signature).toBe(
      createHmac('sha256', app.client_secret).update(d.data, 'utf8').digest('hex'),
    );
  }

  // Every documented error. (The reused code is a second one: reuse revokes the tokens it gave.)
  const second = await http('POST', '/_sandbox/authorize', {
    json: {
      client_id: app.client_id,
      state: 's',
      user_id: user,
      scope: 'basic',
      decision: 'approve',
    },
  });
  const code2 = new URL(String(second.json.redirect)).searchParams.get('code') ?? '';
  const exchange2 = {
    grant_type: 'authorization_code',
    ...creds,
    code: code2,
    redirect_uri: app.redirect_uri,
  };
  expect((await http('POST', '/tp/token', { form: exchange2 })).status).toBe(200);
  const errors: [number, string, Promise<{ status: number; json: Json }>][] = [
    [
      400,
      'invalid_request',
      http('POST', '/tp/contact/add', { token: userToken, form: { contact_id: 'x' } }),
    ],
    [
      400,
      'unsupported_msg_type',
      http('POST', '/tp/message/send.json', {
        token: userToken,
        form: { contact_id: 'desk', resource_id: user, msg_type: 'fax' },
      }),
    ],
    [400, 'invalid_grant', http('POST', '/tp/token', { form: exchange2 })],
    [
      400,
      'unsupported_grant_type',
      http('POST', '/tp/token', { form: { grant_type: 'password', ...creds } }),
    ],
    [401, 'invalid_token', http('GET', '/tp/me.json', { token: 'nope' })],
    [
      401,
      'invalid_client',
      http('POST', '/tp/token', {
        form: {
          grant_type: 'client_credentials',
          client_id: app.client_id,
          client_secret: 'wrong',
        },
      }),
    ],
    [
      403,
      'not_authorized',
      http('POST', '/tp/message/send.json', {
        token: userToken,
        form: {
          contact_id: 'desk',
          resource_id: String(
            (
              await http('POST', '/_sandbox/rooms', {
                json: { subject: 'Other', created_by: user },
              })
            ).json.room,
          ),
          msg_type: 'text',
          text: 'x',
        },
      }),
    ],
    [
      403,
      'user_not_connected',
      http('POST', '/_sandbox/users', { json: { name: 'N', surname: 'C' } }).then((u) =>
        http('GET', `/tp/me.json?user_id=${String(u.json.id)}`, { token: appToken }),
      ),
    ],
    [
      403,
      'app_token_required',
      http('POST', '/tp/otp/verify.json', { token: userToken, form: { otp: 'x' } }),
    ],
    [
      404,
      'not_found',
      http('POST', '/tp/contact/remove', { token: userToken, form: { contact_id: 'ghost' } }),
    ],
    [405, 'method_not_allowed', http('GET', '/tp/message/send.json', { token: userToken })],
    [
      415,
      'unsupported_media_type',
      (async () => {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          contact_id: 'desk',
          resource_id: user,
          msg_type: 'picture',
        }))
          form.set(k, v);
        form.set('file', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
        return http('POST', '/tp/message/send.json', { token: userToken, body: form });
      })(),
    ],
  ];
  for (const [status, error, pending] of errors) {
    const r = await pending;
    expect([r.status, r.json.error], error).toEqual([status, error]);
  }
  const phoneOnly = await http('POST', '/_sandbox/authorize', {
    json: {
      client_id: app.client_id,
      state: 's',
      user_id: user,
      scope: 'user_phone',
      decision: 'approve',
    },
  });
  const narrow = await http('POST', '/tp/token', {
    form: {
      grant_type: 'authorization_code',
      ...creds,
      code: new URL(String(phoneOnly.json.redirect)).searchParams.get('code') ?? '',
      redirect_uri: app.redirect_uri,
    },
  });
  expect(
    (await http('GET', '/tp/resource/list', { token: String(narrow.json.access_token) })).json
      .error,
  ).toBe('insufficient_scope');
  const scoped = await http(
    'GET',
    `/tp/authorize?response_type=code&client_id=${app.client_id}&state=s&scope=admin`,
  );
  expect(new URL(String(scoped.headers.get('location'))).searchParams.get('error')).toBe(
    'invalid_scope',
  );
  await http('PATCH', `/_sandbox/apps/${app.client_id}`, {
    json: { rate_limit: { count: 1, window_s: 30 } },
  });
  await http('GET', '/tp/me.json', { token: userToken });
  const limited = await http('GET', '/tp/me.json', { token: userToken });
  expect([
    limited.status,
    limited.json.error,
    Number(limited.headers.get('retry-after')) > 0,
  ]).toEqual([429, 'rate_limited', true]);

  // SIGTERM saves the state file for the next session.
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const saved = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as {
    users: { id: string }[];
  };
  expect(saved.users.some((u) => u.id === user)).toBe(true);
}, 60_000);
