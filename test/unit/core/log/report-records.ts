// A QA session's records for the HTML report's tests: a run step that failed, a delivery whose
// text tries to break out of the page, its retry, an edited replay that kept the old signature
// (invalid), a forward of the first delivery, a call the platform refused and a late answer. A
// token the journal holds in clear (written before the engine knew it) is in a call's answer.
import type { JournalRecord } from '../../../../src-shared/contract';

export const SECRET = 'tok_9f3c2a7b5e1d4c6a8b0f';
export const HOSTILE = 'Hi </style><script>alert(1)</script> & <img src=x onerror=alert(2)>';

const at = '2026-11-28T10:00:00.000Z';
const timing = { totalMs: 12, ttfbMs: 10, downloadMs: 2 };

const data = (text: string) =>
  JSON.stringify({ id: 'm1', type: 'text', sender: 'u1', data: { body: text } });

function delivery(seq: number, text: string, extra: Record<string, unknown> = {}) {
  const form = data(text);
  const body = new URLSearchParams({
    data: form,
    signature: 'ab12cd34',
    signature_method: 'HMAC-SHA256',
  });
  return {
    seq,
    at,
    kind: 'delivery',
    summary: `Delivery: text message from u1 → 200 (signature valid)`,
    profileId: 'sandbox',
    delivery: {
      method: 'POST',
      path: '/hooks/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:5875' },
      source: { address: '127.0.0.1', port: 50000 },
      body: { encoding: 'utf8', text: body.toString(), size: body.toString().length },
      receivedAt: at,
      response: { status: 200, body: 'ok', delayMs: 0, reason: 'configured' },
      form: { data: form, signature: 'ab12cd34', signatureMethod: 'HMAC-SHA256' },
      verification: {
        outcome: 'valid',
        method: 'HMAC-SHA256',
        explanation: 'Valid HMAC-SHA256 signature over the `data` field.',
      },
      classification: { category: 'message', type: 'text', msgType: 'text', messageId: 'm1' },
      shapeIssues: [],
      forwardTo: [],
      ...extra,
    },
  };
}

const api = (seq: number, status: number, body: string) => ({
  seq,
  at,
  kind: 'api',
  summary: `POST /tp/message/send.json → ${status}`,
  profileId: 'sandbox',
  api: {
    method: 'POST',
    url: 'http://127.0.0.1:5870/tp/message/send.json',
    requestHeaders: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: 'Bearer tok_…',
    },
    requestParams: { msg_type: 'text', text: 'Your order ships today' },
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: { encoding: 'utf8', text: body, size: body.length },
    timing,
  },
});

export const QA_SESSION = [
  api(1, 200, `{"message_id":"m9","echo":"${SECRET}"}`),
  delivery(2, HOSTILE),
  {
    seq: 3,
    at,
    kind: 'forward',
    summary: 'Forward of delivery #2 to http://127.0.0.1:9000/hooks → 202',
    forward: {
      deliverySeq: 2,
      why: 'forward',
      edited: false,
      resigned: false,
      exchange: {
        method: 'POST',
        url: 'http://127.0.0.1:9000/hooks',
        requestHeaders: { 'content-type': 'application/x-www-form-urlencoded' },
        requestParams: {},
        status: 202,
        responseHeaders: {},
        responseBody: { encoding: 'utf8', text: 'queued', size: 6 },
        timing,
      },
    },
  },
  delivery(4, HOSTILE, {
    repeatOf: 2,
    response: {
      status: 200,
      body: 'ok',
      delayMs: 12000,
      reason: 'configured',
      late: 'answered 200 after 12.0 s: the platform had stopped waiting at 10 s and retries',
    },
  }),
  {
    ...delivery(5, 'Is my order 4472 on its way?', {
      repeatOf: 2,
      replayOf: 2,
      replayEdit: { edited: true, resigned: false },
      verification: {
        outcome: 'invalid',
        method: 'HMAC-SHA256',
        explanation:
          'The signature does not match. Expected one beginning 3f9a0c21… (only its start is kept); the delivery carries "ab12cd34". Either the data was changed on the way, or the secret differs from the platform\'s.',
        expected: '3f9a0c21…',
      },
    }),
    summary: 'Replay of delivery #2 → 200 (signature invalid)',
  },
  api(6, 403, '{"error":"forbidden"}'),
  {
    seq: 7,
    at,
    kind: 'system',
    summary: 'Step 2 of send.yaml, Send a text: failed in 40 ms',
    profileId: 'sandbox',
    system: {
      level: 'warn',
      message:
        'Step 2 of send.yaml, Send a text: failed in 40 ms. status: expected 201, got 200. Records: #6.',
    },
  },
  {
    seq: 8,
    at,
    kind: 'system',
    summary: 'Run QA: failed in 1.2 s',
    system: { level: 'warn', message: 'Run QA against "Sandbox": failed in 1.2 s.' },
  },
] as unknown as JournalRecord[];
