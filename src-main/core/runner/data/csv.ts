// The CSV of a run's data file, read by papaparse (as the contacts' import is): fields separated by
// commas (never guessed), records by CRLF or LF, quoted fields that hold commas, quotes ("" for
// one) and line breaks, a byte order mark and blank lines ignored. A data file comes from anyone:
// a field papaparse cannot read exactly is an error with its line and column (1-based, as editors
// count), never a guess.
import { papaparse } from '../../common/lazy-packages';

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

interface CsvRecord {
  /** The line the record starts on. */
  line: number;
  fields: string[];
  /** Where the record starts in the text: fieldPlace finds a field of it. */
  offset: number;
}

const BOM = '\uFEFF';

/** Line and column (1-based) of the character at `offset` of `text`. */
export function offsetPlace(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

const QUOTE_WORDS: Record<string, string> = {
  MissingQuotes:
    'this quoted field is never closed: end it with a " (write "" for a quote inside it).',
  InvalidQuotes:
    'this quoted field has text after its closing quote: a quoted field ends at a comma or the end of the line. Write "" for a quote inside it.',
};

/** The records of `text` (without its BOM), blank lines left out. */
export function readCsv(text: string): CsvRecord[] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let offset = 0;
  let problem: DataFileError | null = null;
  // Lines counted as the records come, once over the text (a count from the start for each
  // record cost a 1 MiB file of 1,000 rows a second).
  let line = 1;
  let counted = 0;
  const lineAt = (to: number) => {
    for (; counted < to; counted++) if (source.charCodeAt(counted) === 10) line += 1;
    return line;
  };
  papaparse().parse<string[]>(source, {
    delimiter: ',',
    skipEmptyLines: true,
    step: (result, parser) => {
      const error = result.errors[0];
      if (error) {
        // papaparse's index is just past the opening quote of the field it could not read.
        const at = offsetPlace(source, Math.max(0, (error.index ?? offset + 1) - 1));
        const words = QUOTE_WORDS[error.code] ?? `papaparse could not read it (${error.message}).`;
        problem = new DataFileError(at.line, at.column, words);
        return parser.abort();
      }
      // A blank line before the record is not part of it.
      let from = offset;
      while (source[from] === '\n' || source[from] === '\r') from += 1;
      records.push({ line: lineAt(from), fields: result.data, offset: from });
      offset = result.meta.cursor;
    },
  });
  if (problem) throw problem;
  return records;
}

/** Line and column of the field `index` of `record` (0-based): where its text starts. */
export function fieldPlace(text: string, record: CsvRecord, index: number) {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  let quoted = false;
  let field = 0;
  let i = record.offset;
  for (; i < source.length && field < index; i++) {
    const c = source[i];
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) field += 1;
    else if ((c === '\n' || c === '\r') && !quoted) break;
  }
  return offsetPlace(source, i);
}
