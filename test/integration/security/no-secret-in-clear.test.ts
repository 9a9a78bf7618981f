// Issue 4: "the journal, exports, the copied cURL and screenshots never hold a secret in clear (a
// test greps for them)". A realistic session on the sandbox profile (app token, two users
// connected through /_sandbox/authorize, refreshes, a text and a file sent, a contact added, a
// delivery captured, forwarded and replayed, an otp visit), with a working sealer; then every
// secret the sandbox issued (its client secret and every access and refresh token, taken from the
// token responses at the sandbox side) is searched for in every file of the data directory, in
// every export in every format, in the redacted cURL of every call, in what the UI is told, and
// in the delivery records (the client secret is the HMAC key). The cURL asked to reveal secrets
// must hold them, so the search can find what it looks for.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryRecord, JournalRecord } from '../../../src-shared/contract';
import { createCore, type Core } from '../../../src-main/core/index';
import { confSettings } from '../../../src-main/headless/settings';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { hostFor, startTestSandbox, tempDir } from '../../helpers/core-fixture';
import {
  answerConsent,
  createUser,
  settledDelivery,
  simulator,
} from '../../helpers/sandbox-client';
import { filesUnder, sandboxSecrets, secretsIn } from '../../helpers/secrets-scan';
import { waitFor } from '../../helpers/wait-for';
import { testKeyring } from '../../helpers/test-keyring';

/** Every access and refresh token the sandbox answered, in the order it issued them. */
const issued = vi.hoisted(() => new Set<string>());

vi.mock('../../../src-main/sandbox/oauth/tokens', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src-main/sandbox/oauth/tokens')>();
  type Answer = { access_token: string; refresh_token?: string };
  const note = <A extends unknown[], R extends Answer>(fn: (...args: A) => R) =>
    ((...args: A) => {
      const answer = fn(...args);
      issued.add(answer.access_token);
      if (answer.refresh_token) issued.add(answer.refresh_token);
      return answer;
    }) as (...args: A) => R;
  return {
    ...real,
    issueAppToken: note(real.issueAppToken),
    exchangeCode: note(real.exchangeCode),
    refreshGrant: note(real.refreshGrant),
  };
});

let sandbox: RunningSandbox;
let core: Core;
let scratch: string;
let dataDir: string;
let clientSecret: string;
/** The full HMAC the receiver computed for the tampered replay's data. */
let forgedSignature: string;
let forwardTarget: Server;
const forwarded: Buffer[] = [];
const events: { event: string; payload: unknown }[] = [];
const records: JournalRecord[] = [];
/** What the simulator commands answered the UI. */
const simulatorAnswers: unknown[] = [];
/** What profiles.revealSecret answered for the sandbox profile, and for a profile of one's own. */
let revealed: string;
let ownProfileReveal: string;

async function connect(name: string, surname: string): Promise<string> {
  const user = await createUser(sandbox, name, surname);
  const flow = await core.invoke('auth.connectUser', {
    scopes: ['basic', 'user_phone'],
    openBrowser: false,
  });
  const page = await fetch(await answerConsent(sandbox, flow.consentUrl, user.id, 'approve'));
  expect(page.status).toBe(200);
  await page.text();
  await waitFor(`${name} connected`, async () => {
    const { users } = await core.invoke('auth.users', {});
    return users.some((u) => u.userId === user.id && u.status === 'connected') ? true : undefined;
  });
  return user.id;
}

const isDelivery = (r: JournalRecord): r is DeliveryRecord => r.kind === 'delivery';

/** Every secret, with the texts it was found in (empty when clean). */
function leaks(secrets: Iterable<string>, texts: Record<string, string>) {
  const found: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    // Also inside base64 runs (a HAR's binary bodies, a Basic authorization header).
    const decoded = (text.match(/[A-Za-z0-9+/_-]{24,}={0,2}/g) ?? [])
      .map((run) =>
        Buffer.from(run, run.includes('-') || run.includes('_') ? 'base64url' : 'base64'),
      )
      .map((b) => b.toString('latin1'))
      .join('\n');
    for (const secret of secrets) {
      if (secretsIn(text, [secret]).length)
        found.push(`${where}: ${secret.slice(0, 6)}… in clear or encoded`);
      else if (decoded.includes(secret)) found.push(`${where}: ${secret.slice(0, 6)}… in base64`);
    }
  }
  return found;
}

