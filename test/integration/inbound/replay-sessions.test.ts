// Replay (as captured, edited and signed again, edited with the old signature, to a URL) and
// sessions (start, switch, export as NDJSON, HAR and HTML).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../../../src-shared/contract';
import { createCore } from '../../../src-main/core/index';
import { hostFor } from '../../helpers/core-fixture';
import {
  connectUser,
  form,
  isDelivery,
  isDeliveryOf,
  post,
  startInboundFixture,
  userSends,
  type InboundFixture,
} from './inbound-harness';

let f: InboundFixture;
let original: DeliveryRecord;
beforeAll(async () => {
  f = await startInboundFixture();
  const user = await connectUser(f);
  const sent = await userSends(f, user.id, 'replay me');
  original = await f.waitFor(isDeliveryOf(sent.id));
});
afterAll(() => f.close());

describe('replay', () => {
  it('as captured, to the receiver: the same bytes, valid, marked as a replay (not as a repeat, which reads as the platform retrying)', async () => {
    const { record } = await f.core.invoke('inbound.replay', {
      seq: original.seq,
      target: 'receiver',
    });
    expect(record.kind).toBe('delivery');
    if (record.kind !== 'delivery') return;
    expect(record.delivery.replayOf).toBe(original.seq);
    expect(record.delivery.repeatOf).toBeUndefined();
    expect(record.delivery.body).toEqual(original.delivery.body);
    expect(record.delivery.verification.outcome).toBe('valid');
    expect(record.summary).toMatch(new RegExp(`replay of #${original.seq}`));
    expect(record.summary).not.toMatch(/repeat of/);
    expect(record.delivery.replayEdit).toEqual({ edited: false, resigned: false });
  });

  it('with data edited and signed again: valid; with the old signature kept: invalid', async () => {
    const edited = original.delivery.form.data!.replace('replay me', 'edited');
    const resigned = await f.core.invoke('inbound.replay', {
      seq: original.seq,
      target: 'receiver',
      data: edited,
      resign: true,
    });
    const kept = await f.core.invoke('inbound.replay', {
      seq: original.seq,
      target: 'receiver',
      data: edited,
      resign: false,
    });
    if (resigned.record.kind !== 'delivery' || kept.record.kind !== 'delivery')
      throw new Error('kind');
    expect(resigned.record.delivery.form.data).toBe(edited);
    expect(resigned.record.delivery.verification.outcome).toBe('valid');
    expect(kept.record.delivery.form.signature).toBe(original.delivery.form.signature);
    expect(kept.record.delivery.verification.outcome).toBe('invalid');
    // The record says how each replay was changed, so the log and its exports can tell them apart.
    expect(resigned.record.delivery.replayEdit).toEqual({ edited: true, resigned: true });
    expect(resigned.record.summary).toContain('(edited, signed again)');
    // Read as the person's own replay of the original, never as a repeat of it (a retry).
    expect(resigned.record.delivery.repeatOf).toBeUndefined();
    expect(resigned.record.summary).toContain(`replay of #${original.seq} (edited`);
    expect(resigned.record.summary).not.toMatch(/repeat of/);
    expect(kept.record.delivery.replayEdit).toEqual({ edited: true, resigned: false });
    expect(kept.record.summary).toContain('(edited, old signature)');
  });

  it('to a URL: a forward record with the target answer', async () => {
    let body = '';
    const target: Server = createServer((req, res) => {
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/mine`;
    const { record } = await f.core.invoke('inbound.replay', { seq: original.seq, target: url });
    target.close();
    expect(record).toMatchObject({
      kind: 'forward',
      forward: {
        deliverySeq: original.seq,
        why: 'replay',
        edited: false,
        exchange: { status: 204 },
      },
    });
    expect(body).toBe(original.delivery.body!.text);
  });

  it('says so when the captured path no longer leads to an endpoint', async () => {
    const status = await f.core.invoke('inbound.status', {});
    const profile = await f.core.invoke('profiles.create', {
      name: 'Mine',
      baseUrl: f.sandbox.baseUrl,
      clientId: 'mine',
      clientSecret: 'a-secret-of-some-length',
      redirectUri: 'http://127.0.0.1:1/callback',
      scopes: [],
      endpointUrl: `${status.baseUrl}/custom/inbound`,
    });
    const res = await post(`${status.baseUrl}/custom/inbound`, form({ data: '{"id":"m-custom"}' }));
    expect(res.status).toBe(200);
    const rec = f.records.filter(isDelivery).at(-1)!;
    expect(rec.profileId).toBe(profile.id);
    await f.core.invoke('profiles.update', {
      profileId: profile.id,
      changes: { endpointUrl: `${status.baseUrl}/elsewhere` },
    });
    await expect(
      f.core.invoke('inbound.replay', { seq: rec.seq, target: 'receiver' }),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/answered 404/) });
  });

  it('refuses a record that is not a delivery, saying what to pick', async () => {
    await expect(
      f.core.invoke('inbound.replay', { seq: 1, target: 'receiver' }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/not a captured delivery/),
    });
  });
});

describe('sessions', () => {
  it('starts a new session, switches back, and exports each format', async () => {
    const events: string[] = [];
    f.core.events.on('sessions.changed', (s) => events.push(s.activeId));
    const before = await f.core.invoke('sessions.list', {});
    expect(before.activeId).toBe('default');
    const started = await f.core.invoke('sessions.start', { name: 'QA run 1' });
    const qa = started.sessions.find((s) => s.name === 'QA run 1')!;
    expect(started.activeId).toBe(qa.id);
    expect((await f.core.invoke('log.list', {})).records).toEqual([]);

    const { status } = await post(
      f.endpointUrl,
      form({ data: original.delivery.form.data!, signature: 'x', signature_method: 'HMAC-SHA256' }),
    );
    expect(status).toBe(200);
    const inQa = (await f.core.invoke('log.list', {})).records;
    expect(inQa.map((r) => r.kind)).toEqual(['delivery']);
    // A repeat is judged within the session: the first delivery of this session is no repeat.
    const firstInQa = inQa[0]!;
    expect(firstInQa.kind === 'delivery' && firstInQa.delivery.repeatOf).toBeFalsy();

    const back = await f.core.invoke('sessions.switch', { sessionId: 'default' });
    expect(back.activeId).toBe('default');
    expect((await f.core.invoke('log.list', {})).records.some((r) => r.seq === original.seq)).toBe(
      true,
    );
    expect(events).toEqual([qa.id, 'default']);
    expect(back.sessions.find((s) => s.id === qa.id)!.records).toBe(1);

    const ndjson = await f.core.invoke('sessions.export', { sessionId: qa.id, format: 'ndjson' });
    expect(ndjson.filename).toBe('tp-inspector-qa-run-1.ndjson');
    expect(
      ndjson.content
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).kind),
    ).toEqual(['delivery']);

    const har = JSON.parse((await f.core.invoke('sessions.export', { format: 'har' })).content);
    expect(har.log.version).toBe('1.2');
    const entry = har.log.entries.find((e: { comment: string }) =>
      e.comment.startsWith(`#${original.seq} `),
    );
    expect(entry.request.method).toBe('POST');
    expect(entry.request.postData.text).toBe(original.delivery.body!.text);
    expect(entry.response.status).toBe(200);
    expect(
      har.log.entries.some((e: { request: { url: string } }) =>
        e.request.url.includes('/tp/token'),
      ),
    ).toBe(true);

    const html = (await f.core.invoke('sessions.export', { format: 'html' })).content;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('replay me');
    expect(html).toContain('<th>Signature</th><td><b class="sig sig-valid">valid</b>');
    expect(html).not.toContain(f.clientSecret);
    await expect(f.core.invoke('sessions.switch', { sessionId: 'nope' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('the active session and its records survive a restart', async () => {
    await f.core.invoke('sessions.start', { name: 'Kept' });
    const kept = (await f.core.invoke('sessions.list', {})).activeId;
    await f.core.close();
    const again = await createCore(hostFor(f.sandbox, f.dataDir), { inboundPort: 0 });
    try {
      const state = await again.invoke('sessions.list', {});
      expect(state.activeId).toBe(kept);
      expect(state.sessions.map((s) => s.name)).toEqual(['Default', 'QA run 1', 'Kept']);
    } finally {
      await again.close();
    }
  });
});
