// Names for new files that do not take an existing one: `text copy.yaml`, `text copy 2.yaml` for
// a duplicate; `message.send text.yaml`, `message.send text 2.yaml` for a saved request.
import { lstat } from 'node:fs/promises';
import { resolveInside } from './collection-paths';

const taken = async (folder: string, path: string) =>
  lstat(await resolveInside(folder, path)).then(
    () => true,
    () => false,
  );

function splitExtension(path: string): { stem: string; ext: string } {
  const match = /^(.*?)(\.ya?ml)$/.exec(path);
  return match ? { stem: match[1] ?? '', ext: match[2] ?? '' } : { stem: path, ext: '' };
}

/** The first of `stem ext`, `stem 2 ext`, `stem 3 ext`... that is free. */
export async function firstFree(
  folder: string,
  stem: string,
  ext: string,
  isTaken: (path: string) => Promise<boolean> = (p) => taken(folder, p),
): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = `${stem}${n === 1 ? '' : ` ${n}`}${ext}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}

/** `name copy.yaml`, then `name copy 2.yaml`...; a copy of a copy is `name copy 3.yaml`, not `name copy copy.yaml`. */
export function uniqueCopyName(
  folder: string,
  path: string,
  isTaken?: (path: string) => Promise<boolean>,
): Promise<string> {
  const { stem, ext } = splitExtension(path);
  const base = stem.replace(/ copy( \d+)?$/, '');
  return firstFree(folder, `${base} copy`, ext, isTaken);
}

/** A file name from free text: what a file system accepts everywhere, spaces and dots kept. */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFKC')
    .replace(/\p{Cc}+/gu, '')
    .replace(/[\\/:*?"<>|{}#%&$!@`'=+]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/[\s-]*-[\s-]*/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 100);
  return slug || 'request';
}
