// Files picked in the composer, kept in memory by id so that the previews run while a person
// types do not carry the bytes over IPC again each time. Bounded: the oldest go first.
import { randomUUID } from 'node:crypto';
import { CommandError } from '../../../src-shared/contract';

const MAX_TOTAL_BYTES = 100 * 1024 * 1024;

export interface StagedFiles {
  put(name: string, bytes: Buffer): string;
  get(id: string): { name: string; bytes: Buffer };
}

export function createStagedFiles(maxTotal = MAX_TOTAL_BYTES): StagedFiles {
  const files = new Map<string, { name: string; bytes: Buffer }>();
  let total = 0;
  return {
    put(name, bytes) {
      const id = randomUUID();
      files.set(id, { name, bytes });
      total += bytes.length;
      for (const [oldId, old] of files) {
        if (total <= maxTotal || oldId === id) break;
        files.delete(oldId);
        total -= old.bytes.length;
      }
      return id;
    },
    get(id) {
      const found = files.get(id);
      if (!found) {
        throw new CommandError({
          code: 'not_found',
          message:
            'The picked file is no longer held by the engine (too many large files since). Pick it again.',
          issues: [{ path: 'file.staged', message: 'unknown or dropped file id' }],
        });
      }
      // Used again: it is now the newest.
      files.delete(id);
      files.set(id, found);
      return found;
    },
  };
}
