// Shared by the composer unit tests: a build context and a multipart parser (busboy, the one the
// sandbox uses) to read a built body back.
import busboy from 'busboy';
import { Readable } from 'node:stream';
import type { BuildContext } from '../../../../src-main/core/composer/build-request';

export const CTX: BuildContext = {
  baseUrl: 'https://platform.example/',
  clientId: 'acme-orders',
  clientSecret: 'client-secret-value-1234',
  boundary: 'XyZBoundary42',
};

interface ParsedMultipart {
  fields: [string, string][];
  files: { name: string; filename: string; mimeType: string; bytes: Buffer }[];
}

export function parseMultipart(body: Buffer, contentType: string): Promise<ParsedMultipart> {
  return new Promise((resolve, reject) => {
    const out: ParsedMultipart = { fields: [], files: [] };
    const bb = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    bb.on('field', (name, value) => out.fields.push([name, value]));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        out.files.push({
          name,
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    bb.on('close', () => resolve(out));
    bb.on('error', reject);
    Readable.from([body]).pipe(bb);
  });
}