/** The one-time passwords the platform client opened the management URL with (secrets too). */
const otps = new Set<string>();
const allSecrets = () => [clientSecret, ...issued, ...otps];

async function startEngine(): Promise<Core> {
  const engine = await createCore(
    { ...hostFor(sandbox, dataDir, confSettings(dataDir)), secrets: testKeyring },
    { inboundPort: 0 },
  );
  engine.events.onAny((event, payload) => events.push({ event, payload }));
  engine.events.on('log.appended', (r) => records.push(r));
  return engine;
}

beforeAll(async () => {
  sandbox = await startTestSandbox({
    delivery: { retry_delays_ms: [5, 5, 5, 5], timeout_ms: 2000 },
  });
  clientSecret = sandbox.apps[0]!.client_secret;
  scratch = tempDir('tp-secrets-');
  dataDir = join(scratch, 'data');
  mkdirSync(dataDir);
  core = await startEngine();

  // First on the sandbox profile, through the simulator commands the Simulator tab uses: a user
  // connected, a picture to the supercontact (delivered), an otp, every token expired and renewed,
  // a delivery sent again. What those commands answer the UI is searched too.
  expect((await core.invoke('profiles.list', {})).activeProfileId).toBe('sandbox');
  const zoe = await connect('Zoe', 'Sandbox');
  simulatorAnswers.push(await core.invoke('simulator.state', {}));
  const simSent = await core.invoke('simulator.sendMessage', {
    userId: zoe,
    to: { contactId: sandbox.apps[0]!.client_id },
    msgType: 'picture',
    file: { name: 'sample.jpg', sample: 'sample.jpg' },
  });
  simulatorAnswers.push(simSent);
  await waitFor('the simulator delivery', () =>
    records.some((r) => isDelivery(r) && r.delivery.classification.messageId === simSent.messageId)
      ? true
      : undefined,
  );
  const simOtp = await core.invoke('simulator.otp', {
    userId: zoe,
    target: 'management',
    fromapp: true,
  });
  expect(simOtp.status).toBe(200);
  simulatorAnswers.push(simOtp);
  simulatorAnswers.push(await core.invoke('simulator.expireTokens', {}));
  const me = await core.invoke('api.call', {
    method: 'GET',
    path: '/tp/me.json',
    actAs: { kind: 'user', userId: zoe },
  });
  expect(me.record.api.status).toBe(200);
  const simDeliveries = await core.invoke('simulator.deliveries', {});
  simulatorAnswers.push(simDeliveries);
  const newest = await settledDelivery(
    async () => (await core.invoke('simulator.deliveries', {})).deliveries,
    () => true,
    'the newest delivery',
  );
  const again = await core.invoke('simulator.redeliver', { id: newest.id });
  simulatorAnswers.push(again);
  simulatorAnswers.push(await core.invoke('simulator.state', {}));
  // The Simulator's Show: the sandbox's own test secret, asked for. Everything searched below comes
  // after it, so the answer is shown to reach no file, record, event or export.
  revealed = (await core.invoke('profiles.revealSecret', { profileId: 'sandbox' })).clientSecret;

  // The sandbox profile keeps its secrets in memory (the sandbox makes new ones at every start):
  // the session runs on a profile of the person's own, whose secrets are sealed and stored.
  const app = sandbox.apps[0]!;
  const staging = await core.invoke('profiles.create', {
    name: 'Staging',
    baseUrl: sandbox.baseUrl,
    clientId: app.client_id,
    clientSecret,
    redirectUri: app.redirect_uri,
    scopes: ['basic', 'user_phone'],
  });
  await core.invoke('profiles.select', { profileId: staging.id });
  ownProfileReveal = await core.invoke('profiles.revealSecret', { profileId: staging.id }).then(
    () => 'answered',
    (err: Error) => err.message,
  );
  const { suggested } = await core.invoke('inbound.status', { profileId: staging.id });
  await core.invoke('profiles.update', { profileId: staging.id, changes: suggested });
  await simulator(sandbox, 'PATCH', `/_sandbox/apps/${app.client_id}`, {
    endpoint_url: suggested.endpointUrl,
    management_url: suggested.managementUrl,
    directory_url: suggested.directoryUrl,
  });
  forwardTarget = createServer((req: IncomingMessage, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      forwarded.push(Buffer.concat(parts));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => forwardTarget.listen(0, '127.0.0.1', r));
  const forwardUrl = `http://127.0.0.1:${(forwardTarget.address() as AddressInfo).port}/mine`;

  // The app token, two users, a refresh of each (rotating the refresh tokens).
  expect((await core.invoke('app.info', {})).secretStorage.mode).toBe('sealed');
  await core.invoke('auth.getAppToken', {});
  const ada = await connect('Ada', 'Lovelace');
  const alan = await connect('Alan', 'Turing');
  await core.invoke('auth.refreshUser', { userId: ada });
  await core.invoke('auth.refreshUser', { userId: alan });
  // Every access token expires at the sandbox: the next calls renew them on their own.
  await simulator(sandbox, 'POST', '/_sandbox/tokens/expire', {});
  for (const userId of [ada, alan]) {
    const { record } = await core.invoke('api.call', {
      method: 'GET',
      path: '/tp/me.json',
      actAs: { kind: 'user', userId },
    });
    expect(record.api.status).toBe(200);
  }
  await core.invoke('api.call', {
    method: 'GET',
    path: '/tp/me.json',
    actAs: { kind: 'appForUser', userId: ada },
  });

  // A contact both own, a text and a picture sent to Ada.
  const saved = await core.invoke('contacts.save', {
    contact: {
      contactId: 'order-1042',
      displayName: 'Order 1042',
      capabilities: ['interactive', 'group_add'],
      owners: [ada, alan],
    },
  });
  expect(saved.results.map((r) => r.ok)).toEqual([true, true]);
  const text = await core.invoke('composer.send', {
    endpointId: 'message.send',
    params: { contact_id: 'order-1042', resource_id: ada, msg_type: 'text', text: 'Shipped' },
    actAs: { kind: 'user', userId: ada },
  });
  expect(text.record.api.status).toBe(200);
  const picture = await core.invoke('composer.send', {
    endpointId: 'message.send',
    params: { contact_id: 'order-1042', resource_id: ada, msg_type: 'picture' },
    file: { name: 'sample.jpg', sample: 'sample.jpg' },
    actAs: { kind: 'appForUser', userId: ada },
  });
  expect(picture.record.api.status).toBe(200);

  // A delivery: Ada writes to the contact, the receiver captures and forwards it; it is replayed
  // as captured, edited and signed again, and to the forward target.
  await core.invoke('inbound.setForwards', { forwards: { targets: [forwardUrl] } });
  const message = await simulator<{ id: string }>(
    sandbox,
    'POST',
    `/_sandbox/users/${ada}/messages`,
    {
      contact_id: 'order-1042',
      msg_type: 'text',
      text: 'Where is my order?',
    },
  );
  const delivery = await waitFor('the delivery', () =>
    records.find(
      (r): r is DeliveryRecord =>
        isDelivery(r) && r.delivery.classification.messageId === message.id,
    ),
  );
  expect(delivery.delivery.verification.outcome).toBe('valid');
  await waitFor('the forward', () => (forwarded.length > 0 ? true : undefined));
  await core.invoke('inbound.replay', { seq: delivery.seq, target: 'receiver' });
  await core.invoke('inbound.replay', {
    seq: delivery.seq,
    target: 'receiver',
    data: delivery.delivery.form.data!.replace('Where is my order?', 'Edited'),
    resign: true,
  });
  // Edited with the old signature kept: invalid, and the record says what was expected.
  const invalid = await core.invoke('inbound.replay', {
    seq: delivery.seq,
    target: 'receiver',
    data: delivery.delivery.form.data!.replace('Where is my order?', 'Tampered'),
    resign: false,
  });
  expect(invalid.record.kind === 'delivery' && invalid.record.delivery.verification.outcome).toBe(
    'invalid',
  );
  // What the receiver computed for the tampered data: a valid signature of it, which no record or
  // export may hand out whole.
  const method = (invalid.record as DeliveryRecord).delivery.verification.method;
  const tampered = (invalid.record as DeliveryRecord).delivery.form.data!;
  forgedSignature = createHmac(method === 'HMAC-SHA1' ? 'sha1' : 'sha256', clientSecret)
    .update(tampered, 'utf8')
    .digest('hex');
  await core.invoke('inbound.replay', { seq: delivery.seq, target: forwardUrl });

  // The platform client opens the management URL with an otp.
  const otp = await simulator<{ otp: string; status: number | null }>(
    sandbox,
    'POST',
    `/_sandbox/users/${alan}/otp`,
    { target: 'management', fromapp: false },
  );
  expect(otp.status).toBe(200);
  await waitFor('the otp visit', async () =>
    (await core.invoke('auth.otpVisits', {})).visits.length > 0 ? true : undefined,
  );

  // Every otp the sandbox made (the simulator command's too), from its saved state.
  const stateFile = join(scratch, 'sandbox-state.json');
  await sandbox.saveState(stateFile);
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { otps: { otp: string }[] };
  rmSync(stateFile);
  for (const o of state.otps) otps.add(o.otp);
}, 120_000);

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
  forwardTarget?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('no secret in clear, after a realistic session with a working sealer', () => {
  it('the sandbox issued the secrets the search looks for', async () => {
    // On the own profile an app token twice (before and after the expiry), per user: a code
    // exchange, an explicit refresh and one after the expiry, each an access and a rotated
    // refresh token; on the sandbox profile a user's code exchange and a refresh.
    expect(issued.size).toBeGreaterThanOrEqual(2 + 2 * 3 * 2 + 2 * 2);
    expect(clientSecret.length).toBeGreaterThanOrEqual(16);
    expect(otps.size).toBe(2);
    // The capture missed none of the tokens the sandbox still holds.
    const held = await sandboxSecrets(sandbox, scratch);
    expect([...held].filter((t) => t !== clientSecret && !issued.has(t))).toEqual([]);
  });

  it("reveals the sandbox profile's client secret when asked, and no other profile's", () => {
    expect(revealed).toBe(clientSecret);
    expect(ownProfileReveal).toMatch(/^The client secret of "Staging" is write-only/);
  });

  it('not in any file of the data directory, the journal included; a restart unseals them', async () => {
    const before = (await core.invoke('auth.users', {})).users;
    await core.close();
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('journal.ndjson'))).toBe(true);
    const texts = Object.fromEntries(files.map((f) => [f, readFileSync(f, 'latin1')]));
    // The sealed secrets are there, sealed: the tokens were stored, not just kept in memory.
    expect(Object.values(texts).join('\n')).toContain(testKeyring.seal(clientSecret));
    expect(leaks(allSecrets(), texts)).toEqual([]);

    // The same data directory, a new engine: the users are still connected with their tokens.
    core = await startEngine();
    const after = (await core.invoke('auth.users', {})).users;
    expect(after.map((u) => [u.userId, u.status, u.hasRefreshToken])).toEqual(
      before.map((u) => [u.userId, 'connected', true]),
    );
    const { record } = await core.invoke('api.call', {
      method: 'GET',
      path: '/tp/me.json',
      actAs: { kind: 'user', userId: after[0]!.userId },
    });
    expect(record.api.status).toBe(200);
  });

  it('not in what the UI reads: the event log, the searches, every event it was sent', async () => {
    const { records: listed } = await core.invoke('log.list', { limit: 5000 });
    const { records: searched } = await core.invoke('api.search', { query: '', limit: 5000 });
    const state = await core.invoke('profiles.list', {});
    const users = await core.invoke('auth.users', {});
    const appToken = await core.invoke('auth.status', {});
    expect(
      leaks(allSecrets(), {
        'log.list': JSON.stringify(listed),
        'api.search': JSON.stringify(searched),
        'profiles.list': JSON.stringify(state),
        'auth.users': JSON.stringify(users),
        'auth.status': JSON.stringify(appToken),
        events: JSON.stringify(events),
        simulator: JSON.stringify(simulatorAnswers),
      }),
    ).toEqual([]);
  });

  it('not in any export: profiles, contacts (CSV, JSON), HAR, the session (NDJSON, HAR, HTML)', async () => {
    const api = records.filter((r) => r.kind === 'api').map((r) => r.seq);
    expect(api.length).toBeGreaterThan(10);
    const texts: Record<string, string> = {
      'profiles.export': (await core.invoke('profiles.export', {})).json,
      'contacts.export csv': (await core.invoke('contacts.export', { format: 'csv' })).content,
      'contacts.export json': (await core.invoke('contacts.export', { format: 'json' })).content,
      'api.exportHar': (await core.invoke('api.exportHar', { seqs: api })).json,
    };
    for (const format of ['ndjson', 'har', 'html'] as const) {
      const out = await core.invoke('sessions.export', { format });
      texts[`sessions.export ${format}`] = out.content;
    }
    // The exports are not empty shells: the session's message is in each session export.
    for (const format of ['ndjson', 'har', 'html'])
      expect(texts[`sessions.export ${format}`]).toContain('order-1042');
    expect(leaks(allSecrets(), texts)).toEqual([]);
    // The tampered replay's expected signature is there by its start only.
    for (const format of ['ndjson', 'har', 'html']) {
      expect(texts[`sessions.export ${format}`]).not.toContain(forgedSignature);
      expect(texts[`sessions.export ${format}`]).toContain(forgedSignature.slice(0, 8));
    }
  });

  it('not in the cURL of any call unless asked; asked, the cURL holds them', async () => {
    const api = records.filter((r) => r.kind === 'api');
    const redacted: Record<string, string> = {};
    for (const r of api) {
      const out = await core.invoke('api.exportCurl', { seq: r.seq });
      expect(out.secretsIncluded).toBe(false);
      redacted[`curl #${r.seq} ${r.summary}`] = out.command;
    }
    expect(leaks(allSecrets(), redacted)).toEqual([]);

    // The last client_credentials call and the last user call, revealed.
    const tokenCall = api.filter((r) => r.kind === 'api' && /client_credentials/.test(r.summary));
    const userCall = api.filter((r) => r.kind === 'api' && r.api.url.endsWith('/tp/me.json'));
    const revealedToken = await core.invoke('api.exportCurl', {
      seq: tokenCall.at(-1)!.seq,
      includeSecrets: true,
    });
    expect(revealedToken.secretsIncluded).toBe(true);
    expect(revealedToken.command).toContain(clientSecret);
    const revealedUser = await core.invoke('api.exportCurl', {
      seq: userCall.at(-1)!.seq,
      includeSecrets: true,
    });
    expect(leaks(issued, { revealed: revealedUser.command })).toHaveLength(1);
  });

  it('the signature key (the client secret) is in no delivery or forward record', () => {
    const inbound = records.filter((r) => r.kind === 'delivery' || r.kind === 'forward');
    // The capture and three replays to the receiver (one of them invalid); the forward and the
    // replay to a URL.
    expect(inbound.filter(isDelivery).length).toBeGreaterThanOrEqual(4);
    expect(inbound.filter((r) => r.kind === 'forward').length).toBeGreaterThanOrEqual(2);
    const texts = Object.fromEntries(
      inbound.map((r) => [`#${r.seq} ${r.summary}`, JSON.stringify(r)]),
    );
    expect(leaks([clientSecret], texts)).toEqual([]);
    // Nor a valid signature of the data a sender made up: the expected one is cut to its start.
    const tampered = inbound
      .filter(isDelivery)
      .find((r) => r.delivery.verification.outcome === 'invalid')!;
    expect(tampered.delivery.verification.expected).toBe(`${forgedSignature.slice(0, 8)}…`);
    expect(leaks([forgedSignature], texts)).toEqual([]);
    // What the forward target was sent carries no secret either.
    expect(
      leaks(
        allSecrets(),
        Object.fromEntries(forwarded.map((b, i) => [`forward ${i}`, b.toString()])),
      ),
    ).toEqual([]);
  });
});
