// The loopback HTTP server of the headless host: guards first (Host, Origin, session), then the
// token exchange, the static renderer, streamed export downloads, and the WebSocket upgrade at /ws.
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_SESSION_PATH } from '../../src-shared/contract';
import { parseRequestTarget, type RequestTarget } from '../../src-shared/rules/request-target';
import type { Core } from '../core/index';
import { serveExport } from './export-route';
import { listenLoopback, LOOPBACK } from './listen';
import {
  hasSession,
  isAllowedHost,
  isAllowedOrigin,
  isForeignStateChange,
  newSessionToken,
  securityHeaders,
  sessionCookie,
  tokensEqual,
} from './security';
import { lookupStatic, openFile } from '../host-start/static-files';
import { createWsBridge } from './ws-bridge';

interface HttpHostOptions {
  core: Pick<Core, 'dispatch' | 'events' | 'exportSession'>;
  /** Directory holding the built renderer (index.html + assets/). */
  rendererDir: string;
  /** See listenLoopback: undefined = 5874 if free, 0 = any free port. */
  port?: number;
  /** Fixed token, for tests only; a fresh random one otherwise. */
  token?: string;
}

export interface HttpHost {
  port: number;
  token: string;
  /** The URL to open: it carries the token once, the cookie takes over after. */
  url: string;
  close(): Promise<void>;
}

const UNAUTHORIZED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TP Inspector: open the printed link</title></head>
<body><h1>Not signed in to this TP Inspector</h1>
<p>This page needs the link the headless host printed when it started
(<code>http://127.0.0.1:PORT/?token=...</code>). Open that link in this browser.
If the host was restarted, it printed a new link: the old one no longer works.</p></body></html>
`;

const WRONG_TARGET_HOST =
  'wrong host in the request target: open the URL the TP Inspector host printed.';

export async function startHttpHost(options: HttpHostOptions): Promise<HttpHost> {
  const token = options.token ?? newSessionToken();
  const bridge = createWsBridge(options.core);
  // Known once listening; no request can arrive before that.
  let port = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'The host could not answer this request.');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isAllowedHost(req.headers.host, port)) {
      return sendText(res, 403, 'wrong Host: open the URL the TP Inspector host printed.');
    }
    if (isForeignStateChange(req.method, req.headers.origin, port)) {
      return sendText(res, 403, 'foreign Origin: this host only answers its own page.');
    }
    const target = parseRequestTarget(req.url);
    if (!target.ok) return sendText(res, 400, target.problem);
    if (!isOwnTarget(target)) return sendText(res, 403, WRONG_TARGET_HOST);
    const { url } = target;
    const method = req.method ?? 'GET';
    const readOnly = method === 'GET' || method === 'HEAD';

    if (readOnly && url.pathname === '/' && url.searchParams.has('token')) {
      if (!tokensEqual(token, url.searchParams.get('token') ?? '')) return sendUnauthorized(res);
      // The cookie takes over and the redirect takes the token out of the address bar and history.
      res.writeHead(302, {
        ...securityHeaders(port),
        location: '/',
        'set-cookie': sessionCookie(token, port),
        'cache-control': 'no-store',
        'content-length': 0,
      });
      res.end();
      return;
    }
    if (!hasSession(req.headers, token, port)) return sendUnauthorized(res);
    if (!readOnly) {
      return sendText(res, 405, `${method} is not accepted here.`, { allow: 'GET, HEAD' });
    }
    if (url.pathname === '/ws') {
      return sendText(res, 426, 'This address is the WebSocket: connect with a WebSocket client.');
    }
    if (url.pathname === EXPORT_SESSION_PATH) {
      return serveExport(
        req,
        res,
        url,
        options.core,
        (status, text, extra) => sendText(res, status, text, extra),
        securityHeaders(port),
        port,
      );
    }

    const found = await lookupStatic(options.rendererDir, url.pathname);
    if (found.kind === 'bad_path') return sendText(res, 400, 'That path is not allowed.');
    if (found.kind === 'not_found') {
      const hint =
        url.pathname === '/' || url.pathname === '/index.html'
          ? ` The renderer is not built in ${options.rendererDir}: run npm run build.`
          : '';
      return sendText(res, 404, `Nothing at ${url.pathname}.${hint}`);
    }
    const isHtml = found.contentType.startsWith('text/html');
    res.writeHead(200, {
      ...securityHeaders(port),
      'content-type': found.contentType,
      'content-length': found.size,
      // HTML is never cached (it names the current assets); hashed assets may be, briefly.
      'cache-control': isHtml ? 'no-store' : 'no-cache',
    });
    if (method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(openFile(found.path), res);
  }

  /** An absolute-form target names the host in place of the Host header (RFC 9112 §3.2.2). */
  function isOwnTarget(target: RequestTarget & { ok: true }): boolean {
    return target.form === 'origin' || isAllowedHost(target.url.host, port);
  }

  function sendUnauthorized(res: ServerResponse): void {
    res.writeHead(401, {
      ...securityHeaders(port),
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(UNAUTHORIZED_PAGE),
      'cache-control': 'no-store',
    });
    res.end(UNAUTHORIZED_PAGE);
  }

  function sendText(
    res: ServerResponse,
    status: number,
    text: string,
    extra: OutgoingHttpHeaders = {},
  ): void {
    const body = `${text}\n`;
    res.writeHead(status, {
      ...securityHeaders(port),
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      ...extra,
    });
    res.end(body);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    if (!isAllowedHost(req.headers.host, port)) return refuseUpgrade(socket, 403, 'wrong Host');
    // Anything a page sends arrives here before the Origin check: nothing in it may throw.
    const target = parseRequestTarget(req.url);
    if (!target.ok) return refuseUpgrade(socket, 400, target.problem);
    if (!isOwnTarget(target)) return refuseUpgrade(socket, 403, WRONG_TARGET_HOST);
    const { url } = target;
    if (url.pathname !== '/ws') return refuseUpgrade(socket, 404, 'The WebSocket is at /ws.');
    // Browsers always send Origin on a WebSocket handshake, and cookies ride along cross-site:
    // the Origin is what stops another site's page from driving the engine.
    if (!isAllowedOrigin(req.headers.origin, port)) {
      return refuseUpgrade(socket, 403, 'foreign or missing Origin');
    }
    if (!hasSession(req.headers, token, port)) {
      return refuseUpgrade(socket, 401, 'Open the URL the host printed first.');
    }
    bridge.wss.handleUpgrade(req, socket, head, (ws) => bridge.wss.emit('connection', ws, req));
  });

  function refuseUpgrade(socket: Duplex, status: number, text: string): void {
    const body = `${text}\n`;
    socket.once('finish', () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        '\r\n' +
        body,
    );
  }

  port = await listenLoopback(server, options.port);

  let closing: Promise<void> | undefined;
  return {
    port,
    token,
    url: `http://${LOOPBACK}:${port}/?token=${token}`,
    close: () =>
      (closing ??= (async () => {
        await bridge.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })()),
  };
}
