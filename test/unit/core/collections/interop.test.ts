// Postman export and Postman/HAR import: what translates, what is left out, and that no secret
// is ever written into a collection file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCollection } from '../../../../src-main/core/collections/load-collection';
import { importIntoCollection } from '../../../../src-main/core/collections/interop/import-collection';
import { toPostman } from '../../../../src-main/core/collections/interop/postman-export';
import { parseScenarioText } from '../../../../src-main/core/collections/parse-file';

const dirs: string[] = [];
function collectionDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'tp-interop-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SCENARIO = `name: Send and see it delivered
variables:
  greeting: hello {{name}}
steps:
  - name: list
    request:
      endpoint: resource.list
      user: "{{ada}}"
    expect:
      status: 200
      time: { below: 2000 }
      headers: { content-type: { matches: json } }
      body:
        users: { type: array, length: 1 }
        users[0].id: "{{ada}}"
        rooms: { exists: true }
      shape: valid
      snapshot: list answer
    capture:
      first_user: body.users[0].id
      seq_no: seq
  - name: send
    request:
      endpoint: message.send
      as: user
      params: { contact_id: shop, resource_id: "{{ada}}", msg_type: text, text: "{{greeting}}", no_push: "" }
  - name: delivered
    expect-delivery:
      match: { kind: message }
  - wait: 1s
