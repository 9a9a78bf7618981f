// cURL and HAR from journaled records, and the history search: exact commands, HAR 1.2 fields,
// and no secret in either.
import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../../../src-shared/contract';
import { curlCommand } from '../../../../src-main/core/composer/export-curl';
import { harDocument } from '../../../../src-main/core/log/har-entry';
import { searchApiRecords } from '../../../../src-main/core/composer/search';

const record = (over: Partial<ApiRecord['api']> = {}, seq = 1): ApiRecord => ({
  seq,
  at: '2026-11-22T08:00:01.000Z',
  kind: 'api',
  summary: 'POST /tp/message/send.json (text) → 200',
  profileId: 'sandbox',
  api: {
    method: 'POST',
    url: 'https://platform.example/tp/message/send.json',
    requestHeaders: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '40',
      authorization: 'Bearer QLg1…',
    },
    requestParams: { contact_id: 'c', resource_id: 'u1', msg_type: 'text', text: "it's me & you" },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: { encoding: 'utf8', text: '{"id":"m1"}', size: 11 },
    timing: { totalMs: 20, ttfbMs: 15, downloadMs: 5, dnsMs: 1, connectMs: 2, tlsMs: 3 },
    ...over,
  },
});

describe('copy as cURL', () => {
  it('a form call, quoted for the shell, secrets as journaled (redacted)', () => {
    const { command } = curlCommand(record());
    expect(command).toBe(
      "curl -X POST 'https://platform.example/tp/message/send.json' -H 'accept: application/json' " +
        "-H 'content-type: application/x-www-form-urlencoded' -H 'authorization: Bearer QLg1…' " +
        `--data-raw 'contact_id=c&resource_id=u1&msg_type=text&text=it%27s+me+%26+you'`,
    );
  });

  it('a multipart call: text with --form-string, the file with -F and a note', () => {
    const out = curlCommand(
      record({
        requestHeaders: {
          'content-type': 'multipart/form-data; boundary=b',
          authorization: 'Bearer QLg1…',
        },
        requestParams: {
          msg_type: 'picture',
          text: '@not-a-file',
          file: '@sample.jpg;type=image/jpeg',
        },
      }),
    );
    expect(out.command).toBe(
      "curl -X POST 'https://platform.example/tp/message/send.json' -H 'authorization: Bearer QLg1…' " +
        "--form-string 'msg_type=picture' --form-string 'text=@not-a-file' -F 'file=@sample.jpg;type=image/jpeg'",
    );
    expect(out.notes[0]).toContain('sample.jpg');
  });

  it('puts in the real secrets only when given them', () => {
    const out = curlCommand(record({ requestParams: { client_secret: 'abcd…' } }), {
      authorization: 'QLg1-the-real-token',
      params: { client_secret: 'abcd-real' },
    });
    expect(out.command).toContain("-H 'authorization: Bearer QLg1-the-real-token'");
    expect(out.command).toContain("--data-raw 'client_secret=abcd-real'");
  });

  it('a GET carries its query in the URL and no body', () => {
    const { command } = curlCommand(
      record({ method: 'GET', url: 'https://p.example/tp/me.json?user_id=u1', requestHeaders: {} }),
    );
    expect(command).toBe("curl -X GET 'https://p.example/tp/me.json?user_id=u1'");
  });
});

