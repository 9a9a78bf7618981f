// Writing answers, and the one error type every handler throws: it becomes the JSON error body of
// docs/sandbox.md, Errors ({error, error_description}) with the status of the code.
import type { ServerResponse } from 'node:http';
import { ERROR_STATUS, type ErrorCode } from '../../../src-shared/spec';

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.status = ERROR_STATUS[code];
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  // A flat [name, value, ...] list: the cheapest form for Node to write (every API answer goes here).
  const list: string[] = [
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(Buffer.byteLength(text)),
    'cache-control',
    'no-store',
  ];
  for (const [name, value] of Object.entries(headers)) list.push(name, value);
  res.writeHead(status, list);
  res.end(text);
}

export function sendError(res: ServerResponse, err: ApiError): void {
  const headers = { ...err.headers };
  if (err.code === 'invalid_token') headers['www-authenticate'] = 'Bearer error="invalid_token"';
  sendJson(res, err.status, { error: err.code, error_description: err.description }, headers);
}

// No form-action in the CSP: browsers apply it to the redirect after the consent form is posted,
// and that redirect goes to the app's redirect_uri, on another origin.
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:",
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, 'content-length': 0, 'cache-control': 'no-store' });
  res.end();
}
