// The file of a composer request as bytes: decoded from base64 or read from the samples, then
// its type detected and checked against the msg_type.
import { CommandError, type ComposerFile } from '../contract';
import type { ResolvedFile } from './build-request';
import { describeFile, detectMediaType } from './media-type';
import { readSample } from './samples';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export async function resolveFile(
  file: ComposerFile | undefined,
  msgType: string,
): Promise<ResolvedFile | null> {
  if (!file) return null;
  let bytes: Buffer;
  if (file.sample !== undefined) {
    bytes = readSample(file.sample);
  } else {
    const text = (file.base64 ?? '').replace(/\s+/g, '');
    if (!BASE64.test(text) || text.length % 4 === 1) {
      throw new CommandError({
        code: 'invalid_input',
        message: 'file.base64 is not base64. Pick the file again.',
        issues: [{ path: 'file.base64', message: 'not base64' }],
      });
    }
    bytes = Buffer.from(text, 'base64');
  }
  const detected = await detectMediaType(bytes);
  const info = describeFile(
    msgType,
    { name: file.name, size: bytes.byteLength, chosenMime: file.mimeType },
    detected,
  );
  return { name: file.name, bytes, info };
}
