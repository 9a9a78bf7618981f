// The headless host's streamed download of an export (EXPORT_SESSION_PATH): the page cannot hold
// a session of a gigabyte as one string, so the engine's pieces go to the response as they are
// made, and the browser saves them as a download. http-host.ts runs its guards (Host, session
// cookie) first; this route adds the Origin and Sec-Fetch-Site checks, as it hands out data.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { toErrorShape, type ErrorCode } from '../../src-shared/contract';
import type { Core } from '../core/index';
import { isAllowedOrigin, isCrossSiteFetch } from './security';

const STATUS: Partial<Record<ErrorCode, number>> = {
  invalid_input: 400,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
};

/** `attachment`, with the name as ASCII and as UTF-8 (RFC 6266). */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function serveExport(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  core: Pick<Core, 'exportSession'>,
  send: (status: number, text: string, extra?: OutgoingHttpHeaders) => void,
  headers: OutgoingHttpHeaders,
  port: number,
): Promise<void> {
  // A browser's GET carries an Origin only when another page's script asked (CORS): never ours.
  const origin = req.headers.origin;
  if (origin !== undefined && !isAllowedOrigin(origin, port)) {
    return send(403, 'foreign Origin: this host only answers its own page.');
  }
  if (isCrossSiteFetch(req.headers)) {
    return send(403, 'foreign site: exports are downloaded from this host’s own page only.');
  }
  const input: Record<string, unknown> = {};
  for (const key of ['format', 'sessionId']) {
    const value = url.searchParams.get(key);
    if (value !== null) input[key] = value;
  }
  const throughSeq = url.searchParams.get('throughSeq');
  // A number, or left as given for the input's check to refuse in words.
  if (throughSeq !== null)
    input.throughSeq = /^\d+$/.test(throughSeq) ? Number(throughSeq) : throughSeq;
  const filter = url.searchParams.get('filter');
  if (filter !== null) {
    try {
      input.filter = JSON.parse(filter);
    } catch {
      return send(400, 'The export’s filter is not JSON: export from the Event log again.');
    }
  }
  let made;
  try {
    made = await core.exportSession(input);
  } catch (err) {
    const shape = toErrorShape(err);
    return send(STATUS[shape.code] ?? 500, shape.message);
  }
  if (url.searchParams.get('check') === '1') {
    res.writeHead(204, { ...headers, 'cache-control': 'no-store' });
    res.end();
    return;
  }
  const textType = made.mimeType.startsWith('text/') || made.mimeType.includes('json');
  res.writeHead(200, {
    ...headers,
    'content-type': textType ? `${made.mimeType}; charset=utf-8` : made.mimeType,
    'content-disposition': contentDisposition(made.filename),
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.from(made.chunks), res);
  } catch (err) {
    // The headers are gone: an unfinished chunked body is how the browser learns the download
    // failed. Whoever runs the host reads why (a closed tab is not worth a line).
    res.destroy();
    if (!isClientGone(err)) {
      process.stderr.write(`The export ${made.filename} stopped: ${toErrorShape(err).message}\n`);
    }
  }
}

const isClientGone = (err: unknown) =>
  (err as NodeJS.ErrnoException | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
