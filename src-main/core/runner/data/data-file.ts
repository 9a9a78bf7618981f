// A run's data file, read as the collection's other files are (docs/security.md, Running a
// collection you did not write): from inside the collection's folder only, never through a link
// that leads out, and never past the size a collection file may be.
import { errorText } from '../../../../src-shared/contract/errors';
import { extname, join } from 'node:path';
import { resolveInside, readCollectionFile } from '../../collections';
import { DataFileError } from './csv';
import { csvRows, jsonRows, type DataRows } from './data-rows';

/** A data file that cannot be used, with its place: `rows.csv:3:7: …`. */
export class RunDataError extends Error {
  constructor(
    /** From the collection's folder. */
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = 'RunDataError';
  }
}

export interface RunData extends DataRows {
  /** From the collection's folder, with `/` between names. */
  file: string;
}

export async function readRunData(folder: string, file: string): Promise<RunData> {
  const where = file.split(/[\\/]+/).join('/');
  const fail = (reason: string) => new RunDataError(where, 1, 1, reason);
  const kind = extname(where).toLowerCase();
  if (kind !== '.csv' && kind !== '.json')
    throw fail(
      'a data file is a .csv file (its first line names the columns) or a .json array of rows.',
    );
  let full: string;
  try {
    full = await resolveInside(folder, where);
  } catch {
    throw fail(
      `this data file is outside the collection's folder ${folder}: a run reads its data from inside the collection, as it reads its scenarios. Move the file into the folder.`,
    );
  }
  const read = await readCollectionFile(folder, full).catch((err: unknown) => ({
    problem: `This file cannot be read: ${errorText(err)}.`,
  }));
  if ('missing' in read)
    throw fail(
      `there is no such file in ${join(folder)}: name a .csv or .json file of the collection.`,
    );
  if ('problem' in read) throw fail(read.problem);
  try {
    const rows = kind === '.csv' ? csvRows(read.text) : jsonRows(read.text);
    if (rows.rows.length === 0)
      throw new DataFileError(
        1,
        1,
        'the file has no rows: a run with it would run nothing. Add a row under the header.',
      );
    return { file: where, ...rows };
  } catch (err) {
    if (err instanceof DataFileError)
      throw new RunDataError(where, err.line, err.column, err.message);
    throw err;
  }
}
