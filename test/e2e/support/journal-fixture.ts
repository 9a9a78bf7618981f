// A journal written before the host starts, in the documented format (docs/journal.md), for tests
// that need more history than clicking could make in reasonable time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalRecord, SystemRecord } from '../../../src-main/core/contract';

export const JOURNAL_FILE = 'journal.ndjson';

/** Writes `count` system records, seq 1..count, one second apart, ending an hour ago. */
export function writeSystemJournal(dataDir: string, count: number): void {
  const start = Date.now() - 3_600_000 - count * 1000;
  const lines = Array.from({ length: count }, (_, i): SystemRecord => {
    const seq = i + 1;
    return {
      seq,
      at: new Date(start + i * 1000).toISOString(),
      kind: 'system',
      summary: `Fixture record ${seq}`,
      system: { level: 'info', message: `Fixture record ${seq}, written by the e2e test.` },
    };
  });
  writeFileSync(join(dataDir, JOURNAL_FILE), lines.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

export interface MixedJournal {
  /** How many records match each fixture filter, counted as they were written. */
  deliveries: number;
  invalid: number;
  fromUser: (userId: string) => number;
  /** The seq of the record whose body holds `needle` (exactly one does). */
  needleSeq: number;
  /** API calls answered 500 (every 50th record). */
  serverErrors: number;
}

export const FIXTURE_USERS = ['ufixture0001', 'ufixture0002', 'ufixture0003'];
const MSG_TYPES = ['text', 'picture', 'sticker'];

/**
 * Writes `count` records of every kind a long QA session has: API calls with JSON bodies, signed
 * deliveries (valid and, every 7th, invalid) from three users, grants, forwards and system notes,
 * seq 1..count. One API body holds `needle`, for the full-text search.
 */
export function writeMixedJournal(dataDir: string, count: number, needle: string): MixedJournal {
  const start = Date.now() - 3_600_000 - count * 10;
  const byUser = new Map<string, number>();
  let deliveries = 0;
  let invalid = 0;
  const needleSeq = Math.floor(count / 3);
  const lines: string[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const at = new Date(start + seq * 10).toISOString();
    const user = FIXTURE_USERS[seq % FIXTURE_USERS.length]!;
    let record: JournalRecord;
    const isApi = seq % 5 === 1 || seq === needleSeq;
    if (!isApi && seq % 5 === 0) {
      const bad = seq % 7 === 0;
      deliveries += 1;
      if (bad) invalid += 1;
      byUser.set(user, (byUser.get(user) ?? 0) + 1);
      record = delivery(seq, at, user, MSG_TYPES[seq % MSG_TYPES.length]!, bad);
    } else if (isApi) {
      const body = JSON.stringify({
        user_id: user,
        name: seq === needleSeq ? needle : `Fixture user ${seq}`,
      });
      record = {
        seq,
        at,
        kind: 'api',
        summary: `GET /tp/me.json → 200`,
        profileId: 'sandbox',
        api: {
          method: 'GET',
          url: `http://127.0.0.1:1/tp/me.json?n=${seq}`,
          requestHeaders: { accept: 'application/json' },
          requestParams: {},
          status: seq % 50 === 1 ? 500 : 200,
          responseHeaders: { 'content-type': 'application/json' },
          responseBody: { encoding: 'utf8', text: body, size: body.length },
          timing: { totalMs: 4.2, ttfbMs: 3.1, downloadMs: 1.1 },
        },
      };
    } else {
      record = {
        seq,
        at,
        kind: 'system',
        summary: `Fixture record ${seq}`,
        system: { level: 'info', message: `Fixture record ${seq}, written by the e2e test.` },
      };
    }
    lines.push(JSON.stringify(record));
  }
  writeFileSync(join(dataDir, JOURNAL_FILE), lines.join('\n') + '\n');
  const serverErrors = Math.floor((count - 1) / 50) + 1;
  return { deliveries, invalid, fromUser: (u) => byUser.get(u) ?? 0, needleSeq, serverErrors };
}

function delivery(seq: number, at: string, user: string, msgType: string, bad: boolean) {
  const data = JSON.stringify({ id: `m${seq}`, type: msgType, sender: `${user}@platform.test` });
  const body = `data=${encodeURIComponent(data)}&signature=abc&signature_method=HMAC-SHA256`;
  const record: JournalRecord = {
    seq,
    at,
    kind: 'delivery',
    summary: `Delivery: ${msgType} message from ${user} → 200 (signature ${bad ? 'invalid' : 'valid'})`,
    profileId: 'sandbox',
    delivery: {
      method: 'POST',
      path: '/hooks/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      source: { address: '127.0.0.1', port: 50000 },
      body: { encoding: 'utf8', text: body, size: body.length },
      receivedAt: at,
      response: { status: 200, body: 'ok', delayMs: 0, reason: 'configured' },
      form: { data, signature: 'abc', signatureMethod: 'HMAC-SHA256' },
      verification: {
        outcome: bad ? 'invalid' : 'valid',
        method: 'HMAC-SHA256',
        explanation: bad ? 'Fixture: does not match.' : 'Fixture: matches.',
      },
      classification: {
        category: 'message',
        type: msgType,
        msgType,
        messageId: `m${seq}`,
        userId: user,
        contactId: 'acme-orders',
      },
      shapeIssues: [],
      forwardTo: [],
    },
  };
  return record;
}
