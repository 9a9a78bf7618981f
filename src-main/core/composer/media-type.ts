// The MIME type of a file to send, detected from its bytes (file-type), checked against the
// msg_type's list of API document §4.7 (MEDIA_MIME in the catalog), with the preferred type
// pointed out. The part is sent with the detected type unless the person chose another one.
import type { ComposerFileInfo } from '../../../src-shared/contract';
import { MEDIA_MIME, isMediaMsgType, mimeAccepted } from '../../../src-shared/spec';

/** Same format, other names: what file-type answers vs. what the API document lists. */
const ALIASES: Record<string, readonly string[]> = {
  'audio/mpeg': ['audio/mp3', 'audio/x-mpeg'],
  'video/x-msvideo': ['video/avi'],
  'video/3gpp': ['video/3gp'],
  'video/x-matroska': ['video/mkv'],
  'audio/x-m4a': ['audio/mp4'],
  'audio/aiff': ['audio/x-aiff', 'audio/aif'],
  'audio/wav': ['audio/x-wav'],
  'audio/vnd.wave': ['audio/wav', 'audio/x-wav'],
  'image/jpeg': ['image/pjpeg'],
  'video/x-flv': ['video/flv'],
};

interface Detected {
  mime: string | null;
  ext: string | null;
}

export async function detectMediaType(bytes: Uint8Array): Promise<Detected> {
  // An ES module only, so imported here, at the first file staged (not at every start).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  return { mime: found?.mime ?? null, ext: found?.ext ?? null };
}

/** Names of the same format that the API document accepts for this msg_type. */
function acceptedNames(msgType: string, mime: string): string[] {
  if (!isMediaMsgType(msgType)) return [];
  return [mime, ...(ALIASES[mime] ?? [])].filter((m) => mimeAccepted(msgType, m));
}

export function describeFile(
  msgType: string,
  file: { name: string; size: number; chosenMime?: string | undefined },
  detected: Detected,
): ComposerFileInfo {
  const notes: string[] = [];
  const rule = isMediaMsgType(msgType) ? MEDIA_MIME[msgType] : null;
  const preferred = rule?.preferred ?? null;
  // Send what the bytes are, under the name the document accepts for this msg_type.
  const acceptedDetected = detected.mime ? acceptedNames(msgType, detected.mime) : [];
  const fallback = detected.mime ?? 'application/octet-stream';
  const automatic =
    preferred && acceptedDetected.includes(preferred)
      ? preferred
      : (acceptedDetected[0] ?? fallback);
  const sentMime = file.chosenMime ?? automatic;
  const accepted = isMediaMsgType(msgType) ? mimeAccepted(msgType, sentMime) : false;

  if (detected.mime === null) {
    notes.push(
      'The type could not be recognised from the bytes; the part is sent as ' +
        `${sentMime}${file.chosenMime ? ' (as chosen)' : ''}.`,
    );
  } else if (file.chosenMime && !sameFormat(file.chosenMime, detected.mime)) {
    notes.push(
      `The bytes are ${detected.mime} (.${detected.ext}), but the part is sent as ${file.chosenMime}, as chosen.`,
    );
  } else if (sentMime !== detected.mime) {
    notes.push(
      `The bytes are ${detected.mime}; sent as ${sentMime}, the same format under the name the API document lists.`,
    );
  }
  if (!rule) {
    notes.push(
      `msg_type ${msgType || '(none)'} takes no file: choose picture, movie, sound, voice or file.`,
    );
  } else if (!accepted) {
    const list = rule.accepts === 'any' ? 'any type' : rule.accepts.join(', ');
    notes.push(
      `${sentMime} is not accepted for msg_type ${msgType} (API document §4.7 accepts ${list}); ` +
        `the platform answers 415. ${suggestion(detected.mime)}`,
    );
  } else if (preferred && sentMime !== preferred) {
    notes.push(`Accepted. The API document prefers ${preferred} for ${msgType}.`);
  }
  if (msgType === 'file' && mediaTypesFor(detected.mime).length > 0) {
    notes.push(`This is media: ${suggestion(detected.mime)}`);
  }
  return {
    name: file.name,
    size: file.size,
    detectedMime: detected.mime,
    detectedExt: detected.ext,
    sentMime,
    accepted,
    preferred,
    notes,
  };
}

function sameFormat(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || (ALIASES[y] ?? []).includes(x) || (ALIASES[x] ?? []).includes(y);
}

/** Which media msg_type takes a file of this type, in words ('' when none does). */
function mediaTypesFor(mime: string | null): string[] {
  if (!mime) return [];
  return ['picture', 'movie', 'sound'].filter((t) => acceptedNames(t, mime).length > 0);
}

function suggestion(mime: string | null): string {
  if (!mime) return '';
  const fits = mediaTypesFor(mime);
  return fits.length > 0
    ? `A file of type ${mime} is sent as msg_type ${fits.join(' or ')}.`
    : 'Send it as msg_type file.';
}
