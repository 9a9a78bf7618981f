// A delivery answered after the platform's deadline is no success: the Event log's row reads
// "200 late" in the warning style (never the green of a 2xx) with the record's words on hover, and
// the Inbound tab's recent answers and a forward target's last result carry the same words and tone.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoreEventEmitter } from '../../../src-main/core/events';
import type { JournalRecord } from '../../../src-shared/contract';
import { rowStatus } from '../../../src-renderer/src/features/event-log/row-status';
import { answerTone } from '../../../src-renderer/src/features/inbound/answer-tone';
import { waitFor } from '../../helpers/wait-for';
import { startStores, type StoresFixture } from './store-fixture';

const WORDS = 'answered 200 after 12.0 s: the platform had stopped waiting at 10 s and retries';

let f: StoresFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

describe('the status of a row', () => {
  it('is "200 late" in the warning style for a late answer, green for a timely one', () => {
    expect(rowStatus({ status: 200, late: WORDS })).toEqual({
      text: '200 late',
      className: 'status-late',
      title: WORDS,
    });
    expect(rowStatus({ status: 200 })).toEqual({ text: '200', className: 'status-2xx' });
    expect(rowStatus({ status: null })).toEqual({ text: 'failed', className: 'status-none' });
  });
});

describe('a delivery answered after the deadline, through the stores', () => {
  it('shows late in the Event log row and the recent answers', async () => {
    const fx = (f = await startStores());
    fx.start();
    await fx.core.invoke('inbound.setResponse', { response: { delayMs: 12_000 } });
    const { suggested } = await fx.core.invoke('inbound.status', {});
    const app = fx.sandbox.apps[0]!;
    const data = JSON.stringify({ id: 'm-late', type: 'text', data: { body: 'late' } });
    const signature = createHmac('sha256', app.client_secret).update(data).digest('hex');
    // The answer takes 12 s: the record is written before it, so the test reads it and lets go.
    const sending = new AbortController();
    fetch(suggested.endpointUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data, signature, signature_method: 'HMAC-SHA256' }).toString(),
      signal: sending.signal,
    }).catch(() => undefined);
    try {
      const log = fx.stores.log;
      const row = await waitFor('the delivery’s row in the Event log', () =>
        [...log.getState().rows.values()].find((r) => r.kind === 'delivery'),
      );
      expect(rowStatus(row)).toEqual({ text: '200 late', className: 'status-late', title: WORDS });

      const inbound = fx.stores.inbound;
      const answer = await waitFor('the delivery among the recent answers', () =>
        inbound.getState().answers.find((a) => a.seq === row.seq),
      );
      expect(answer.late).toBe(WORDS);
      expect(answerTone(answer)).toBe('inb-late');
    } finally {
      sending.abort();
    }
  });

  it('a forward target’s last result answered late carries its words and the warning tone', async () => {
    const fx = (f = await startStores());
    fx.start();
    const inbound = fx.stores.inbound;
    await waitFor('the inbound store to load the sandbox profile', () =>
      inbound.getState().profileId === fx.sandboxProfileId ? true : undefined,
    );
    const late = 'answered 200 after 10.5 s: past the platform’s deadline';
    const forward: JournalRecord = {
      seq: 9001,
      at: new Date().toISOString(),
      kind: 'forward',
      profileId: fx.sandboxProfileId,
      summary: 'Forward of delivery #9000 to http://127.0.0.1:9/hook → 200',
      forward: {
        deliverySeq: 9000,
        why: 'forward',
        edited: false,
        resigned: false,
        late,
        exchange: {
          method: 'POST',
          url: 'http://127.0.0.1:9/hook',
          requestHeaders: {},
          requestParams: {},
          status: 200,
          responseHeaders: {},
          responseBody: null,
          timing: { totalMs: 10_500, ttfbMs: 10_500, downloadMs: 0 },
        },
      },
    };
    (fx.core.events as CoreEventEmitter).emit('log.appended', forward);
    const result = await waitFor(
      'the forward target’s last result',
      () => inbound.getState().forwardResults['http://127.0.0.1:9/hook'],
    );
    expect(result.late).toBe(late);
    expect(answerTone(result)).toBe('inb-late');
    expect(answerTone({ ...result, late: undefined })).toBe('inb-ok');
  });
});
