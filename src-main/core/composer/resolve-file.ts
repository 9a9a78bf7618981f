// The file of a composer request as bytes: decoded from base64 or read from the samples, then
// its type detected and checked against the msg_type.
import { CommandError, type ComposerFile } from '../../../src-shared/contract';
import type { ResolvedFile } from './build-request';
import { describeFile, detectMediaType } from './media-type';
import { readSample } from './samples';
import type { StagedFiles } from './staged-files';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function decodeBase64(base64: string, path = 'file.base64'): Buffer {
  const text = base64.replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1) {
    throw new CommandError({
      code: 'invalid_input',
      message: `${path} is not base64. Pick the file again.`,
      issues: [{ path, message: 'not base64' }],
    });
  }
  return Buffer.from(text, 'base64');
}

export async function resolveFile(
  file: ComposerFile | undefined,
  msgType: string,
  staged?: StagedFiles,
): Promise<ResolvedFile | null> {
  if (!file) return null;
  let bytes: Buffer;
  if (file.sample !== undefined) bytes = readSample(file.sample);
  else if (file.staged !== undefined) {
    if (!staged) throw new Error('no staged files store');
    bytes = staged.get(file.staged).bytes;
  } else bytes = decodeBase64(file.base64 ?? '');
  const detected = await detectMediaType(bytes);
  const info = describeFile(
    msgType,
    { name: file.name, size: bytes.byteLength, chosenMime: file.mimeType },
    detected,
  );
  return { name: file.name, bytes, info };
}
