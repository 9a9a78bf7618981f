// Reads a response body up to a limit: a server that answers without end (or a very large answer)
// must not fill the engine's memory. At the limit the stream is destroyed, which closes the
// connection, and what came so far is kept for the journal.
import type { Readable } from 'node:stream';

type LimitedBody =
  | { kind: 'complete'; bytes: Buffer }
  /** More than `maxBytes` came: the first `maxBytes` of them. */
  | { kind: 'over-limit'; firstBytes: Buffer };

export async function readLimited(body: Readable, maxBytes: number): Promise<LimitedBody> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) {
      chunks.push(chunk.subarray(0, chunk.length - (received - maxBytes)));
      body.destroy();
      return { kind: 'over-limit', firstBytes: Buffer.concat(chunks) };
    }
    chunks.push(chunk);
  }
  return { kind: 'complete', bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
}

/** "50 MiB", "64 KiB", "512 bytes": a limit in words. */
export function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