`;

describe('Postman export', () => {
  it('turns request steps into items with tests and captures, and lists what it leaves out', async () => {
    const folder = collectionDir({
      'collection.yaml': 'name: Demo\nvariables:\n  name: Ada\n  api_token: kept-out\n',
      'sends/text.yaml': SCENARIO,
    });
    const { collection, leftOut } = toPostman(await loadCollection(folder), {
      baseUrl: 'http://127.0.0.1:5000/',
      clientId: 'demo-app',
    });
    expect(collection.info.schema).toContain('v2.1.0');
    const sends = collection.item[0]!;
    expect(sends.name).toBe('sends');
    const scenario = sends.item![0]!;
    expect(scenario.name).toBe('Send and see it delivered');
    expect(scenario.item!.map((i) => i.name)).toEqual(['list', 'send']);
    expect(scenario.description).toContain('expect-delivery left out');
    expect(scenario.event![0]!.script.exec[0]).toContain('pm.variables.set("greeting"');

    const [list, send] = scenario.item!;
    expect(list!.request!.url.raw).toBe('{{base_url}}/tp/resource/list?user_id={{ada}}');
    expect(list!.request!.header).toContainEqual({
      key: 'Authorization',
      value: 'Bearer {{app_token}}',
    });
    const tests = list!.event![0]!.script.exec.join('\n');
    expect(tests).toContain('pm.test("status equals 200"');
    expect(tests).toContain('to.be.below(2000)');
    expect(tests).toContain('to.have.lengthOf(1)');
    expect(tests).toContain('pm.variables.replaceIn("{{ada}}")');
    expect(tests).toContain('pm.response.to.have.jsonSchema(');
    expect(tests).toContain('pm.collectionVariables.set("first_user"');
    expect(send!.request!.header[0]!.value).toBe('Bearer {{user_token}}');
    expect(send!.request!.body).toMatchObject({ mode: 'urlencoded' });
    const sent = (send!.request!.body as { urlencoded: { key: string }[] }).urlencoded;
    expect(sent.map((p) => p.key)).not.toContain('no_push');

    expect(leftOut).toEqual([
      expect.stringContaining('the snapshot check "list answer" (Postman keeps no snapshot file'),
      expect.stringContaining('the capture seq_no'),
      expect.stringMatching(/step 3 \(delivered\): expect-delivery left out/),
      expect.stringMatching(/step 4: wait left out/),
    ]);
    const vars = Object.fromEntries(collection.variable.map((v) => [v.key, v.value]));
    expect(vars).toMatchObject({
      base_url: 'http://127.0.0.1:5000',
      client_id: 'demo-app',
      client_secret: '',
      api_token: '',
      ada: '',
      name: 'Ada',
    });
    expect(JSON.stringify(collection)).not.toContain('kept-out');
  });

  it('lists the inbound set-ups it leaves out: newman has no receiver to set up', async () => {
    const folder = collectionDir({
      'collection.yaml': 'name: Demo\ninbound:\n  response: { status: 503 }\n',
      'forward.yaml': `name: Forwarded\ninbound:\n  forward: [{ url: "http://127.0.0.1:3000/hooks" }]\nsteps:\n  - request: { endpoint: me }\n`,
    });
    const { collection, leftOut } = toPostman(await loadCollection(folder), {
      baseUrl: 'http://127.0.0.1:5000/',
      clientId: 'demo-app',
    });
    expect(leftOut).toEqual([
      expect.stringMatching(
        /^collection\.yaml: its inbound set-up left out: .*newman does not run/,
      ),
      expect.stringMatching(/^Forwarded: its inbound set-up left out/),
    ]);
    expect(collection.item[0]!.description).toContain('Forwarded: its inbound set-up left out');
  });

  it("names the collection's data file, which a Postman collection cannot carry, and how newman takes it", async () => {
    const folder = collectionDir({
      'collection.yaml': 'name: Demo\ndata: rows.csv\n',
      'rows.csv': 'msg_type\ntext\nsticker\n',
      'send.yaml': `name: Send\nvariables: { msg_type: text }\nsteps:\n  - request: { endpoint: me }\n`,
    });
    const { collection, leftOut } = toPostman(await loadCollection(folder), {
      baseUrl: 'http://127.0.0.1:5000/',
      clientId: 'demo-app',
    });
    expect(leftOut).toEqual([
      expect.stringMatching(
        /^collection\.yaml: its data file rows\.csv .* newman with -d rows\.csv/,
      ),
    ]);
    expect(collection.info.description).toContain("newman's -d rows.csv");
  });
});

const POSTMAN = {
  info: {
    name: 'Theirs',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  auth: { type: 'bearer', bearer: [{ key: 'token', value: 'eyJhbGciOiJIUzI1NiJ9.secret-token' }] },
  item: [
    {
      name: 'Auth',
      item: [
        {
          name: 'App token',
          request: {
            method: 'POST',
            url: '{{base_url}}/tp/token',
            body: {
              mode: 'urlencoded',
              urlencoded: [
                { key: 'grant_type', value: 'client_credentials' },
                { key: 'client_id', value: 'demo-app' },
                { key: 'client_secret', value: 's3cr3t-in-clear-value' },
              ],
            },
          },
          event: [{ listen: 'test', script: { exec: ['pm.test("ok", () => {})'] } }],
        },
      ],
    },
    {
      name: 'Resources for Ada',
      request: {
        method: 'GET',
        url: {
          raw: 'https://api.example.com/tp/resource/list.json?user_id=u123',
          query: [{ key: 'user_id', value: 'u123' }],
        },
      },
    },
    {
      name: 'Resources for Ada',
      request: {
        method: 'GET',
        url: '{{base_url}}/tp/me.json',
        header: [{ key: 'Authorization', value: 'Bearer {{user_token}}' }],
      },
    },
    { name: 'Elsewhere', request: { method: 'GET', url: 'https://example.com/v2/status' } },
    { name: 'Unknown', request: { method: 'POST', url: '{{base_url}}/tp/contact/list' } },
    {
      name: 'JSON body',
      request: {
        method: 'POST',
        url: '{{base_url}}/tp/contact/add',
        body: { mode: 'raw', raw: '{"a":1}' },
      },
    },
  ],
};

describe('Postman and HAR import', () => {
  it('writes a request scenario per item, folders as sub-folders, with no secret in any file', async () => {
    const folder = collectionDir({ 'in/resources-for-ada.yaml': 'steps: [{ wait: 1 }]\n' });
    const result = await importIntoCollection(folder, 'in', 'postman', JSON.stringify(POSTMAN));
    expect(result.written).toEqual([
      'in/auth/app-token.yaml',
      'in/resources-for-ada-2.yaml',
      'in/resources-for-ada-3.yaml',
    ]);
    const texts = result.written.map((p) => readFileSync(join(folder, p), 'utf8'));
    for (const text of texts) {
      expect(text).not.toContain('s3cr3t');
      expect(text).not.toContain('secret-token');
    }
    const token = parseScenarioText('t', texts[0]!).value!.steps[0]!;
    expect(token).toEqual({
      request: {
        endpoint: 'token',
        params: {
          grant_type: 'client_credentials',
          client_id: 'demo-app',
          client_secret: '{{client_secret}}',
        },
      },
    });
    const list = parseScenarioText('l', texts[1]!).value!.steps[0]!;
    expect(list).toEqual({
      request: {
        endpoint: 'resource.list',
        path: '/tp/resource/list.json',
        as: 'app-for-user',
        user: 'u123',
        params: {},
      },
    });
    const me = parseScenarioText('m', texts[2]!).value!.steps[0]!;
    expect(me).toMatchObject({ request: { endpoint: 'me', as: 'user', user: '{{user_id}}' } });
    expect(result.skipped).toEqual([
      expect.stringContaining('Auth / App token: imported without its Postman test script'),
      expect.stringContaining('JSON body: its body is raw text, not a form'),
      expect.stringContaining('Resources for Ada: imported, but it acts with a user token'),
      expect.stringMatching(
        /Elsewhere: not imported, GET https:\/\/example.com\/v2\/status is not a \/tp\/ URL/,
      ),
      expect.stringMatching(/Unknown: not imported, POST \/tp\/contact\/list is not an endpoint/),
    ]);
  });

  it('reads HAR entries with their form bodies and keeps the recorded status as a check', async () => {
    const har = {
      log: {
        version: '1.2',
        entries: [
          {
            request: {
              method: 'POST',
              url: 'http://127.0.0.1:4000/tp/contact/add',
              headers: [{ name: 'authorization', value: 'Bear…' }],
              queryString: [],
              postData: {
                mimeType: 'application/x-www-form-urlencoded',
                params: [
                  { name: 'user_id', value: 'u1' },
                  { name: 'contact_id', value: 'shop' },
                  { name: 'display_name', value: 'Shop' },
                  { name: 'colour', value: 'red' },
                ],
              },
            },
            response: { status: 200 },
          },
          {
            request: {
              method: 'POST',
              url: 'http://127.0.0.1:4000/tp/contact/add',
              headers: [],
              postData: { mimeType: 'application/json', text: '{}' },
            },
            response: { status: 400 },
          },
        ],
      },
    };
    const folder = collectionDir();
    const result = await importIntoCollection(folder, '', 'har', JSON.stringify(har));
    expect(result.written).toEqual(['post-tp-contact-add.yaml']);
    const step = parseScenarioText('x', readFileSync(join(folder, result.written[0]!), 'utf8'))
      .value!.steps[0]!;
    expect(step).toEqual({
      request: {
        endpoint: 'contact.add',
        as: 'app-for-user',
        user: 'u1',
        params: { contact_id: 'shop', display_name: 'Shop' },
      },
      expect: { status: { equals: 200 } },
    });
    expect(result.skipped).toEqual([
      expect.stringContaining(
        'entry 2 (POST http://127.0.0.1:4000/tp/contact/add): its body is application/json',
      ),
      expect.stringContaining('the parameter colour was dropped'),
    ]);
  });

  it('never writes a file path outside the folder, and lists it with the scripts it left out', async () => {
    const sendWith = (name: string, src: string) => ({
      name,
      event: [
        { listen: 'prerequest', script: { exec: ['pm.environment.set("x", 1)'] } },
        { listen: 'test', script: { exec: [''] } },
      ],
      request: {
        method: 'POST',
        url: '{{base_url}}/tp/message/send.json',
        body: {
          mode: 'formdata',
          formdata: [
            { key: 'user_id', value: 'u1', type: 'text' },
            { key: 'contact_id', value: 'bot', type: 'text' },
            { key: 'msg_type', value: 'picture', type: 'text' },
            { key: 'file', type: 'file', src },
          ],
        },
      },
    });
    const postman = {
      info: { name: 'Files', schema: POSTMAN.info.schema },
      event: [{ listen: 'prerequest', script: { exec: ['pm.sendRequest("https://x")'] } }],
      item: [
        sendWith('Absolute', '/home/someone/.ssh/id_rsa'),
        sendWith('Dots', '../../../../../../etc/shadow'),
        sendWith('Drive', 'C:\\Users\\someone\\cat.jpg'),
        sendWith('Beside', 'files/cat.jpg'),
      ],
    };
    const folder = collectionDir();
    const result = await importIntoCollection(folder, '', 'postman', JSON.stringify(postman));
    expect(result.written, result.skipped.join('\n')).toHaveLength(4);
    const files = result.written.map(
      (p) => parseScenarioText(p, readFileSync(join(folder, p), 'utf8')).value!.steps[0]!,
    );
    expect(files.map((step) => ('request' in step ? step.request.file : null))).toEqual([
      undefined,
      undefined,
      undefined,
      { path: 'files/cat.jpg' },
    ]);
    expect(result.skipped).toEqual([
      expect.stringMatching(/^The collection: its Postman pre-request script .* was left out\.$/),
      expect.stringMatching(/^Absolute: imported without its Postman pre-request script/),
      expect.stringMatching(/^Dots: imported without its Postman pre-request script/),
      expect.stringMatching(/^Drive: imported without its Postman pre-request script/),
      expect.stringMatching(/^Beside: imported without its Postman pre-request script/),
      "Absolute: imported, but the file of file (/home/someone/.ssh/id_rsa) was left out: it names a place outside the collection's folder (an absolute path, a drive or ..), which a step may not send from. Copy the file beside the scenario and add file: { path: <its name> }.",
      expect.stringContaining(
        'Dots: imported, but the file of file (../../../../../../etc/shadow) was left out',
      ),
      expect.stringContaining('Drive: imported, but the file of file (C:'),
    ]);

    const har = {
      log: {
        entries: [
          {
            request: {
              method: 'POST',
              url: 'http://127.0.0.1:4000/tp/message/send.json',
              postData: {
                mimeType: 'multipart/form-data',
                params: [
                  { name: 'user_id', value: 'u1' },
                  { name: 'contact_id', value: 'bot' },
                  { name: 'file', fileName: '/etc/passwd' },
                ],
              },
            },
          },
        ],
      },
    };
    const fromHar = await importIntoCollection(folder, 'har', 'har', JSON.stringify(har));
    expect(readFileSync(join(folder, fromHar.written[0]!), 'utf8')).not.toContain('/etc/passwd');
    expect(fromHar.skipped).toEqual([
      expect.stringContaining('the file of file (/etc/passwd) was left out'),
    ]);
  });

  it('refuses a file that is not the format named, and a folder outside the collection', async () => {
    const folder = collectionDir();
    await expect(importIntoCollection(folder, '', 'har', '{"info":{}}')).rejects.toThrow(
      /not a HAR file/,
    );
    await expect(importIntoCollection(folder, '', 'postman', 'nope')).rejects.toThrow(/not JSON/);
    await expect(importIntoCollection(folder, '../up', 'har', '{}')).rejects.toThrow(
      /inside the collection/,
    );
  });
});
