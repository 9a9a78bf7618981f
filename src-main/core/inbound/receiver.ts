// The inbound endpoint: an HTTP server on 127.0.0.1 that the platform (directly, or through a
// tunnel) reaches at the app's registered URLs. Requests are routed by path, because behind a
// tunnel the host name is the tunnel's: each profile's endpoint, management and directory URL
// paths map to that profile. This first part serves the management and directory URLs (one-time
// passwords); deliveries to the endpoint URL arrive with the inbound issue.
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parseRequestTarget, type RequestTarget } from '../../../src-shared/rules/request-target';
import type { Profile } from '../profiles';
import type { RefusalKind } from './refusal-log';

/** GET {receiver}/_tp/health/<token> answers `${HEALTH_ANSWER} <token>` with 200. */
export const HEALTH_PREFIX = '/_tp/health/';
export const HEALTH_ANSWER = 'TP Inspector receiver';

export type InboundTarget = 'endpoint' | 'management' | 'directory';

export interface InboundRoute {
  profile: Profile;
  target: InboundTarget;
}

interface InboundHandlers {
  /** Finds which profile and which of its URLs a path belongs to. */
  route(pathname: string): InboundRoute | null;
  /** `url()` parses the request URL when a handler needs more than the path. */
  handle(
    route: InboundRoute,
    req: IncomingMessage,
    res: ServerResponse,
    url: () => URL,
  ): Promise<void>;
  /** A request refused before any route saw it, or a handler that failed: for the journal. */
  refused(source: string, kind: RefusalKind, detail: string): void;
}

/** What a remote sender is told when a handler fails: the details are for the journal only. */
const GENERIC_FAILURE = 'The receiver could not process this request.';

export interface Receiver {
  /** e.g. http://127.0.0.1:5875 */
  readonly baseUrl: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startReceiver(port: number, handlers: InboundHandlers): Promise<Receiver> {
  const server: Server = createServer((req, res) => {
    const raw = req.url ?? '/';
    // Every delivery's target is a plain path, routed without parsing; anything else goes through
    // the shared parser, which refuses what is not a path (`//`, `http://`, `*`, `host:port`)
    // rather than throw out of this listener and end the process (found by npm run fuzz).
    const plain = plainPath(raw);
    const target = plain === null ? parseRequestTarget(raw) : null;
    if (target && !target.ok) {
      req.resume();
      handlers.refused(
        req.socket.remoteAddress ?? '',
        'malformed target',
        `${req.method ?? '?'} answered 400: ${target.problem}`,
      );
      sendText(res, 400, target.problem);
      return;
    }
    const pathname = plain ?? target!.url.pathname;
    const url = () => parsedUrl(target ?? parseRequestTarget(raw));
    // The tunnel's health check (tunnel/health-check.ts): answered here, before routing, so it is
    // never taken for a delivery and never journaled.
    if (pathname.startsWith(HEALTH_PREFIX)) {
      sendText(res, 200, `${HEALTH_ANSWER} ${pathname.slice(HEALTH_PREFIX.length)}`);
      return;
    }
    const route = handlers.route(pathname);
    if (!route) {
      sendText(res, 404, `TP Inspector has no profile with a URL at ${pathname}.`);
      return;
    }
    let handled: Promise<void>;
    try {
      handled = handlers.handle(route, req, res, url);
    } catch (err) {
      // A handler that throws before its first await must not take the receiver down.
      handled = Promise.reject(err);
    }
    handled.catch((err: unknown) => {
      // The error's words may name files, hosts or secrets: they go to the journal, not the sender.
      handlers.refused(
        req.socket.remoteAddress ?? '',
        'handler failed',
        `${req.method ?? '?'} ${pathname} failed: ${String(err)}`,
      );
      if (!res.headersSent) sendText(res, 500, GENERIC_FAILURE);
      else res.destroy();
    });
  });
  // CONNECT (authority-form, for proxies) never reaches the request listener; without this Node
  // drops the connection unanswered and unrecorded.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => undefined);
    const problem = `CONNECT ${JSON.stringify((req.url ?? '').slice(0, 80))} asks for a tunnel; the receiver is not a proxy.`;
    handlers.refused(socket.remoteAddress ?? '', 'malformed target', `answered 405: ${problem}`);
    socket.end(
      `HTTP/1.1 405 ${STATUS_CODES[405]}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
    );
  });
  // Requests Node's HTTP parser refuses (garbage, headers over its limit, too slow) never reach
  // the handler above; without this listener Node answers them itself and nothing is journaled.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // The sender left (or the socket is already closed): nothing was refused, nobody to answer.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, kind } = parserRefusal(err.code);
    handlers.refused(
      socket.remoteAddress ?? '',
      kind,
      `HTTP ${status} (${err.code ?? err.message})`,
    );
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
    );
  });
  // Slow or stuck senders must not hold connections for ever. Deliveries have their own, shorter
  // body deadlines (deliveries.ts: 15 s of headers + 45 s of body < 70 s), so they are answered and
  // journaled before Node's bare 408.
  server.requestTimeout = 70_000;
  server.headersTimeout = 15_000;
  const actualPort = await listenWithFallback(server, port);
  return {
    baseUrl: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The answer and the kind of refusal for an error of Node's HTTP parser. */
function parserRefusal(code: string | undefined): { status: number; kind: RefusalKind } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, kind: 'header too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_HEADERS_TIMEOUT')
    return { status: 408, kind: 'timed out' };
  return { status: 400, kind: 'malformed HTTP' };
}

/** The wanted port, or any free one when it is taken (the UI shows which). */
async function listenWithFallback(server: Server, port: number): Promise<number> {
  const attempt = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      server.once('error', onError);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      });
    });
  try {
    return await attempt(port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw err;
    return attempt(0);
  }
}

/**
 * The path of a request target that URL parsing would leave as it is (letters, digits, `_`, `-`
 * and single slashes; no dots, no escapes), without parsing it: every delivery is routed by path.
 * Null for anything else, which goes through URL.
 */
export function plainPath(target: string): string | null {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  return PLAIN_PATH.test(path) ? path : null;
}
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/?$|^\/$/;

function parsedUrl(target: RequestTarget): URL {
  // A plain path always parses, and any other target was refused before a handler could ask.
  if (!target.ok) throw new Error(target.problem);
  return target.url;
}

export function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** The path part of a registered URL, or null when the URL is empty or not a URL. */
export function pathOf(url: string): string | null {
  if (!url) return null;
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}
