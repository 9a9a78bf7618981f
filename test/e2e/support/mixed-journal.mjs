// @ts-check
// The journal of a long QA session, in the documented format (docs/journal.md), written before the
// host starts: for the e2e tests of the Event log with 100,000 records and for
// `npm run bench:eventlog`. Plain JavaScript with JSDoc types so that node runs it without a
// TypeScript loader (the bench) and TypeScript checks it (tsconfig.node.json: allowJs).
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('../../../src-shared/contract').JournalRecord} JournalRecord */

/**
 * @typedef {object} MixedJournal
 * @property {number} deliveries How many records match each fixture filter, counted as they were
 *   written.
 * @property {number} invalid
 * @property {(userId: string) => number} fromUser
 * @property {number} needleSeq The seq of the record whose body holds `needle` (exactly one does).
 * @property {number} serverErrors API calls answered 500 (every 50th record).
 */

export const JOURNAL_FILE = 'journal.ndjson';
export const FIXTURE_USERS = ['ufixture0001', 'ufixture0002', 'ufixture0003'];
const MSG_TYPES = ['text', 'picture', 'sticker'];

/**
 * Writes `count` records of every kind a long QA session has: API calls with JSON bodies (every
 * 50th answered 500), signed deliveries (valid and, every 7th, invalid) from three users, and
 * system notes, seq 1..count, into the data directory's journal. One API body holds `needle`, for
 * the full-text search. With `sized`, each record is the size the app writes (API calls ~0.9 KB,
 * deliveries ~1.9 KB, ~1.1 KB on average: headers, bodies and messages of real length). Written in
 * chunks, so a journal of any size fits (one string of it would not past ~512 MB).
 *
 * @param {string} dataDir
 * @param {number} count
 * @param {string} needle
 * @param {{ sized?: boolean }} [options]
 * @returns {MixedJournal}
 */
export function writeMixedJournal(dataDir, count, needle, options = {}) {
  const pad = options.sized ? padding : () => '';
  const start = Date.now() - 3_600_000 - count * 10;
  /** @type {Map<string, number>} */
  const byUser = new Map();
  let deliveries = 0;
  let invalid = 0;
  const needleSeq = Math.floor(count / 3);
  const fd = openSync(join(dataDir, JOURNAL_FILE), 'w');
  /** @type {string[]} */
  let lines = [];
  let chars = 0;
  for (let seq = 1; seq <= count; seq++) {
    const at = new Date(start + seq * 10).toISOString();
    const user = /** @type {string} */ (FIXTURE_USERS[seq % FIXTURE_USERS.length]);
    /** @type {JournalRecord} */
    let record;
    const isApi = seq % 5 === 1 || seq === needleSeq;
    if (!isApi && seq % 5 === 0) {
      const bad = seq % 7 === 0;
      deliveries += 1;
      if (bad) invalid += 1;
      byUser.set(user, (byUser.get(user) ?? 0) + 1);
      const msgType = /** @type {string} */ (MSG_TYPES[seq % MSG_TYPES.length]);
      record = delivery(seq, at, user, msgType, bad, pad);
    } else if (isApi) {
      const body = JSON.stringify({
        user_id: user,
        name: seq === needleSeq ? needle : `Fixture user ${seq}`,
        ...(options.sized ? { about: pad(seq, 280) } : {}),
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
          requestHeaders: options.sized
            ? {
                accept: 'application/json',
                authorization: 'Bearer Qm1x…',
                'user-agent': 'tp-inspector/1.0',
              }
            : { accept: 'application/json' },
          requestParams: {},
          status: seq % 50 === 1 ? 500 : 200,
          responseHeaders: options.sized
            ? {
                'content-type': 'application/json; charset=utf-8',
                'content-length': String(body.length),
                date: new Date(start + seq * 10).toUTCString(),
              }
            : { 'content-type': 'application/json' },
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
        system: {
          level: 'info',
          message: `Fixture record ${seq}, written by the fixture.${pad(seq, 700)}`,
        },
      };
    }
    const line = JSON.stringify(record);
    lines.push(line);
    chars += line.length;
    if (chars > 4_000_000 || seq === count) {
      writeSync(fd, lines.join('\n') + '\n');
      lines = [];
      chars = 0;
    }
  }
  closeSync(fd);
  const serverErrors = Math.floor((count - 1) / 50) + 1;
  return { deliveries, invalid, fromUser: (u) => byUser.get(u) ?? 0, needleSeq, serverErrors };
}

/**
 * @param {number} seq
 * @param {string} at
 * @param {string} user
 * @param {string} msgType
 * @param {boolean} bad
 * @param {(seq: number, length: number) => string} pad
 * @returns {JournalRecord}
 */
function delivery(seq, at, user, msgType, bad, pad) {
  const data = JSON.stringify({
    id: `m${seq}`,
    type: msgType,
    sender: `${user}@platform.test`,
    ...(pad(seq, 1) ? { text: pad(seq, 330) } : {}),
  });
  const body = `data=${encodeURIComponent(data)}&signature=abc&signature_method=HMAC-SHA256`;
  return {
    seq,
    at,
    kind: 'delivery',
    summary: `Delivery: ${msgType} message from ${user} → 200 (signature ${bad ? 'invalid' : 'valid'})`,
    profileId: 'sandbox',
    delivery: {
      method: 'POST',
      path: '/hooks/sandbox',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(pad(seq, 1)
          ? {
              'user-agent': 'sandbox-platform',
              host: '127.0.0.1:5875',
              'content-length': String(body.length),
              'x-forwarded-for': '203.0.113.7',
            }
          : {}),
      },
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
}

const WORDS = ['order', 'shipped', 'invoice', 'parcel', 'hello', 'meeting', 'receipt', 'status'];
/** @type {Map<string, string>} */
const fillers = new Map();
/**
 * Filler text of `length` characters that varies with seq (words, not one repeated byte), so
 * bodies look like what people send; 61 variants, made once each.
 * @param {number} seq
 * @param {number} length
 */
function padding(seq, length) {
  const key = `${seq % 61}:${length}`;
  let out = fillers.get(key);
  if (out === undefined) {
    out = ' ';
    for (let i = 0; out.length < length; i++)
      out += `${WORDS[(seq + i * 7) % WORDS.length]} ${(seq * 31 + i) % 997} `;
    fillers.set(key, (out = out.slice(0, length)));
  }
  return out;
}
