// A CSV reader (RFC 4180) for a run's data file: fields separated by commas, records by CRLF or LF,
// quoted fields that hold commas, quotes ("" for one) and line breaks, a byte order mark ignored.
// A data file comes from anyone: whatever it holds that is not CSV is an error with its line and
// column (1-based, as editors count), never a guess.

/** Where a data file goes wrong, and how, in words. */
export class DataFileError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    message: string,
  ) {
    super(message);
    this.name = 'DataFileError';
  }
}

export interface CsvRecord {
  /** The line the record starts on. */
  line: number;
  fields: string[];
  /** The column each field starts at, on the record's lines. */
  columns: number[];
}

const BOM = '\uFEFF';

/**
 * The records of `text`, blank lines left out. Refuses a quote inside an unquoted field, text after
 * a closing quote and a quoted field that is never closed.
 */
export function readCsv(text: string): CsvRecord[] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let column = 1;
  let i = 0;
  let record: CsvRecord = { line, fields: [], columns: [] };
  const endRecord = () => {
    // A blank line is one empty field: not a record.
    if (record.fields.length > 1 || record.fields[0] !== '') records.push(record);
  };
  while (i <= source.length) {
    // At the start of a field.
    const fieldLine = line;
    const fieldColumn = column;
    let value = '';
    if (source[i] === '"') {
      i += 1;
      column += 1;
      for (;;) {
        if (i >= source.length)
          throw new DataFileError(
            fieldLine,
            fieldColumn,
            'this quoted field is never closed: end it with a " (write "" for a quote inside it).',
          );
        const c = source[i]!;
        if (c === '"') {
          if (source[i + 1] === '"') {
            value += '"';
            i += 2;
            column += 2;
            continue;
          }
          i += 1;
          column += 1;
          break;
        }
        value += c;
        i += 1;
        if (c === '\n' || (c === '\r' && source[i] !== '\n')) {
          line += 1;
          column = 1;
        } else if (c !== '\r') column += 1;
      }
      const next = source[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
        throw new DataFileError(
          line,
          column,
          `there is text after the closing quote of a field: a quoted field ends at a comma or the end of the line. Write "" for a quote inside it.`,
        );
    } else {
      while (i < source.length) {
        const c = source[i]!;
        if (c === ',' || c === '\n' || c === '\r') break;
        if (c === '"')
          throw new DataFileError(
            line,
            column,
            'a quote inside a field that does not start with one: quote the whole field ("say ""hi""").',
          );
        value += c;
        i += 1;
        column += 1;
      }
    }
    record.fields.push(value);
    record.columns.push(fieldColumn);
    const sep = source[i];
    if (sep === ',') {
      i += 1;
      column += 1;
      continue;
    }
    endRecord();
    if (sep === undefined) break;
    i += sep === '\r' && source[i + 1] === '\n' ? 2 : 1;
    line += 1;
    column = 1;
    if (i >= source.length) break;
    record = { line, fields: [], columns: [] };
  }
  return records;
}
