// Message types and the media MIME table of API document §4.7, plus the sandbox's decision that
// `voice` accepts the sound list and `file` accepts any type (docs/sandbox.md, Messages).
export const MSG_TYPES = [
  'text',
  'sticker',
  'location',
  'picture',
  'movie',
  'sound',
  'voice',
  'file',
  'contact',
] as const;
export type MsgType = (typeof MSG_TYPES)[number];

export const MEDIA_MSG_TYPES = ['picture', 'movie', 'sound', 'voice', 'file'] as const;
export type MediaMsgType = (typeof MEDIA_MSG_TYPES)[number];

export const MSG_TYPE_LABELS: Record<MsgType, string> = {
  text: 'Text',
  sticker: 'Sticker',
  location: 'Location',
  picture: 'Picture',
  movie: 'Movie',
  sound: 'Sound (audio file)',
  voice: 'Voice (audio note)',
  file: 'File (other than media)',
  contact: 'Contact (address-book contact)',
};

const PICTURE = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/gif'] as const;
const MOVIE = [
  'video/3gp',
  'video/3gpp',
  'video/mpeg',
  'video/avi',
  'video/mkv',
  'video/mp4',
  'video/flv',
  'video/divx',
  'video/x-flv',
  'video/x-divx',
  'video/x-xvid',
  'video/x-msvideo',
  'video/quicktime',
] as const;
const SOUND = [
  'audio/amr',
  'audio/amr-wb',
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/caf',
  'audio/aiff',
  'audio/x-aiff',
  'audio/aif',
  'audio/wav',
  'audio/x-wav',
  'audio/x-mpeg',
] as const;

interface MediaRule {
  /** The accepted MIME types, or 'any' (the `file` type). */
  accepts: readonly string[] | 'any';
  preferred: string | null;
}

export const MEDIA_MIME: Record<MediaMsgType, MediaRule> = {
  picture: { accepts: PICTURE, preferred: 'image/jpeg' },
  movie: { accepts: MOVIE, preferred: 'video/mp4' },
  sound: { accepts: SOUND, preferred: 'audio/mp3' },
  voice: { accepts: SOUND, preferred: 'audio/mp3' },
  file: { accepts: 'any', preferred: null },
};

export function isMsgType(value: string): value is MsgType {
  return (MSG_TYPES as readonly string[]).includes(value);
}

export function isMediaMsgType(value: string): value is MediaMsgType {
  return (MEDIA_MSG_TYPES as readonly string[]).includes(value);
}

/** Whether a file part of this MIME type may be sent as this media msg_type (case-insensitive). */
export function mimeAccepted(msgType: MediaMsgType, mime: string): boolean {
  const rule = MEDIA_MIME[msgType];
  if (rule.accepts === 'any') return mime.length > 0;
  return rule.accepts.includes(mime.toLowerCase());
}
