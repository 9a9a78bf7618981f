// Issue 12, "secrets leak through text": a platform that echoes what it was sent (the client
// secret in an error_description, a token in a snippet of its body), in the forms text gives a
// secret (JSON-escaped, `\/`-escaped, percent- and form-encoded). A stand-in platform on loopback
// answers so; the engine journals the calls and tells the person what failed; then nothing the
// person or a reader of an export can see holds either secret in any form, nor the full signature
// the receiver computed for an invalid delivery (a valid signature of the sender's data). A journal
// written before (the secret in clear in a record, the full expected signature) is exported and
// shown redacted and cut.
import { createHmac } from 'node:crypto';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRecord, JournalRecord } from '../../../src-shared/contract';
import { createCore, type Core } from '../../../src-main/core/index';
import { confSettings } from '../../../src-main/headless/settings';
import { hostFor, tempDir } from '../../helpers/core-fixture';
import { secretsIn } from '../../helpers/secrets-scan';
import { waitFor } from '../../helpers/wait-for';
import { testKeyring } from '../../helpers/test-keyring';

// Characters each encoding writes its own way: `/`, `+`, `"`, `\`, a space, `&`, `=`, é.
const CLIENT_SECRET = 'cs/"se+cr\\et wi&th=é-0123456789';
const TOKEN = 'tok+Ab/Cd="e\\f g&h=é-9876543210';
const SECRETS = [CLIENT_SECRET, TOKEN];

/** JSON as encoders that escape `/` and non-ASCII write it (PHP's json_encode). */
const phpJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const formEncoded = (s: string) => new URLSearchParams({ s }).toString().slice(2);

/** A platform that echoes secrets: how /tp/token answers is set by the test. */
let tokenAnswer: 'echo-json' | 'echo-text' | 'issue' = 'echo-json';
let platform: Server;
let core: Core;
let scratch: string;
let dataDir: string;
let profileId: string;
const events: unknown[] = [];
const failures: string[] = [];
let invalidSeq: number;
let forgedSignature: string;

async function startEngine(): Promise<Core> {
  const engine = await createCore(
    { ...hostFor(null, dataDir, confSettings(dataDir)), secrets: testKeyring },
    { inboundPort: 0 },
  );
  engine.events.onAny((event, payload) => events.push({ event, payload }));
  return engine;
}

/** The failure's message, as the person is shown it. */
async function failureOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected the command to fail');
}

beforeAll(async () => {
  platform = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/tp/token' && tokenAnswer === 'echo-json') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(
          phpJson({
            error: 'invalid_client',
            error_description: `client_secret ${CLIENT_SECRET} (${encodeURIComponent(CLIENT_SECRET)}) is not ours`,
          }),
        );
      } else if (req.url === '/tp/token' && tokenAnswer === 'echo-text') {
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`Bad form: client_secret=${formEncoded(CLIENT_SECRET)}`);
      } else if (req.url === '/tp/token') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      } else {
        res.writeHead(400, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            error: 'invalid_request',
            error_description: `token ${JSON.stringify(TOKEN)} refused; see https://platform.test/?access_token=${encodeURIComponent(TOKEN)}`,
          }),
        );
      }
    });
  });
  await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  scratch = tempDir('tp-echo-');
  dataDir = join(scratch, 'data');
  core = await startEngine();
  const profile = await core.invoke('profiles.create', {
    name: 'Echoing platform',
    baseUrl,
    clientId: 'acme',
    clientSecret: CLIENT_SECRET,
    redirectUri: 'http://127.0.0.1:9/callback',
    scopes: ['basic'],
  });
  profileId = profile.id;
  await core.invoke('profiles.select', { profileId });
  const { suggested } = await core.invoke('inbound.status', { profileId });
  await core.invoke('profiles.update', { profileId, changes: suggested });

  failures.push(await failureOf(() => core.invoke('auth.getAppToken', {})));
  tokenAnswer = 'echo-text';
  failures.push(await failureOf(() => core.invoke('auth.getAppToken', {})));
  failures.push(JSON.stringify(await core.invoke('auth.status', {})));
  tokenAnswer = 'issue';
  await core.invoke('auth.getAppToken', {});
  const { record } = await core.invoke('api.call', {
    method: 'GET',
    path: '/tp/me.json',
    actAs: { kind: 'app' },
  });
  expect(record.api.status).toBe(400);

  // A delivery whose signature does not match: the receiver computes the valid one.
  const data = JSON.stringify({ id: 'm-forged', type: 'text', data: { body: 'Refund me' } });
  forgedSignature = createHmac('sha256', CLIENT_SECRET).update(data, 'utf8').digest('hex');
  const res = await fetch(suggested.endpointUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      data,
      signature: 'ab'.repeat(32),
      signature_method: 'HMAC-SHA256',
    }).toString(),
  });
  expect(res.status).toBe(200);
  await res.text();
  invalidSeq = await waitFor('the invalid delivery', async () => {
    const { records } = await core.invoke('log.list', { limit: 100 });
    return records.find(
      (r) => r.kind === 'delivery' && r.delivery.verification.outcome === 'invalid',
    )?.seq;
  });
}, 60_000);

