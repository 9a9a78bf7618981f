// Where the command line writes: reports on stdout (or --out), everything for a person on stderr.
import { stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from './args';

export interface Io {
  /** Resolves once the text is handed to the OS, so exiting after it loses nothing of a pipe. */
  out(text: string): Promise<void>;
  /** One line for a person. */
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Whether stderr is a terminal (progress colors). */
  errIsTTY: boolean;
}

export const processIo = (): Io => ({
  out: (text) =>
    new Promise((done, fail) => process.stdout.write(text, (err) => (err ? fail(err) : done()))),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  cwd: process.cwd(),
  errIsTTY: process.stderr.isTTY,
});

/** Refuses an --out whose folder does not exist before anything runs, not after. */
export async function checkOutFile(out: string | undefined, cwd: string): Promise<void> {
  if (out === undefined) return;
  const folder = dirname(resolve(cwd, out));
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) {
    throw new UsageError(
      `--out ${out}: the folder ${folder} does not exist. Create it first, or write the report elsewhere.`,
    );
  }
}

/** The text to --out, or to stdout without it. */
export async function deliver(text: string, out: string | undefined, io: Io): Promise<void> {
  if (out === undefined) return io.out(text);
  await writeFile(resolve(io.cwd, out), text);
}
