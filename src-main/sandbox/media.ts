// Files sent with media messages: stored in memory and served back by GET without authentication
// at the absolute URL in the message's data (docs/sandbox.md, Media).
import { isMediaMsgType, mimeAccepted, type MsgType } from '../../src-shared/spec';
import type { SandboxContext } from './context';
import type { UploadedFile } from './http/body';
import { ApiError } from './http/reply';
import { newMediaId } from './ids';

export interface MediaData {
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
