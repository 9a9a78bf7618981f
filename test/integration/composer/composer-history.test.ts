// The composer beyond a single send: token renewal on a 401, 429 with Retry-After, upload progress
// for a large file, refusing an invalid request unless forced, reopening a journaled call, history
// search, and cURL / HAR exports that carry no secret unless asked for.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../../src-shared/contract';
import { errorOf } from '../../helpers/command-error';
import { tempDir } from '../../helpers/core-fixture';
import { simulator } from '../../helpers/sandbox-client';
import { startComposerFixture, type ComposerFixture } from './composer-fixture';

let fx: ComposerFixture;
beforeAll(async () => {
  fx = await startComposerFixture();
});
afterAll(async () => {
  await fx?.close();
});

const apiRecords = async () =>
  (await fx.core.invoke('log.list', { limit: 5000 })).records.filter(
    (r): r is ApiRecord => r.kind === 'api',
  );

describe('sending', () => {
  it('renews an expired token once and sends again', async () => {
    await simulator(fx.sandbox, 'POST', '/_sandbox/tokens/expire', {});
    const result = await fx.core.invoke('composer.send', {
      endpointId: 'resource.list',
      params: {},
      actAs: { kind: 'user', userId: fx.userId },
    });
    expect(result.record.api.status).toBe(200);
    const before = (await apiRecords()).filter((r) => r.seq < result.record.seq).slice(-2);
    expect(before.map((r) => r.summary)).toEqual([
      'GET /tp/resource/list → 401',
      'POST /tp/token (refresh_token) → 200',
    ]);
  });

  it('reports upload progress for a large file and measures the connection', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const progress: { sentBytes: number; totalBytes: number }[] = [];
    const off = fx.core.events.on('composer.progress', (p) => {
      if (p.requestId === 'big-1') progress.push(p);
    });
    const result = await fx.core.invoke('composer.send', {
      endpointId: 'message.send',
      params: { contact_id: fx.contactId, resource_id: fx.userId, msg_type: 'file' },
      actAs: { kind: 'user', userId: fx.userId },
      file: { name: 'big.bin', base64: bytes.toString('base64') },
      requestId: 'big-1',
    });
    off();
    expect(result.record.api.status).toBe(200);
    expect((result.json as { data: { size: number } }).data.size).toBe(bytes.length);
    expect(progress.length).toBeGreaterThan(2);
    const last = progress.at(-1)!;
    expect(last.sentBytes).toBe(last.totalBytes);
    expect(last.totalBytes).toBe(result.request.raw.size);
    expect(progress.map((p) => p.sentBytes)).toEqual(
      [...progress.map((p) => p.sentBytes)].sort((a, b) => a - b),
    );
    // A fresh connection for the call: its TCP connect time is known (127.0.0.1: no DNS, no TLS).
    expect(result.record.api.timing.connectMs).toBeGreaterThanOrEqual(0);
    expect(result.record.api.timing).not.toHaveProperty('tlsMs');
  });

  it('previews and sends a file handed over once (staged)', async () => {
    const bytes = readFileSync('resources/samples/sample.gif');
    const staged = await fx.core.invoke('composer.stageFile', {
      name: 'anim.gif',
      base64: bytes.toString('base64'),
    });
    expect(staged).toMatchObject({
      size: bytes.length,
      detectedMime: 'image/gif',
      detectedExt: 'gif',
    });
    const request = {
      endpointId: 'message.send',
      params: { contact_id: fx.contactId, resource_id: fx.userId, msg_type: 'picture' },
      actAs: { kind: 'user' as const, userId: fx.userId },
      file: { name: 'anim.gif', staged: staged.fileId },
    };
    const preview = await fx.core.invoke('composer.preview', request);
    expect(preview.ok).toBe(true);
    expect(preview.request.file).toMatchObject({ sentMime: 'image/gif', preferred: 'image/jpeg' });
    const sent = await fx.core.invoke('composer.send', request);
    expect(sent.record.api.status).toBe(200);
    // The raw view of the preview is what was sent, boundary included.
    expect(sent.request.raw).toEqual(preview.request.raw);
    expect(sent.request.headers['content-type']).toBe(preview.request.headers['content-type']);
    expect(sent.json).toMatchObject({
      data: { mime_type: 'image/gif', size: bytes.length, filename: 'anim.gif' },
    });
  });

  it('refuses a request that breaks the rules, and sends it when forced', async () => {
    const request = {
      endpointId: 'message.send',
      params: {
        contact_id: fx.contactId,
        resource_id: fx.userId,
        msg_type: 'location',
        geo_lat: '95',
        geo_lon: '0',
      },
      actAs: { kind: 'user' as const, userId: fx.userId },
    };
    const err = await errorOf(fx.core.invoke('composer.send', request));
    expect(err.code).toBe('invalid_input');
    expect(err.issues).toEqual([
      { path: 'geo_lat', message: 'geo_lat must be between -90 and 90 (got 95).' },
    ]);
    const forced = await fx.core.invoke('composer.send', { ...request, force: true });
    expect(forced.record.api.status).toBe(400);
    expect(forced.json).toMatchObject({ error: 'invalid_request' });
  });

  it('reports Retry-After on a 429', async () => {
    await simulator(fx.sandbox, 'PATCH', `/_sandbox/apps/${fx.clientId}`, {
      rate_limit: { count: 1, window_s: 60 },
    });
    const call = () =>
      fx.core.invoke('composer.send', {
        endpointId: 'me',
        params: {},
        actAs: { kind: 'appForUser', userId: fx.userId },
      });
    await call();
    const limited = await call();
    expect(limited.record.api.status).toBe(429);
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.retryAfterSeconds).toBe(
      Number(limited.record.api.responseHeaders['retry-after']),
    );
    await simulator(fx.sandbox, 'PATCH', `/_sandbox/apps/${fx.clientId}`, {
      rate_limit: { count: 10_000_000, window_s: 86_400 },
    });
  });
});

