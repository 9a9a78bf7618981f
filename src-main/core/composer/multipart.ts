// multipart/form-data built by hand (RFC 7578) rather than by FormData, so that the bytes the raw
// view shows are the bytes sent: the same boundary, headers and CRLFs. Text fields first, in
// catalog order, then the file part.
import { createHash, randomBytes } from 'node:crypto';

interface FilePart {
  field: string;
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}

export interface MultipartBody {
  contentType: string;
  boundary: string;
  /** Everything before the file bytes, the file bytes, everything after. */
  head: Buffer;
  file: Uint8Array;
  tail: Buffer;
  size: number;
}

const CRLF = '\r\n';

/** What browsers do (WHATWG "multipart/form-data encoding"): quotes and line breaks percent-encoded. */
function escapeDispositionValue(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * The boundary is derived from the content, so the same request previewed and then sent has the
 * same bytes: the raw view shows exactly what goes out. (A clash with the content, however
 * unlikely, falls back to a random one.)
 */
export function contentBoundary(
  fields: readonly (readonly [string, string])[],
  file: FilePart | null,
): string {
  const hash = createHash('sha256').update(
    JSON.stringify([fields, file?.filename, file?.mimeType]),
  );
  if (file) hash.update(file.bytes);
  return `----TPInspector${hash.digest('hex').slice(0, 24)}`;
}

function randomBoundary(): string {
  return `----TPInspector${randomBytes(12).toString('hex')}`;
}

function disposition(name: string, filename?: string): string {
  const base = `Content-Disposition: form-data; name="${escapeDispositionValue(name)}"`;
  if (filename === undefined) return base;
  // A name that is not ASCII also goes as filename* (RFC 5987), which most parsers prefer;
  // the plain filename stays for those that do not read it.
  const ascii = /^[\x20-\x7e]*$/.test(filename);
  return (
    `${base}; filename="${escapeDispositionValue(filename)}"` +
    (ascii ? '' : `; filename*=UTF-8''${encodeURIComponent(filename)}`)
  );
}

export function buildMultipart(
  fields: readonly (readonly [string, string])[],
  file: FilePart | null,
  boundary: string = contentBoundary(fields, file),
): MultipartBody {
  let head = '';
  for (const [name, value] of fields) {
    head += `--${boundary}${CRLF}${disposition(name)}${CRLF}${CRLF}${value}${CRLF}`;
  }
  let tail: string;
  if (file) {
    head +=
      `--${boundary}${CRLF}${disposition(file.field, file.filename)}${CRLF}` +
      `Content-Type: ${file.mimeType}${CRLF}${CRLF}`;
    tail = `${CRLF}--${boundary}--${CRLF}`;
  } else {
    tail = `--${boundary}--${CRLF}`;
  }
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(tail, 'utf8');
  const fileBytes = file?.bytes ?? new Uint8Array(0);
  const clash =
    fields.some(([, value]) => value.includes(boundary)) ||
    Buffer.from(fileBytes.buffer, fileBytes.byteOffset, fileBytes.byteLength).includes(boundary);
  // Astronomically unlikely with 96 random bits, but the body would be cut short: pick another.
  if (clash) return buildMultipart(fields, file, randomBoundary());
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    boundary,
    head: headBytes,
    file: fileBytes,
    tail: tailBytes,
    size: headBytes.length + fileBytes.byteLength + tailBytes.length,
  };
}

/** The whole body in one buffer. */
export function multipartBytes(body: MultipartBody): Buffer {
  return Buffer.concat([body.head, body.file, body.tail]);
}

/** The body as text for the raw view, with the file's bytes replaced by a note of their size. */
export function multipartPreview(body: MultipartBody, mimeType: string): string {
  const note = body.file.byteLength > 0 ? `[${body.file.byteLength} bytes of ${mimeType}]` : '';
  return `${body.head.toString('utf8')}${note}${body.tail.toString('utf8')}`;
}

const CHUNK = 64 * 1024;

/** The body as chunks pulled by the socket, reporting how many bytes have gone out. */
export async function* multipartChunks(
  body: MultipartBody,
  onProgress?: (sent: number, total: number) => void,
): AsyncGenerator<Uint8Array> {
  let sent = 0;
  const step = (n: number) => {
    sent += n;
    onProgress?.(sent, body.size);
  };
  yield body.head;
  step(body.head.length);
  for (let offset = 0; offset < body.file.byteLength; offset += CHUNK) {
    const slice = body.file.subarray(offset, Math.min(offset + CHUNK, body.file.byteLength));
    yield slice;
    step(slice.byteLength);
  }
  yield body.tail;
  step(body.tail.length);
}
