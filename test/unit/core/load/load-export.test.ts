// tp export --format artillery|k6: the scripts sign deliveries as the platform does (the same
// signature as the sandbox's signer), fill variables from the environment with no secret in the
// file, keep the collection's request steps and list what they cannot play. k6 cannot be installed
// here, so its script runs under stand-ins for k6/http and k6/crypto (node:crypto's HMAC).
import * as nodeCrypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCollection } from '../../../../src-main/core/collections/load-collection';
import { toArtillery } from '../../../../src-main/core/load/export/artillery-export';
import { exportedRequests } from '../../../../src-main/core/load/export/exported-requests';
import { toK6 } from '../../../../src-main/core/load/export/k6-export';
import { signDelivery } from '../../../../src-shared/rules/delivery-signature';

const root = mkdtempSync(join(tmpdir(), 'tp-load-export-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SECRET = 's3cret-not-in-any-file';
const platformSignature = (method: string, data: string) =>
  signDelivery(nodeCrypto, method, data, { clientSecret: SECRET, rsaPrivateKeyPem: () => '' });

async function exampleCollection() {
  const dir = mkdtempSync(join(root, 'col-'));
  writeFileSync(
    join(dir, 'collection.yaml'),
    'name: Load export\nvariables: { greeting: Hello, client_secret: do-not-write-me }\n',
  );
  writeFileSync(
    join(dir, 'send.yaml'),
    `name: Send
steps:
  - name: Who am I
    request: { endpoint: me, as: user }
    expect: { status: 200, body: { user_id: { exists: true } } }
  - name: Add a contact
    request:
      endpoint: contact.add
      as: app-for-user
      user: '{{ada}}'
      params: { contact_id: 'bob-{{$uuid}}', display_name: '{{greeting}} Bob' }
    expect: { status: 200 }
  - name: Ada writes
    simulate: { action: send-message, user: '{{ada}}', contact: bob, msg_type: text, params: { text: hi } }
  - name: It arrives
    expect-delivery: { match: { kind: message }, timeout: 5s }
  - name: Cy
    connect-user: { name: Cy }
`,
  );
  return exportedRequests(await loadCollection(dir));
}

const options = {
  rate: 7,
  durationMs: 3000,
  handlerUrl: 'http://127.0.0.1:3999/hook',
  target: 'http://127.0.0.1:8080',
};

describe('the exported requests', () => {
  it('keeps the request steps and lists expect-delivery, simulate, connect-user and checks beyond status', async () => {
    const exported = await exampleCollection();
    expect(exported.scenarios).toHaveLength(1);
    const [me, add] = exported.scenarios[0]!.requests;
    expect(me).toMatchObject({ method: 'GET', status: 200 });
    expect(me!.headers.Authorization).toBe('Bearer {{user_token}}');
    expect(add).toMatchObject({ method: 'POST', status: 200 });
    expect(add!.params).toMatchObject({
      user_id: '{{ada}}',
      contact_id: 'bob-{{dynamic_uuid}}',
      display_name: '{{greeting}} Bob',
    });
    expect(exported.variableNames).toEqual(
      expect.arrayContaining(['ada', 'app_token', 'dynamic_uuid', 'greeting', 'user_token']),
    );
    expect(exported.defaults).toEqual({ greeting: 'Hello' });
    const leftOut = exported.leftOut.join('\n');
    expect(leftOut).toMatch(/step 1 \(Who am I\): its checks of body left out/);
    expect(leftOut).toMatch(/step 3 \(Ada writes\): simulate left out/);
    expect(leftOut).toMatch(/step 4 \(It arrives\): expect-delivery left out/);
    expect(leftOut).toMatch(/step 5 \(Cy\): connect-user left out/);
  });
});

describe('the Artillery export', () => {
  it('writes the rate and duration as phases, the requests with their templates, and a delivery storm', async () => {
    const files = toArtillery(await exampleCollection(), options);
    expect(Object.keys(files).sort()).toEqual(['deliveries.yml', 'processor.cjs', 'requests.yml']);
    const requests = parse(files['requests.yml']!);
    expect(requests.config).toMatchObject({
      target: 'http://127.0.0.1:8080',
      phases: [{ duration: 3, arrivalRate: 7 }],
      processor: './processor.cjs',
    });
    const flow = requests.scenarios[0].flow;
    expect(flow[0]).toEqual({ function: 'fillVariables' });
    expect(flow[1].get).toMatchObject({ url: '/tp/me.json', expect: [{ statusCode: 200 }] });
    expect(flow[2].post.form.display_name).toBe('{{greeting}} Bob');
    const deliveries = parse(files['deliveries.yml']!);
    expect(deliveries.config.phases).toEqual([{ duration: 3, arrivalRate: 7 }]);
    expect(deliveries.scenarios[0].flow[1].post.url).toBe(options.handlerUrl);
    expect(Object.values(files).join('\n')).not.toContain('do-not-write-me');
  });

  it('its processor signs each delivery as the platform does, with the secret from the environment', async () => {
    const dir = mkdtempSync(join(root, 'artillery-'));
    writeFileSync(
      join(dir, 'processor.cjs'),
      toArtillery(await exampleCollection(), options)['processor.cjs']!,
    );
    const processor = createRequire(join(dir, 'x.js'))('./processor.cjs') as Record<
      string,
      (
        context: { vars: Record<string, string> },
        events: unknown,
        done: (err?: Error) => void,
      ) => void
    >;
    const run = (name: string, env: Record<string, string | undefined>) => {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
      const context = { vars: {} as Record<string, string> };
      let error: Error | undefined;
      processor[name]!(context, {}, (err) => (error = err));
      process.env = saved;
      return { vars: context.vars, error };
    };
    for (const method of ['HMAC-SHA256', 'HMAC-SHA1']) {
      const { vars } = run('signDelivery', {
        TP_CLIENT_SECRET: SECRET,
        TP_SIGNATURE_METHOD: method,
      });
      expect(vars.signature_method).toBe(method);
      expect(vars.signature).toBe(platformSignature(method, vars.data!));
      expect(JSON.parse(vars.data!)).toMatchObject({
        type: 'text',
        id: expect.stringMatching(/^m-load-/),
      });
    }
    const first = run('signDelivery', { TP_CLIENT_SECRET: SECRET });
    const second = run('signDelivery', { TP_CLIENT_SECRET: SECRET });
    expect(JSON.parse(first.vars.data!).id).not.toBe(JSON.parse(second.vars.data!).id);
    expect(run('signDelivery', { TP_CLIENT_SECRET: undefined }).error?.message).toMatch(
      /TP_CLIENT_SECRET is not set: set it to the client secret your handler verifies with/,
    );
    expect(
      run('signDelivery', { TP_CLIENT_SECRET: SECRET, TP_SIGNATURE_METHOD: 'RSA-SHA256' }).error
        ?.message,
    ).toMatch(/TP_SIGNATURE_METHOD=RSA-SHA256 names a method this script cannot sign with/);
    const filled = run('fillVariables', { TP_VAR_ada: 'u-ada', TP_VAR_greeting: undefined });
    expect(filled.vars).toMatchObject({ ada: 'u-ada', greeting: 'Hello' });
    expect(filled.vars.dynamic_uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the k6 export', () => {
  const script = async () => toK6(await exampleCollection(), options);

  it('is an ES module importing k6/http and k6/crypto, with the rate and duration as options', async () => {
    const text = await script();
    const file = join(mkdtempSync(join(root, 'k6-')), 'script.mjs');
    writeFileSync(file, text);
    const checked = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    expect(text).toMatch(/^import http from 'k6\/http';$/m);
    expect(text).toMatch(/^import crypto from 'k6\/crypto';$/m);
    expect(text).toContain('__ENV.TP_CLIENT_SECRET');
    expect(text).not.toContain('do-not-write-me');
  });

  it('signs each delivery as the platform does and sends the requests filled from the environment', async () => {
    const body = (await script())
      .replace(/^import .*$/gm, '')
      .replace(/^export (const|function) /gm, '$1 ');
    const sent: Array<{ url: string; body?: Record<string, string> }> = [];
    const http = {
      post: (url: string, form: Record<string, string>) => (
        sent.push({ url, body: form }),
        { status: 200 }
      ),
      get: (url: string) => (sent.push({ url }), { status: 200 }),
    };
    const k6Crypto = {
      hmac: (alg: string, key: string, data: string, enc: 'hex') =>
        nodeCrypto.createHmac(alg, key).update(data, 'utf8').digest(enc),
      randomBytes: (n: number) => new Uint8Array(nodeCrypto.randomBytes(n)).buffer,
    };
    for (const method of ['HMAC-SHA256', 'HMAC-SHA1']) {
      const env = {
        TP_CLIENT_SECRET: SECRET,
        TP_SIGNATURE_METHOD: method,
        TP_VAR_ada: 'u-ada',
        TP_VAR_user_token: 'ut',
      };
      const load = new Function(
        'http',
        'crypto',
        'check',
        '__ENV',
        `${body}\nreturn { options, setup, deliveries, requests };`,
      );
      const k6 = load(http, k6Crypto, () => true, env) as {
        options: { scenarios: Record<string, { rate: number; duration: string }> };
        setup: () => void;
        deliveries: () => void;
        requests: () => void;
      };
      k6.setup();
      const refused = load(http, k6Crypto, () => true, {
        ...env,
        TP_SIGNATURE_METHOD: 'RSA-SHA256',
      }) as { setup: () => void };
      expect(() => refused.setup()).toThrow(
        /TP_SIGNATURE_METHOD=RSA-SHA256 names a method this script cannot sign with/,
      );
      expect(k6.options.scenarios.deliveries).toMatchObject({ rate: 7, duration: '3s' });
      expect(k6.options.scenarios.requests).toMatchObject({ rate: 7, duration: '3s' });
      sent.length = 0;
      k6.deliveries();
      const [delivery] = sent;
      expect(delivery!.url).toBe(options.handlerUrl);
      expect(delivery!.body!.signature_method).toBe(method);
      expect(delivery!.body!.signature).toBe(platformSignature(method, delivery!.body!.data!));
      sent.length = 0;
      k6.requests();
      expect(sent[0]!.url).toBe('http://127.0.0.1:8080/tp/me.json?');
      expect(sent[1]!.body).toMatchObject({ user_id: 'u-ada', display_name: 'Hello Bob' });
      expect(sent[1]!.body!.contact_id).toMatch(/^bob-[0-9a-f-]{36}$/);
    }
  });
});