afterAll(async () => {
  await core?.close();
  platform?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Where each text holds a secret in any form, or the forged signature whole (empty: clean). */
function leaks(texts: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const s of secretsIn(text, SECRETS)) found.push(`${where}: ${s.slice(0, 4)}…`);
    if (text.includes(forgedSignature)) found.push(`${where}: the forged signature whole`);
  }
  return found;
}

async function everything(): Promise<Record<string, string>> {
  const { records } = await core.invoke('log.list', { limit: 1000 });
  const api = records.filter((r) => r.kind === 'api');
  const texts: Record<string, string> = {
    'log.list': JSON.stringify(records),
    journal: readFileSync(join(dataDir, 'journal.ndjson'), 'utf8'),
    'api.exportHar': (await core.invoke('api.exportHar', { seqs: api.map((r) => r.seq) })).json,
  };
  for (const r of api)
    texts[`curl #${r.seq}`] = (await core.invoke('api.exportCurl', { seq: r.seq })).command;
  for (const format of ['ndjson', 'har', 'html'] as const)
    texts[`sessions.export ${format}`] = (await core.invoke('sessions.export', { format })).content;
  return texts;
}

describe('a platform that echoes secrets', () => {
  it('the person is told what failed, with no secret in any form', () => {
    expect(failures[0]).toMatch(/refused with 401 invalid_client: client_secret cs\/"…/);
    expect(failures[1]).toMatch(/failed with HTTP 500 \(Bad form: client_secret=/);
    expect(leaks(Object.fromEntries(failures.map((f, i) => [`failure ${i}`, f])))).toEqual([]);
  });

  it('the journal, the UI, every export and the events hold no secret in any form', async () => {
    const texts = await everything();
    // Not empty shells: the echoing answers are in them, redacted.
    for (const format of ['ndjson', 'har', 'html'])
      expect(texts[`sessions.export ${format}`]).toContain('invalid_client');
    texts.events = JSON.stringify(events);
    expect(leaks(texts)).toEqual([]);
  });

  it("an invalid delivery's record, the UI and the report hold the expected signature's start only", async () => {
    const { record } = (await core.invoke('log.get', { seq: invalidSeq })) as {
      record: DeliveryRecord;
    };
    expect(record.delivery.verification.expected).toBe(`${forgedSignature.slice(0, 8)}…`);
    expect(record.delivery.verification.explanation).toContain(forgedSignature.slice(0, 8));
    const html = (await core.invoke('sessions.export', { format: 'html' })).content;
    expect(html).toContain(`${forgedSignature.slice(0, 8)}…`);
    expect(leaks({ record: JSON.stringify(record), html })).toEqual([]);
  });
});

describe('a journal written before', () => {
  beforeAll(async () => {
    await core.close();
    // As an older version wrote it: the full expected signature in the invalid delivery, and an
    // answer holding the client secret in clear.
    const file = join(dataDir, 'journal.ndjson');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const cut = `${forgedSignature.slice(0, 8)}…`;
    const old = lines.map((line) =>
      (JSON.parse(line) as JournalRecord).seq === invalidSeq
        ? line.split(cut).join(forgedSignature)
        : line,
    );
    const lastSeq = (JSON.parse(lines.at(-1)!) as JournalRecord).seq;
    const leaky = {
      seq: lastSeq + 1,
      at: new Date().toISOString(),
      kind: 'system',
      summary: 'An older record',
      system: { level: 'info', message: `echoed ${JSON.stringify({ s: CLIENT_SECRET })}` },
    };
    writeFileSync(file, `${old.join('\n')}\n`);
    appendFileSync(file, `${JSON.stringify(leaky)}\n`);
    expect(readFileSync(file, 'utf8')).toContain(forgedSignature);
    core = await startEngine();
  });

  it('its invalid delivery is shown with the expected signature cut to its start', async () => {
    const { record } = (await core.invoke('log.get', { seq: invalidSeq })) as {
      record: DeliveryRecord;
    };
    expect(record.delivery.verification.expected).toBe(`${forgedSignature.slice(0, 8)}…`);
    const { records } = await core.invoke('log.list', { limit: 1000 });
    expect(JSON.stringify(records)).not.toContain(forgedSignature);
  });

  it('its session exports (NDJSON, HAR, HTML) hold no secret in any form, nor the signature whole', async () => {
    const texts: Record<string, string> = {};
    for (const format of ['ndjson', 'har', 'html'] as const)
      texts[format] = (await core.invoke('sessions.export', { format })).content;
    expect(texts.ndjson).toContain('An older record');
    expect(texts.ndjson).toContain(`${forgedSignature.slice(0, 8)}…`);
    expect(leaks(texts)).toEqual([]);
  });
});
