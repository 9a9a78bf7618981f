// Files sent with media messages: stored in memory and served back by GET without authentication
// at the absolute URL in the message's data (docs/sandbox.md, Media).
import { isMediaMsgType, MEDIA_MIME, mimeAccepted, type MsgType } from '../../src-shared/spec';
import type { SandboxContext } from './context';
import type { UploadedFile } from './http/body';
import { ApiError } from './http/reply';
import { newMediaId } from './ids';

interface MediaData {
  url: string;
  mime_type: string;
  size: number;
  filename: string;
}

export function checkMedia(msgType: MsgType, file: UploadedFile): void {
  if (!isMediaMsgType(msgType)) {
    throw new ApiError('invalid_request', `A file part is only accepted with a media msg_type.`);
  }
  if (!mimeAccepted(msgType, file.mime_type)) {
    throw new ApiError(
      'unsupported_media_type',
      `file: the MIME type "${file.mime_type.slice(0, 100)}" is not accepted for msg_type ${msgType}.`,
    );
  }
}

export function storeMedia(ctx: SandboxContext, file: UploadedFile): MediaData {
  const id = newMediaId();
  // Path separators and control characters would make the media URL ambiguous.
  const cleaned = [...file.filename]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c))
    .join('')
    .slice(0, 200)
    .trim();
  const filename = cleaned || 'file';
  ctx.store.media.set(id, {
    record: { id, mime_type: file.mime_type, filename, base64: '' },
    bytes: file.bytes,
  });
  return {
    url: `${ctx.baseUrl}/_sandbox/media/${id}/${encodeURIComponent(filename)}`,
    mime_type: file.mime_type,
    size: file.bytes.length,
    filename,
  };
}

/**
 * The types a browser may show in place: the picture, movie and sound lists of the media table
 * (API document §4.7). None of them runs script; a `file` part can be anything (text/html,
 * image/svg+xml), and shown in place on the sandbox's origin it could read /_sandbox/state.
 */
const INLINE_TYPES: ReadonlySet<string> = new Set(
  Object.values(MEDIA_MIME).flatMap((rule) => (rule.accepts === 'any' ? [] : rule.accepts)),
);

/**
 * Kept on every file the sandbox serves: a document opened from one runs sandboxed (a unique
 * origin, no script) and loads nothing but itself, so it cannot reach the simulator API.
 */
export const FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

/** RFC 8187 ext-value: percent-encodes everything outside attr-char. */
function extValue(filename: string): string {
  return `UTF-8''${encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )}`;
}

/**
 * The headers a stored file is served with: its declared type (what the app was told in
 * `mime_type`), inline for the media table's types, as an attachment for any other.
 */
export function mediaHeaders(mimeType: string, filename: string): Record<string, string> {
  const essence = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  const disposition = INLINE_TYPES.has(essence) ? 'inline' : 'attachment';
  // The plain filename is for clients that ignore filename*; quotes and non-ASCII become '_'.
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'content-type': mimeType,
    'content-disposition': `${disposition}; filename="${plain}"; filename*=${extValue(filename)}`,
  };
}
