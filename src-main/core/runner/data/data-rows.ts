// A run's data file as rows of run values: a CSV whose first line names the columns, or a JSON array
// of flat objects. Whatever does not fit (a malformed CSV, a JSON that is not an array of flat
// objects, a column that is not a variable name or is a secret the engine fills, a row with more or
// fewer fields than the header) is a DataFileError with its line and column.
import { isSecretVariable } from '../../../../src-shared/collections/templates';
import { yaml as yamlPackage } from '../../common/lazy-packages';
import { DataFileError, fieldPlace, offsetPlace, readCsv } from './csv';
import { jsonErrorOffset } from './json-error-place';

/** A data-driven run of 1,000 rows of ten scenarios is already 10,000 scenario runs. */
export const MAX_DATA_ROWS = 1000;
const MAX_DATA_COLUMNS = 100;

/** The same rule as a collection's variable names (src-shared/collections/format.ts). */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

interface DataRow {
  values: Record<string, string>;
}

export interface DataRows {
  columns: string[];
  rows: DataRow[];
}

function checkColumn(name: string, line: number, column: number, seen: Set<string>): void {
  if (!VARIABLE_NAME.test(name))
    throw new DataFileError(
      line,
      column,
      `${JSON.stringify(name)} is not a variable name: a column's name is letters, digits, _ . and -, starting with a letter or _.`,
    );
  if (isSecretVariable(name))
    throw new DataFileError(
      line,
      column,
      `{{${name}}} is filled in by the engine from the profile and its tokens: a data file cannot give it. Remove the column ${name}.`,
    );
  if (seen.has(name))
    throw new DataFileError(line, column, `the column ${name} is named twice: name it once.`);
  seen.add(name);
}

function checkCounts(columns: number, rows: number): void {
  if (columns > MAX_DATA_COLUMNS)
    throw new DataFileError(
      1,
      1,
      `the file has ${columns} columns, over the ${MAX_DATA_COLUMNS} a data file may have.`,
    );
  if (rows > MAX_DATA_ROWS)
    throw new DataFileError(
      1,
      1,
      `the file has ${rows} rows, over the ${MAX_DATA_ROWS} a run takes: split it into several files.`,
    );
}

export function csvRows(text: string): DataRows {
  const [header, ...records] = readCsv(text);
  if (!header)
    throw new DataFileError(
      1,
      1,
      'the file is empty: its first line names the columns (msg_type,text).',
    );
  const seen = new Set<string>();
  header.fields.forEach((name, i) => {
    const { line, column } = fieldPlace(text, header, i);
    checkColumn(name.trim(), line, column, seen);
  });
  const columns = [...seen];
  checkCounts(columns.length, records.length);
  const rows = records.map((record) => {
    if (record.fields.length !== columns.length) {
      const extra = record.fields.length > columns.length;
      const at = fieldPlace(text, record, extra ? columns.length : record.fields.length - 1);
      throw new DataFileError(
        at.line,
        at.column,
        `this row has ${record.fields.length} field${record.fields.length === 1 ? '' : 's'} and the header ${columns.length} (${columns.join(', ')}): ${extra ? 'quote a field that holds a comma' : 'give every column a value, empty if need be (a,,c)'}.`,
      );
    }
    const values: Record<string, string> = {};
    columns.forEach((name, i) => (values[name] = record.fields[i]!));
    return { values };
  });
  return { columns, rows };
}

/**
 * Where each element of a JSON array (and each of its keys) starts: JSON is YAML, and its parser
 * keeps every node's place. Parsed once, and only for a file that has rows.
 */
function elementPlaces(text: string) {
  let doc: ReturnType<ReturnType<typeof yamlPackage>['parseDocument']> | null = null;
  return (index: number, key?: string) => {
    const { parseDocument, isSeq, isMap, isNode } = yamlPackage();
    doc ??= parseDocument(text);
    const item: unknown = isSeq(doc.contents) ? doc.contents.items[index] : undefined;
    const pair = key && isMap(item) ? item.items.find((p) => String(p.key) === key) : null;
    const node: unknown = pair ? pair.key : item;
    return offsetPlace(text, isNode(node) && node.range ? node.range[0] : 0);
  };
}

export function jsonRows(text: string): DataRows {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (err) {
    const { line, column } = offsetPlace(source, jsonErrorOffset(source));
    throw new DataFileError(line, column, `this is not valid JSON: ${(err as Error).message}.`);
  }
  if (!Array.isArray(parsed))
    throw new DataFileError(
      1,
      1,
      'a JSON data file is an array of rows, each an object of column: value ([{"msg_type": "text"}]).',
    );
  checkCounts(0, parsed.length);
  let columns: string[] | null = null;
  const placeOf = elementPlaces(source);
  const rows = parsed.map((item: unknown, index): DataRow => {
    const place = (key?: string) => placeOf(index, key);
    const fail = (message: string, key?: string) => {
      const { line, column } = place(key);
      return new DataFileError(line, column, message);
    };
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw fail(`row ${index + 1} is not an object: each row is {"column": "value", …}.`);
    const values: Record<string, string> = {};
    const seen = new Set<string>();
    for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
      if (!VARIABLE_NAME.test(key) || isSecretVariable(key)) {
        const { line, column } = place(key);
        checkColumn(key, line, column, new Set());
      }
      seen.add(key);
      if (value !== null && typeof value === 'object')
        throw fail(
          `${key} of row ${index + 1} is ${Array.isArray(value) ? 'an array' : 'an object'}: a row's values are text, numbers, true/false or null.`,
          key,
        );
      values[key] = value === null ? '' : String(value as string | number | boolean);
    }
    if (columns === null) {
      columns = [...seen];
      checkCounts(columns.length, 0);
    } else {
      const missing = columns.filter((c) => !seen.has(c));
      const extra = [...seen].filter((c) => !columns!.includes(c));
      if (missing.length > 0 || extra.length > 0)
        throw fail(
          `row ${index + 1} ${missing.length > 0 ? `has no ${missing.join(', ')}` : `has ${extra.join(', ')}`}, which row 1 ${missing.length > 0 ? 'has' : 'does not'}: give every row the same keys (an empty string for none).`,
        );
    }
    return { values };
  });
  return { columns: columns ?? [], rows };
}