describe('HAR 1.2', () => {
  it('has the required fields, timings by phase and the post data', () => {
    const har = harDocument([record()], '1.2.3') as {
      log: { version: string; creator: unknown; entries: Record<string, unknown>[] };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'TP Inspector', version: '1.2.3' });
    const entry = har.log.entries[0]!;
    expect(entry.startedDateTime).toBe('2026-11-22T08:00:00.980Z');
    expect(entry.time).toBe(20);
    expect(entry.timings).toEqual({
      blocked: -1,
      dns: 1,
      connect: 5,
      ssl: 3,
      send: 0,
      wait: 9,
      receive: 5,
    });
    expect(entry.request).toMatchObject({
      method: 'POST',
      httpVersion: 'HTTP/1.1',
      headersSize: -1,
      bodySize: 40,
      postData: {
        mimeType: 'application/x-www-form-urlencoded',
        text: 'contact_id=c&resource_id=u1&msg_type=text&text=it%27s+me+%26+you',
      },
    });
    expect(entry.response).toMatchObject({
      status: 200,
      content: { size: 11, mimeType: 'application/json', text: '{"id":"m1"}' },
    });
  });

  it('marks a base64 body and a call that got no answer', () => {
    const har = harDocument(
      [
        record({ responseBody: { encoding: 'base64', text: 'AAE=', size: 2 } }),
        record({
          status: null,
          responseBody: null,
          error: 'refused',
          timing: { totalMs: 1, ttfbMs: null, downloadMs: null },
        }),
      ],
      'x',
    ) as {
      log: { entries: { response: Record<string, unknown>; timings: Record<string, number> }[] };
    };
    expect(har.log.entries[0]?.response.content).toMatchObject({
      encoding: 'base64',
      text: 'AAE=',
    });
    expect(har.log.entries[1]?.response).toMatchObject({ status: 0, _error: 'refused' });
    expect(har.log.entries[1]?.timings.wait).toBe(-1);
  });
});

describe('history search', () => {
  const records = [
    record({}, 1),
    record({ requestParams: { msg_type: 'picture', resource_id: 'r77' } }, 2),
    {
      seq: 3,
      at: 'x',
      kind: 'system',
      summary: 'picture',
      system: { level: 'info', message: 'picture' },
    } as const,
    record({ url: 'https://platform.example/tp/resource/list', method: 'GET' }, 4),
  ];

  it('finds by parameter, URL or body, newest first, api records only', () => {
    expect(searchApiRecords(records, 'PICTURE', { limit: 10 }).map((r) => r.seq)).toEqual([2]);
    expect(searchApiRecords(records, 'resource/list', { limit: 10 }).map((r) => r.seq)).toEqual([
      4,
    ]);
    expect(searchApiRecords(records, '"m1"', { limit: 10 }).map((r) => r.seq)).toEqual([4, 2, 1]);
    expect(searchApiRecords(records, '', { limit: 2 }).map((r) => r.seq)).toEqual([4, 2]);
    expect(searchApiRecords(records, 'm1', { limit: 10, profileId: 'other' })).toEqual([]);
  });
});

describe('history search with several words', () => {
  const contactAdd = (status: number, seq: number) =>
    record(
      {
        url: 'https://platform.example/tp/contact/add.json',
        requestParams: { contact_id: 'order-1042', display_name: 'Order' },
        status,
        responseBody: { encoding: 'utf8', text: '{}', size: 2 },
      },
      seq,
    );
  const tooMany = (seq: number) =>
    record(
      {
        requestParams: { resource_id: 'u1', msg_type: 'text', text: 'hi' },
        status: 429,
        responseBody: { encoding: 'utf8', text: '{}', size: 2 },
      },
      seq,
    );
  const records = [contactAdd(200, 1), contactAdd(429, 2), tooMany(3), contactAdd(429, 4)];
  const seqs = (query: string) => searchApiRecords(records, query, { limit: 10 }).map((r) => r.seq);

  it('matches a call only when every word is found somewhere in it, in any case and order', () => {
    expect(seqs('contact')).toEqual([4, 2, 1]);
    expect(seqs('429')).toEqual([4, 3, 2]);
    // The QA case: the phrase is nowhere, but each word is (URL, status).
    expect(seqs('contact 429')).toEqual([4, 2]);
    expect(seqs('  429\tCONTACT  ')).toEqual([4, 2]);
    // Parameter and method words together.
    expect(seqs('post order-1042 add.json')).toEqual([4, 2, 1]);
    expect(seqs('contact 429 nowhere')).toEqual([]);
  });
});
