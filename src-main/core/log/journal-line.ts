// The JSON line of a record the journal is telling its listener about: a listener that sends
// records on as JSON (the headless host's WebSocket, the desktop window's IPC) takes the line the
// journal wrote instead of serialising the record again.
import type { JournalRecord } from '../../../src-shared/contract';

let announced: { record: JournalRecord; line: string } | null = null;

/** The JSON line of `record` while the journal's onAppend listener runs for it; else undefined. */
export function lineOf(record: unknown): string | undefined {
  return announced !== null && announced.record === record ? announced.line : undefined;
}

/** `record` as a JSON line: the journal's own while it is being told, else made now. */
export function recordLine(record: unknown): string {
  return lineOf(record) ?? JSON.stringify(record);
}

/** Runs `tell` with `line` known as `record`'s line (an announcement inside it keeps its own). */
export function announcing(record: JournalRecord, line: string, tell: () => void): void {
  const outer = announced;
  announced = { record, line };
  try {
    tell();
  } finally {
    announced = outer;
  }
}
