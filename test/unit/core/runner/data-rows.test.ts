// A run's data file as rows of run values: a CSV with a header, or a JSON array of flat objects.
// What does not fit is refused with the line and column a person would go to.
import { describe, expect, it } from 'vitest';
import { DataFileError } from '../../../../src-main/core/runner/data/csv';
import { csvRows, jsonRows, MAX_DATA_ROWS } from '../../../../src-main/core/runner/data/data-rows';
import { jsonErrorOffset } from '../../../../src-main/core/runner/data/json-error-place';

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    if (err instanceof DataFileError) return `${err.line}:${err.column}: ${err.message}`;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('csvRows', () => {
  it('gives each row its values by column, with the line it starts on', () => {
    expect(csvRows('msg_type,text\ntext,"Hello, Bob"\nsticker,\n')).toEqual({
      columns: ['msg_type', 'text'],
      rows: [
        { values: { msg_type: 'text', text: 'Hello, Bob' } },
        { values: { msg_type: 'sticker', text: '' } },
      ],
    });
  });

  it('refuses a row with more fields than the header, at the first extra one', () => {
    expect(refusal(() => csvRows('a,b\n1,2\n1,2,3\n'))).toMatch(
      /^3:5: this row has 3 fields and the header 2 \(a, b\): quote a field that holds a comma/,
    );
  });

  it('refuses a row with fewer fields than the header', () => {
    expect(refusal(() => csvRows('a,b,c\n1,2\n'))).toMatch(/^2:3: this row has 2 fields/);
  });

  it('refuses a column that is not a variable name, named twice, or a secret the engine fills', () => {
    expect(refusal(() => csvRows('a,msg type\n1,2\n'))).toMatch(
      /^1:3: "msg type" is not a variable name/,
    );
    expect(refusal(() => csvRows('a,b,a\n1,2,3\n'))).toMatch(/^1:5: the column a is named twice/);
    expect(refusal(() => csvRows('user,app_token\n1,2\n'))).toMatch(
      /^1:6: \{\{app_token\}\} is filled in by the engine/,
    );
  });

  it('refuses more rows than a run takes', () => {
    const text = `n\n${Array.from({ length: MAX_DATA_ROWS + 1 }, (_, i) => i).join('\n')}\n`;
    expect(refusal(() => csvRows(text))).toMatch(/over the 1000 a run takes/);
  });
});

describe('jsonRows', () => {
  it('reads an array of flat objects, numbers and booleans as text, null as empty', () => {
    expect(
      jsonRows('[\n  {"msg_type": "location", "geo_lat": 51.5, "ok": true, "x": null}\n]'),
    ).toEqual({
      columns: ['msg_type', 'geo_lat', 'ok', 'x'],
      rows: [{ values: { msg_type: 'location', geo_lat: '51.5', ok: 'true', x: '' } }],
    });
  });

  it('refuses a value that is an object or an array, at its key', () => {
    expect(refusal(() => jsonRows('[{"a": "1"},\n {"a": {"b": 1}}]'))).toMatch(
      /^2:3: a of row 2 is an object: a row's values are text, numbers/,
    );
  });

  it('refuses what is not an array of objects', () => {
    expect(refusal(() => jsonRows('{"a": 1}'))).toMatch(
      /^1:1: a JSON data file is an array of rows/,
    );
    expect(refusal(() => jsonRows('[{"a": 1},\n  "b"]'))).toMatch(/^2:3: row 2 is not an object/);
  });

  it('refuses a row whose keys differ from the first row', () => {
    expect(refusal(() => jsonRows('[{"a": 1, "b": 2},\n{"a": 3}]'))).toMatch(
      /^2:1: row 2 has no b, which row 1 has: give every row the same keys/,
    );
  });

  it('puts a syntax error at its line and column, whatever Node says of it', () => {
    expect(refusal(() => jsonRows('[{"msg_type":"text"},\n {"msg_type": }]'))).toMatch(
      /^2:15: this is not valid JSON/,
    );
  });
});

describe('jsonErrorOffset', () => {
  it.each([
    ['[1, 2,]', 6],
    ['{"a": }', 6],
    ["{'a': 1}", 1],
    ['[1, 2', 5],
    ['[1] x', 4],
    ['{"a": tru}', 6],
  ])('finds where %s stops being JSON', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });
});