describe('history', () => {
  it('reopens a journaled send in the composer, and it sends again', async () => {
    const sent = await fx.core.invoke('composer.send', {
      endpointId: 'message.send',
      params: { contact_id: fx.contactId, resource_id: fx.roomId, msg_type: 'picture' },
      actAs: { kind: 'appForUser', userId: fx.userId },
      file: { name: 'sample.png', sample: 'sample.png' },
    });
    const { request, notes } = await fx.core.invoke('composer.fromRecord', {
      seq: sent.record.seq,
    });
    expect(notes).toEqual([]);
    expect(request).toMatchObject({
      endpointId: 'message.send',
      params: { contact_id: fx.contactId, resource_id: fx.roomId, msg_type: 'picture' },
      actAs: { kind: 'appForUser', userId: fx.userId },
      file: { name: 'sample.png', sample: 'sample.png' },
    });
    const again = await fx.core.invoke('composer.send', request);
    expect(again.record.api.status).toBe(200);

    const contact = await fx.core.invoke('composer.send', {
      endpointId: 'message.send',
      params: { contact_id: fx.contactId, resource_id: fx.userId, msg_type: 'contact' },
      actAs: { kind: 'user', userId: fx.userId },
      vcard: { name: 'Ada', surname: 'L', phones: [{ number: '1', type: 'home' }] },
    });
    const back = await fx.core.invoke('composer.fromRecord', { seq: contact.record.seq });
    expect(back.request.actAs).toEqual({ kind: 'user', userId: fx.userId });
    expect(back.request.vcard).toEqual({
      name: 'Ada',
      surname: 'L',
      phones: [{ number: '1', type: 'home' }],
    });
  });

  it('searches the calls, newest first', async () => {
    const { records } = await fx.core.invoke('api.search', { query: fx.roomId, limit: 50 });
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => JSON.stringify(r).includes(fx.roomId))).toBe(true);
    const seqs = records.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(
      (await fx.core.invoke('api.search', { query: 'no-such-thing-here', limit: 5 })).records,
    ).toEqual([]);
  });
});

describe('exports hold no secret', () => {
  /** Every secret the sandbox issued or holds: the client secret, access and refresh tokens. */
  async function secrets(): Promise<string[]> {
    const file = join(tempDir(), 'state.json');
    await fx.sandbox.saveState(file);
    const state = JSON.parse(readFileSync(file, 'utf8')) as {
      apps: { client_secret: string }[];
      access_tokens: { token: string }[];
      refresh_tokens: { token: string }[];
    };
    return [
      ...state.apps.map((a) => a.client_secret),
      ...state.access_tokens.map((t) => t.token),
      ...state.refresh_tokens.map((t) => t.token),
    ];
  }

  it('cURL and HAR of every call', async () => {
    // A token grant and a form call through the composer, so both kinds are among the records.
    await fx.core.invoke('composer.send', {
      endpointId: 'token',
      params: { grant_type: 'client_credentials' },
      actAs: { kind: 'app' },
    });
    const records = await apiRecords();
    const known = await secrets();
    expect(known.length).toBeGreaterThan(3);
    const har = await fx.core.invoke('api.exportHar', { seqs: records.map((r) => r.seq) });
    const parsed = JSON.parse(har.json) as { log: { version: string; entries: unknown[] } };
    expect(parsed.log.version).toBe('1.2');
    expect(parsed.log.entries).toHaveLength(records.length);
    const curls: string[] = [];
    for (const r of records) {
      const out = await fx.core.invoke('api.exportCurl', { seq: r.seq });
      expect(out.secretsIncluded).toBe(false);
      curls.push(out.command);
    }
    for (const secret of known) {
      expect(har.json.includes(secret), 'a secret in the HAR').toBe(false);
      expect(
        curls.some((c) => c.includes(secret)),
        'a secret in a cURL command',
      ).toBe(false);
    }
    // Nor do the journal files themselves.
    const journals = readdirSync(fx.dataDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ndjson'))
      .map((f) => readFileSync(join(fx.dataDir, f), 'utf8'));
    expect(journals.length).toBeGreaterThan(0);
    for (const secret of known) expect(journals.some((j) => j.includes(secret))).toBe(false);
  });

  it('includes the real token and client secret only when asked, while the engine holds them', async () => {
    const sent = await fx.core.invoke('composer.send', {
      endpointId: 'resource.list',
      params: {},
      actAs: { kind: 'user', userId: fx.userId },
    });
    const out = await fx.core.invoke('api.exportCurl', {
      seq: sent.record.seq,
      includeSecrets: true,
    });
    expect(out.secretsIncluded).toBe(true);
    const token = /authorization: Bearer (\S+)'/.exec(out.command)?.[1] ?? '';
    expect(await secrets()).toContain(token);

    const grant = (await apiRecords())
      .filter((r) => r.summary.startsWith('POST /tp/token (client_credentials)'))
      .at(-1)!;
    const withSecret = await fx.core.invoke('api.exportCurl', {
      seq: grant.seq,
      includeSecrets: true,
    });
    expect(withSecret.command).toContain(`client_secret=${encodeURIComponent(fx.clientSecret)}`);
  });
});
