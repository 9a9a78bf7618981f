// The Postman export of a collection runs green in newman against the embedded sandbox: the app
// token fetched by the collection's pre-request script with the client id and secret, requests
// for a user connected in setup acting through the app token with user_id, checks as tests.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';
import { createUser } from '../../helpers/sandbox-client';
import { connect } from '../contacts/contacts-fixture';

interface NewmanSummary {
  run: {
    failures: {
      error: { name: string; message: string; test?: string };
      source?: { name?: string };
    }[];
    stats: { requests: { total: number }; assertions: { total: number; failed: number } };
  };
}
interface NewmanOptions {
  collection: unknown;
  envVar: { key: string; value: string }[];
  reporters: string[];
}
const newman = createRequire(import.meta.url)('newman') as {
  run(options: NewmanOptions, done: (err: Error | null, summary: NewmanSummary) => void): void;
};

const runNewman = (options: NewmanOptions) =>
  new Promise<NewmanSummary>((resolve, reject) =>
    newman.run(options, (err, summary) => (err ? reject(err) : resolve(summary))),
  );

const FILES: Record<string, string> = {
  'collection.yaml': 'name: Sandbox walk\nvariables:\n  shop: shop-1\n',
  'app-token.yaml': `name: App token
steps:
  - request:
      endpoint: token
      params: { grant_type: client_credentials, client_id: "{{client_id}}", client_secret: "{{client_secret}}" }
    expect:
      status: 200
      body:
        access_token: { type: string }
        token_type: { matches: "^[Bb]earer$" }
        expires_in: { above: 0 }
      shape: valid
`,
  'for-a-user.yaml': `name: For a connected user
steps:
  - name: resources
    request: { endpoint: resource.list, user: "{{ada}}" }
    expect:
      status: 200
      time: { below: 10000 }
      headers: { content-type: { matches: application/json } }
      body:
        users: { type: array, length: 1 }
        users[0].id: "{{ada}}"
        rooms: { exists: true }
      shape: valid
    capture: { me: "body.users[0].id" }
  - name: add a contact
    request:
      endpoint: contact.add
      user: "{{me}}"
      params: { contact_id: "{{shop}}", display_name: Shop, capabilities: interactive }
    expect:
      status: 200
      body: { contact_id: "{{shop}}", capabilities: interactive }
  - name: the user's resource
    request: { endpoint: resource.info, path: /tp/resource/info.json, user: "{{ada}}", params: { resource_id: "{{ada}}" } }
    expect: { status: 200, body: { type: user, resource.id: "{{ada}}" } }
  - name: no user_id with the app token
    request: { endpoint: me }
    expect: { status: 400, body: { error: invalid_request, error_description: { exists: true } } }
  - name: a message from the user
    expect-delivery: { match: { kind: message, user: "{{ada}}" } }
`,
};

let f: CoreFixture;
let folder: string;
let ada: string;

beforeAll(async () => {
  f = await startCoreWithSandbox();
  ada = (await createUser(f.sandbox, 'Ada', 'Lovelace')).id;
  await connect(f.core, f.sandbox, ada);
  folder = mkdtempSync(join(tmpdir(), 'tp-newman-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(folder, name), text);
});

afterAll(async () => {
  await f?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the Postman export in newman', () => {
  it('runs green against the sandbox with only the client secret and the user given', async () => {
    const exported = await f.core.invoke('collections.exportPostman', { folder });
    expect(exported.filename).toBe('Sandbox-walk.postman_collection.json');
    expect(exported.leftOut).toEqual([
      expect.stringMatching(
        /For a connected user, step 5 \(a message from the user\): expect-delivery left out/,
      ),
    ]);
    const app = f.sandbox.apps[0]!;
    expect(exported.content).not.toContain(app.client_secret);
    const summary = await runNewman({
      collection: JSON.parse(exported.content),
      envVar: [
        { key: 'client_secret', value: app.client_secret },
        { key: 'ada', value: ada },
      ],
      reporters: [],
    });
    const failures = summary.run.failures.map(
      (x) => `${x.source?.name ?? '?'}: ${x.error.test ?? x.error.name}: ${x.error.message}`,
    );
    expect(failures).toEqual([]);
    // Five items, and the pre-request script's one call for the app token (kept for the rest).
    expect(summary.run.stats.requests.total).toBe(6);
    expect(summary.run.stats.assertions.total).toBeGreaterThanOrEqual(15);
    expect(summary.run.stats.assertions.failed).toBe(0);
  });

  it('fails in newman when a check does not hold, so green means the checks ran', async () => {
    const exported = await f.core.invoke('collections.exportPostman', { folder });
    const summary = await runNewman({
      collection: JSON.parse(exported.content),
      envVar: [
        { key: 'client_secret', value: f.sandbox.apps[0]!.client_secret },
        { key: 'ada', value: 'u-somebody-else' },
      ],
      reporters: [],
    });
    expect(summary.run.stats.assertions.failed).toBeGreaterThan(0);
  });
});

describe('collections.openapi', () => {
  it("answers the catalog's OpenAPI document for the active profile's base URL", async () => {
    const { filename, content } = await f.core.invoke('collections.openapi', {});
    expect(filename).toBe('tp-platform-openapi.json');
    const doc = JSON.parse(content) as { openapi: string; servers: { url: string }[] };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: f.sandbox.baseUrl }]);
    const served = await (await fetch(`${f.sandbox.baseUrl}/_sandbox/openapi.json`)).json();
    expect(served).toEqual(doc);
  });
});
