// The CSV reader of a run's data file (RFC 4180): quoted fields with commas, quotes and line breaks,
// CRLF and LF, a byte order mark, blank lines; what is not CSV is refused with its line and column.
import { describe, expect, it } from 'vitest';
import { DataFileError, fieldPlace, readCsv } from '../../../../src-main/core/runner/data/csv';

const fields = (text: string) => readCsv(text).map((r) => r.fields);

/** The error readCsv throws, as `line:column: message`. */
function refusal(text: string): string {
  try {
    readCsv(text);
  } catch (err) {
    if (err instanceof DataFileError) return `${err.line}:${err.column}: ${err.message}`;
    throw err;
  }
  throw new Error('readCsv accepted it');
}

describe('readCsv', () => {
  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    const text = 'a,b,c\n"Hello, Bob","say ""hi""","two\nlines"\nx,,z\n';
    expect(fields(text)).toEqual([
      ['a', 'b', 'c'],
      ['Hello, Bob', 'say "hi"', 'two\nlines'],
      ['x', '', 'z'],
    ]);
  });

  it('counts lines across a quoted line break, so later records keep their own line', () => {
    const records = readCsv('a,b\n"one\r\ntwo",2\nlast,3');
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(records[1]!.fields[0]).toBe('one\r\ntwo');
    expect(fieldPlace('a,b\n"one\r\ntwo",2\nlast,3', records[2]!, 1)).toEqual({
      line: 4,
      column: 6,
    });
    expect(fieldPlace('a,b\n"one\r\ntwo",2\nlast,3', records[1]!, 1)).toEqual({
      line: 3,
      column: 6,
    });
  });

  it('takes CRLF and LF alike, ignores a byte order mark and blank lines', () => {
    expect(fields('\uFEFFmsg_type,text\r\ntext,hi\r\n\r\nsticker,\r\n')).toEqual([
      ['msg_type', 'text'],
      ['text', 'hi'],
      ['sticker', ''],
    ]);
  });

  it('keeps a last empty field after a trailing comma', () => {
    expect(fields('a,b\n1,')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
  });

  it('reads a quote inside a field that does not start with one as it is, as papaparse does', () => {
    expect(fields('a,b\nx,say "hi"\n')[1]).toEqual(['x', 'say "hi"']);
  });

  it('refuses text after a closing quote, at the field', () => {
    expect(refusal('a,b\n1,"Hi\nthere"x,1\n')).toMatch(
      /^2:3: this quoted field has text after its closing quote/,
    );
  });

  it('refuses a quoted field never closed, at its opening quote', () => {
    expect(refusal('a,b\n1,"open\n2,3\n')).toMatch(/^2:3: this quoted field is never closed/);
  });
});
