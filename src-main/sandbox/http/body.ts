// Reading request bodies: form-urlencoded, multipart (busboy) and JSON, each bounded so that no
// body, however large or malformed, takes the server down.
import type { IncomingMessage } from 'node:http';
import type busboy from 'busboy';
import { ApiError } from './reply';

const FORM_LIMIT = 1024 * 1024;

export interface UploadedFile {
  bytes: Buffer;
  mime_type: string;
  filename: string;
}

export interface ParsedBody {
  fields: Map<string, string[]>;
  files: Map<string, UploadedFile[]>;
}

/**
 * One request header, read from rawHeaders: touching `req.headers` makes Node build the whole
 * header object, a cost every API request would pay for the two headers it reads.
 */
export function header(req: IncomingMessage, lowerName: string): string | undefined {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) return raw[i + 1];
  }
  return undefined;
}

export function mediaType(req: IncomingMessage): string {
  return (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Reads the whole body; past `limit` the rest is drained (so the connection survives) and null returned. */
function readRaw(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  // Plain events rather than an async iterator: this runs for every request.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      if (!over) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(over ? null : chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    );
    req.on('error', (err) =>
      reject(
        new ApiError('invalid_request', `The request body could not be read (${err.message}).`),
      ),
    );
    // A client that goes away mid-body: settle, so nothing waits forever.
    req.on('close', () => {
      if (!req.complete) reject(new ApiError('invalid_request', 'The request was aborted.'));
    });
  });
}

export function fieldsOf(params: URLSearchParams): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const [key, value] of params) {
    const list = fields.get(key);
    if (list) list.push(value);
    else fields.set(key, [value]);
  }
  return fields;
}

export function readForm(req: IncomingMessage): Promise<ParsedBody> {
  return readRaw(req, FORM_LIMIT).then((raw) => {
    if (!raw) throw new ApiError('payload_too_large', 'The form body is over 1 MiB.');
    return { fields: fieldsOf(new URLSearchParams(raw.toString('utf8'))), files: new Map() };
  });
}

export async function readMultipart(
  req: IncomingMessage,
  maxFileBytes: number,
): Promise<ParsedBody> {
  const fields = new Map<string, string[]>();
  const files = new Map<string, UploadedFile[]>();
  // Loaded at the first upload rather than at every start of the sandbox.
  const { default: makeParser } = await import('busboy');
  let parser: busboy.Busboy;
  try {
    parser = makeParser({
      headers: req.headers,
      limits: {
        fileSize: maxFileBytes + 1,
        files: 5,
        fields: 200,
        fieldSize: FORM_LIMIT,
        parts: 205,
      },
    });
  } catch (err) {
    req.resume();
    throw new ApiError(
      'invalid_request',
      `The multipart body cannot be read: ${(err as Error).message}.`,
    );
  }
  let problem: ApiError | null = null;
  const fail = (err: ApiError) => {
    problem ??= err;
  };
  await new Promise<void>((resolve) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        fail(new ApiError('payload_too_large', `Field ${name} is over 1 MiB.`));
      const list = fields.get(name);
      if (list) list.push(value);
      else fields.set(name, [value]);
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () =>
        fail(
          new ApiError('payload_too_large', `The file is over the limit of ${maxFileBytes} bytes.`),
        ),
      );
      stream.on('end', () => {
        // busboy stops at maxFileBytes + 1: one byte more than allowed tells "too large".
        if (chunks.reduce((n, c) => n + c.length, 0) > maxFileBytes) {
          fail(
            new ApiError(
              'payload_too_large',
              `The file is over the limit of ${maxFileBytes} bytes.`,
            ),
          );
        }
        const file = {
          bytes: Buffer.concat(chunks),
          mime_type: info.mimeType.toLowerCase(),
          filename: info.filename ?? 'file',
        };
        const list = files.get(name);
        if (list) list.push(file);
        else files.set(name, [file]);
      });
    });
    parser.on('filesLimit', () => fail(new ApiError('invalid_request', 'Too many file parts.')));
    parser.on('fieldsLimit', () => fail(new ApiError('invalid_request', 'Too many fields.')));
    parser.on('partsLimit', () => fail(new ApiError('invalid_request', 'Too many parts.')));
    parser.on('error', (err: Error) => {
      fail(new ApiError('invalid_request', `The multipart body cannot be read: ${err.message}.`));
      // Keep consuming what is left so the answer can still be written on this connection.
      req.unpipe(parser);
      req.resume();
      req.once('end', resolve);
      if (req.readableEnded) resolve();
    });
    parser.on('close', resolve);
    req.on('error', (err) => {
      fail(new ApiError('invalid_request', `The request body could not be read (${err.message}).`));
      resolve();
    });
    req.on('close', () => {
      if (!req.complete) {
        fail(new ApiError('invalid_request', 'The request was aborted.'));
        resolve();
      }
    });
    req.pipe(parser);
  });
  if (problem) throw problem;
  return { fields, files };
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readRaw(req, 40 * 1024 * 1024);
  if (!raw) throw new ApiError('payload_too_large', 'The JSON body is over 40 MiB.');
  if (raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new ApiError('invalid_request', 'The body is not valid JSON.');
  }
}
