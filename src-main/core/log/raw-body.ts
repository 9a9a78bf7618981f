import type { RawBody } from '../contract';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Keeps bytes exactly: as text when they are valid UTF-8, else as base64. */
export function toRawBody(
  bytes: Uint8Array,
  transformText: (t: string) => string = (t) => t,
): RawBody {
  try {
    const text = strictUtf8.decode(bytes);
    return { encoding: 'utf8', text: transformText(text), size: bytes.byteLength };
  } catch {
    return {
      encoding: 'base64',
      text: Buffer.from(bytes).toString('base64'),
      size: bytes.byteLength,
    };
  }
}
