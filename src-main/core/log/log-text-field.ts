// Whether a match of a plain text in a line's bytes is in a field the search looks in, told without
// parsing the line: parsing every candidate line is what made a search for a text that every API
// call holds slow on a journal of a million records. The line is walked as JSON (as JSON.stringify
// writes it: no whitespace) only up to the match, to the key path of the string it is in. A match in
// a searched field, with no escape sequence reaching into it, is a match of the record: the field's
// value holds the same characters there. Anything else (a key, a field not searched, an escape
// nearby, a line this walk does not follow) is left to the parse and the filter itself.
import { KINDS } from './journal-index';

/**
 * The fields the text search looks in, by kind: src-shared/rules/log-filter.ts (searchable) says
 * the same in code, and test/unit/core/log/log-text-field.test.ts checks that both agree. `*` is any
 * key of an object or any item of an array.
 */
const SEARCHED: Record<(typeof KINDS)[number], string[]> = {
  api: ['summary', 'api.url', 'api.error', 'api.responseBody.text', 'api.requestParams.*'],
  delivery: [
    'summary',
    'delivery.path',
    'delivery.error',
    'delivery.form.data',
    'delivery.body.text',
    'delivery.response.body',
    'delivery.verification.explanation',
    'delivery.shapeIssues.*',
  ],
  forward: [
    'summary',
    'forward.exchange.url',
    'forward.exchange.error',
    'forward.exchange.responseBody.text',
  ],
  auth: ['summary', 'auth.detail', 'auth.userId'],
  tunnel: ['summary', 'tunnel.reason', 'tunnel.publicUrl'],
  system: ['summary', 'system.message'],
};
const SEARCHED_BY_CODE = KINDS.map((k) => SEARCHED[k].map((path) => path.split('.')));

/** Whether a string at this key path of a record of this kind is one the search looks in. */
function isSearchedField(kindCode: number, path: readonly string[]): boolean {
  return (SEARCHED_BY_CODE[kindCode] ?? []).some(
    (wanted) =>
      wanted.length === path.length && wanted.every((key, i) => key === '*' || key === path[i]),
  );
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The longest escape sequence (\uXXXX): one starting further back ends before the match. */
const ESCAPE_REACH = 5;

/**
 * Whether the bytes [at, at + length) of the line [start, stop) lie in a string value at a field
 * the search looks in, with no escape sequence reaching into them. False means "not shown here",
 * never "no match".
 */
export function matchInSearchedField(
  line: Buffer,
  start: number,
  stop: number,
  at: number,
  kindCode: number,
): boolean {
  const path: string[] = [];
  /** Per open container: true for an object (its next string is a key), false for an array. */
  const objects: boolean[] = [];
  let expectKey = false;
  let i = start;
  while (i < stop && i <= at) {
    const c = line[i]!;
    if (c === QUOTE) {
      let end = i + 1;
      let escaped = false;
      while (end < stop && line[end] !== QUOTE) {
        if (line[end] === BACKSLASH) {
          escaped = true;
          end++;
        }
        end++;
      }
      if (end >= stop) return false;
      if (expectKey) {
        if (escaped) return false;
        path[path.length - 1] = line.toString('latin1', i + 1, end);
        expectKey = false;
      } else if (at > i && at < end) {
        if (!isSearchedField(kindCode, path)) return false;
        for (let b = Math.max(i + 1, at - ESCAPE_REACH); b < at; b++) {
          if (line[b] === BACKSLASH) return false;
        }
        return true;
      }
      i = end + 1;
      continue;
    }
    if (c === 0x7b) {
      objects.push(true);
      path.push('');
      expectKey = true;
    } else if (c === 0x5b) {
      objects.push(false);
      path.push('*');
    } else if (c === 0x7d || c === 0x5d) {
      objects.pop();
      path.pop();
    } else if (c === 0x2c) {
      expectKey = objects[objects.length - 1] === true;
    }
    i++;
  }
  return false;
}
