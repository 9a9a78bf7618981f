import type { RawBody } from '../../../src-shared/contract';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text when they are valid UTF-8; null when they are not. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Keeps bytes exactly: as text when they are valid UTF-8, else as base64. `text` is the bytes
 * already decoded by decodeUtf8, for a caller that needed them as text anyway.
 */
export function toRawBody(
  bytes: Uint8Array,
  transformText: (t: string) => string = (t) => t,
  text: string | null = decodeUtf8(bytes),
): RawBody {
  if (text !== null) return { encoding: 'utf8', text: transformText(text), size: bytes.byteLength };
  return {
    encoding: 'base64',
    text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    size: bytes.byteLength,
  };
}
