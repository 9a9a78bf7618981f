// Journals what the receiver refuses before a request reaches a route (malformed HTTP, a target
// that is not a path, headers too large, timeouts) and what the rate cap turns away. Anyone who
// learns the tunnel's URL can send a flood of these, so they are summarized: the first refusal of
// a kind from a source is journaled at once, then at most one summary per source and kind per
// window ("37 more requests from 1.2.3.4 refused: header too large"). A source and kind with
// nothing new for a whole window starts over.
import type { Journal } from '../log';

/** How often a source may get a summary record per kind of refusal. */
const REFUSAL_SUMMARY_MS = 10_000;
/**
 * Sources followed at once; beyond it, refusals are counted under one shared source, so a flood
 * from many addresses cannot grow this map (or the journal) without bound.
 */
const MAX_SOURCES = 1_000;
const MANY_SOURCES = 'other sources';

export type RefusalKind =
  | 'malformed HTTP'
  | 'malformed target'
  | 'header too large'
  | 'timed out'
  | 'rate cap'
  | 'handler failed';

interface RefusalLog {
  /** `detail`: the words of the first record (the summaries only count). */
  refused(source: string, kind: RefusalKind, detail: string): void;
  /** Writes the pending summaries and stops the timers. */
  close(): void;
}

interface Pending {
  more: number;
  timer: NodeJS.Timeout;
}

export function createRefusalLog(journal: Journal, windowMs = REFUSAL_SUMMARY_MS): RefusalLog {
  const pending = new Map<string, Pending>();
  const write = (message: string) =>
    journal.append({ kind: 'system', summary: message, system: { level: 'warn', message } });
  const summary = (source: string, kind: RefusalKind, more: number) =>
    `${more} more request${more === 1 ? '' : 's'} from ${source} refused: ${kind}.`;

  const arm = (key: string, source: string, kind: RefusalKind): Pending => {
    const entry: Pending = {
      more: 0,
      timer: setTimeout(() => {
        if (entry.more === 0) {
          pending.delete(key);
          return;
        }
        write(summary(source, kind, entry.more));
        pending.set(key, arm(key, source, kind));
      }, windowMs),
    };
    // A pending summary never keeps the process alive; close() writes it.
    entry.timer.unref();
    return entry;
  };

  return {
    refused(address, kind, detail) {
      let source = address || 'an unknown address';
      if (!pending.has(`${kind}\n${source}`) && pending.size >= MAX_SOURCES) source = MANY_SOURCES;
      const key = `${kind}\n${source}`;
      const entry = pending.get(key);
      if (entry) {
        entry.more += 1;
        return;
      }
      write(`A request from ${source} was refused (${kind}): ${detail}`);
      pending.set(key, arm(key, source, kind));
    },
    close() {
      for (const [key, entry] of pending) {
        clearTimeout(entry.timer);
        if (entry.more === 0) continue;
        const [kind, source] = key.split('\n') as [RefusalKind, string];
        write(summary(source, kind, entry.more));
      }
      pending.clear();
    },
  };
}
