// A journaled call as a cURL command line. The journal holds secrets redacted, so by default the
// command carries the redacted values (it shows the call, it does not replay it); with secrets
// asked for, the caller passes the real values it still holds, and what it cannot supply is said.
import { parseFileParam } from '../common/file-param';
import type { ApiRecord } from '../../../src-shared/contract';

interface CurlSecrets {
  /** The real Authorization credential (token) for the redacted one, when still held. */
  authorization?: string | undefined;
  /** Real values of redacted parameters, by name. */
  params?: Record<string, string>;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function isMultipart(record: ApiRecord): boolean {
  const type = Object.entries(record.api.requestHeaders).find(
    ([k]) => k.toLowerCase() === 'content-type',
  )?.[1];
  return (type ?? '').toLowerCase().startsWith('multipart/form-data');
}

export function curlCommand(
  record: ApiRecord,
  secrets: CurlSecrets = {},
): { command: string; notes: string[] } {
  const { api } = record;
  const notes: string[] = [];
  const multipart = isMultipart(record);
  const parts: string[] = ['curl', '-X', api.method, q(api.url)];
  for (const [name, value] of Object.entries(api.requestHeaders)) {
    const lower = name.toLowerCase();
    // curl computes these from the body it builds (for multipart, with its own boundary).
    if (lower === 'content-length' || (multipart && lower === 'content-type')) continue;
    let shown = value;
    if (lower === 'authorization' && secrets.authorization) {
      shown = `${value.split(/\s+/, 1)[0] ?? 'Bearer'} ${secrets.authorization}`;
    }
    parts.push('-H', q(`${lower}: ${shown}`));
  }
  const params = Object.entries(api.requestParams).map(
    ([k, v]) => [k, secrets.params?.[k] ?? v] as [string, string],
  );
  if (api.method === 'POST') {
    if (multipart) {
      for (const [name, value] of params) {
        const file = name === 'file' ? parseFileParam(value) : null;
        if (file) {
          parts.push('-F', q(`${name}=@${file.name}${file.type ? `;type=${file.type}` : ''}`));
          notes.push(
            `The file part reads ${file.name} from the current folder: put the file there.`,
          );
        } else {
          // --form-string: a value starting with @ or < is text, not a file to read.
          parts.push('--form-string', q(`${name}=${value}`));
        }
      }
    } else {
      parts.push('--data-raw', q(new URLSearchParams(params).toString()));
    }
  }
  return { command: parts.join(' '), notes };
}
