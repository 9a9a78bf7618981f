// The HTTP server: routes each request to the token endpoint, the authorize endpoint, the API
// pipeline or the simulator, and turns every failure into a JSON error, never a 500 or a dropped
// connection.
import { parseTarget } from './http/target';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { endpointByPath } from '../../src-shared/spec';
import { API_HANDLERS } from './api/handlers';
import { handleApi } from './api/pipeline';
import type { SandboxContext } from './context';
import type { Signer } from './deliveries/sign';
import { ApiError, sendError } from './http/reply';
import { handleAuthorize } from './oauth/authorize-endpoint';
import { handleToken } from './oauth/token-endpoint';
import { handleSimulator } from './simulator/router';

interface ServerHooks {
  onInternalError(err: unknown): void;
}

/**
 * Whether a request may have changed the state: every method but GET and HEAD, and a GET of
 * /tp/authorize (with an otp it issues a code). The state file is written after such a request.
 */
function mayChangeState(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return true;
  const target = parseTarget(req.url);
  // A refused target ({ problem }) changes nothing: it is answered 400 before any route.
  return 'pathname' in target && target.pathname === '/tp/authorize';
}

async function route(
  ctx: SandboxContext,
  signer: Signer,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = parseTarget(req.url);
  if ('problem' in url) {
    req.resume();
    throw new ApiError('invalid_request', url.problem);
  }
  const path = url.pathname;
  if (path.startsWith('/_sandbox/')) return handleSimulator(ctx, signer, req, res, url);
  if (path === '/tp/authorize') {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
      req.resume();
      throw new ApiError(
        'method_not_allowed',
        '/tp/authorize accepts GET (and POST from its consent page).',
        {
          allow: 'GET, POST',
        },
      );
    }
    return handleAuthorize(ctx, req, res, url);
  }
  const endpoint = endpointByPath(path);
  if (!endpoint) {
    req.resume();
    throw new ApiError('not_found', `There is no endpoint at ${path.slice(0, 200)}.`);
  }
  if (req.method !== endpoint.method && !(endpoint.method === 'GET' && req.method === 'HEAD')) {
    req.resume();
    throw new ApiError(
      'method_not_allowed',
      `${endpoint.paths[0]} accepts ${endpoint.method} only.`,
      {
        allow: endpoint.method,
      },
    );
  }
  if (endpoint.id === 'token') return handleToken(ctx, req, res);
  const handler = API_HANDLERS[endpoint.id as keyof typeof API_HANDLERS];
  if (!handler) throw new ApiError('not_found', `There is no endpoint at ${path}.`);
  return handleApi(ctx, endpoint, handler, req, res, url);
}

export function createSandboxServer(
  ctx: SandboxContext,
  signer: Signer,
  hooks: ServerHooks,
  tls?: { keyPem: string; certPem: string },
): Server {
  const listener: RequestListener = (req, res) => {
    if (ctx.state && mayChangeState(req)) {
      const state = ctx.state;
      // 'close' follows every answer, finished or cut short (which may have changed it too).
      res.once('close', () => state.changed());
    }
    route(ctx, signer, req, res).catch((err: unknown) => {
      const apiError =
        err instanceof ApiError
          ? err
          : new ApiError('invalid_request', 'The request could not be processed.');
      if (!(err instanceof ApiError)) hooks.onInternalError(err);
      if (res.headersSent) return void res.end();
      // Whatever is left of the body is drained so that the answer reaches the client.
      if (!req.readableEnded) req.resume();
      sendError(res, apiError);
    });
  };
  const server = tls
    ? createTlsServer({ key: tls.keyPem, cert: tls.certPem, requestTimeout: 120_000 }, listener)
    : createServer({ requestTimeout: 120_000 }, listener);
  // Unparseable HTTP: answer a JSON 400 before the socket closes, instead of dropping it.
  server.on('clientError', (_err, socket) => {
    if (!socket.writable) return void socket.destroy();
    const body = JSON.stringify({
      error: 'invalid_request',
      error_description: 'The HTTP request is malformed.',
    });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
