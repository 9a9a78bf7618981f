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
  // A million records made one by one take half a minute: each line is the template of its
  // variant (kind, user, outcome, filler), made once with placeholders of the same lengths, filled
  // in as bytes.
  /** @type {Map<string, Array<Buffer | string>>} */
  const templates = new Map();
  const fd = openSync(join(dataDir, JOURNAL_FILE), 'w');
  const out = Buffer.allocUnsafe(8 * 1024 * 1024);
  const clock = timeFormats();
  let used = 0;
  for (let seq = 1; seq <= count; seq++) {
    const user = /** @type {string} */ (FIXTURE_USERS[seq % FIXTURE_USERS.length]);
    const isApi = seq % 5 === 1 || seq === needleSeq;
    const isDelivery = !isApi && seq % 5 === 0;
    const bad = isDelivery && seq % 7 === 0;
    if (isDelivery) {
      deliveries += 1;
      if (bad) invalid += 1;
      byUser.set(user, (byUser.get(user) ?? 0) + 1);
    }
    const seqText = String(seq);
    const key = `${isApi ? 'a' : isDelivery ? 'd' : 's'}${seq % 3}${bad}${seq % 50 === 1}${seq === needleSeq}${seq % 61}:${seqText.length}`;
    let parts = templates.get(key);
    if (!parts) {
      const record = mixedRecord(seq, SEQ.repeat(seqText.length), AT, DATE, needle, needleSeq, {
        sized: options.sized === true,
        pad,
      });
      // The seq's placeholder was a string in the first field: there it is a number.
      const line = JSON.stringify(record).replace(/^\{"seq":"(~+)"/, '{"seq":$1') + '\n';
      parts = line.split(PLACEHOLDERS).map((part, k) => (k % 2 === 0 ? Buffer.from(part) : part));
      templates.set(key, parts);
    }
    const time = clock(start + seq * 10);
    for (const part of parts) {
      if (typeof part !== 'string') used += part.copy(out, used);
      else if (part === AT) used += out.write(time.iso, used, 'latin1');
      else if (part === DATE) used += out.write(time.http, used, 'latin1');
      else used += out.write(seqText, used, 'latin1');
    }
    if (used > out.length - 1024 * 1024 || seq === count) {
      writeAllOf(fd, out.subarray(0, used));
      used = 0;
    }
  }
  closeSync(fd);
  const serverErrors = Math.floor((count - 1) / 50) + 1;
  return { deliveries, invalid, fromUser: (u) => byUser.get(u) ?? 0, needleSeq, serverErrors };
}

// Placeholders of a template: a record's seq (as many as it has digits; a number in the line's
// `seq`, text elsewhere), its time (ISO 8601) and its HTTP date. None of their characters is
// otherwise in a record, and neither JSON nor encodeURIComponent changes `~`.
const SEQ = '~';
const AT = '^'.repeat('2026-01-01T00:00:00.000Z'.length);
const DATE = '`'.repeat('Thu, 01 Jan 2026 00:00:00 GMT'.length);
const PLACEHOLDERS = /(~+|\^{24}|`{29})/;

/**
 * A time as ISO 8601 and as an HTTP date, the dates made once a second (Date's own formatting
 * takes microseconds, and a record is written in about one).
 * @returns {(ms: number) => { iso: string, http: string }}
 */
function timeFormats() {
  let second = NaN;
  let isoPrefix = '';
  let http = '';
  return (ms) => {
    const s = Math.floor(ms / 1000);
    if (s !== second) {
      second = s;
      const date = new Date(s * 1000);
      isoPrefix = date.toISOString().slice(0, 20);
      http = date.toUTCString();
    }
    return { iso: `${isoPrefix}${String(ms - s * 1000).padStart(3, '0')}Z`, http };
  };
}

/**
 * @param {number} fd
 * @param {Buffer} bytes
 */
function writeAllOf(fd, bytes) {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
}

/**
 * One record of the mixed journal, with `s` for its seq wherever the seq is text, and `"seq":s`.
 * @param {number} seq
 * @param {string} s
 * @param {string} at
 * @param {string} date
 * @param {string} needle
 * @param {number} needleSeq
 * @param {{ sized: boolean, pad: (seq: number, length: number) => string }} options
 * @returns {JournalRecord}
 */
function mixedRecord(seq, s, at, date, needle, needleSeq, { sized, pad }) {
  const user = /** @type {string} */ (FIXTURE_USERS[seq % FIXTURE_USERS.length]);
  const isApi = seq % 5 === 1 || seq === needleSeq;
  /** @type {JournalRecord} */
  let record;
  if (!isApi && seq % 5 === 0) {
    const msgType = /** @type {string} */ (MSG_TYPES[seq % MSG_TYPES.length]);
    record = delivery(seq, s, at, user, msgType, seq % 7 === 0, pad);
  } else if (isApi) {
    const body = JSON.stringify({
      user_id: user,
      name: seq === needleSeq ? needle : `Fixture user ${s}`,
      ...(sized ? { about: pad(seq, 280) } : {}),
    });
    record = {
      seq,
      at,
      kind: 'api',
      summary: `GET /tp/me.json → 200`,
      profileId: 'sandbox',
      api: {
        method: 'GET',
        url: `http://127.0.0.1:1/tp/me.json?n=${s}`,
        requestHeaders: sized
          ? {
              accept: 'application/json',
              authorization: 'Bearer Qm1x…',
              'user-agent': 'tp-inspector/1.0',
            }
          : { accept: 'application/json' },
        requestParams: {},
        status: seq % 50 === 1 ? 500 : 200,
        responseHeaders: sized
          ? {
              'content-type': 'application/json; charset=utf-8',
              'content-length': String(body.length),
              date,
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
      summary: `Fixture record ${s}`,
      system: {
        level: 'info',
        message: `Fixture record ${s}, written by the fixture.${pad(seq, 700)}`,
      },
    };
  }
  // The seq's placeholder in the first field too (a string here, a number in the line).
  return {
    .../** @type {JournalRecord} */ (record),
    seq: /** @type {number} */ (/** @type {unknown} */ (s)),
  };
}

/**
 * @param {number} seq
 * @param {string} s the seq where it is text
 * @param {string} at
 * @param {string} user
 * @param {string} msgType
 * @param {boolean} bad
 * @param {(seq: number, length: number) => string} pad
 * @returns {JournalRecord}
 */
function delivery(seq, s, at, user, msgType, bad, pad) {
  const data = JSON.stringify({
    id: `m${s}`,
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
        messageId: `m${s}`,
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
