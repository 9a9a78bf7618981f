// The sandbox platform: an HTTP server on loopback that behaves as ../shared/platform-api.md and
// platform-decisions.md say. This first cut serves the client_credentials grant only; the
// "Sandbox platform" issue completes it behind the same startSandbox() entry.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox, SandboxApp, SandboxOptions } from './types';

export type { RunningSandbox, SandboxApp, SandboxOptions } from './types';

const TOKEN_LIFETIME_S = 36000;

function demoApp(overrides: Partial<SandboxApp> = {}): SandboxApp {
  return {
    name: 'Acme Orders',
    client_id: 'acme-orders',
    client_secret: randomBytes(24).toString('hex'),
    redirect_uri: 'http://127.0.0.1:47615/callback',
    scopes: ['basic', 'user_phone'],
    endpoint_url: '',
    management_url: '',
    directory_url: '',
    signature_method: 'HMAC-SHA256',
    ...overrides,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, error: string, description: string) {
  sendJson(res, status, { error, error_description: description });
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const apps = (options.apps?.length ? options.apps : [{}]).map((a) => demoApp(a));
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        sendError(res, 400, 'invalid_request', `The request could not be read: ${String(err)}`);
      } else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname !== '/tp/token' && url.pathname !== '/tp/token.json') {
      return sendError(res, 404, 'not_found', `There is no endpoint at ${url.pathname}.`);
    }
    if (req.method !== 'POST') {
      return sendError(res, 405, 'method_not_allowed', `${url.pathname} accepts POST only.`);
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      return sendError(res, 400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
    }
    const body = await readBody(req, 1024 * 1024);
    if (!body) return sendError(res, 413, 'payload_too_large', 'The body is over 1 MiB.');
    const form = new URLSearchParams(body.toString('utf8'));
    const app = apps.find((a) => a.client_id === form.get('client_id'));
    if (!app || form.get('client_secret') !== app.client_secret) {
      return sendError(res, 401, 'invalid_client', 'client_id or client_secret is missing or wrong.');
    }
    const grant = form.get('grant_type');
    if (!grant) return sendError(res, 400, 'invalid_request', 'grant_type is missing.');
    if (grant !== 'client_credentials') {
      return sendError(res, 400, 'unsupported_grant_type', `grant_type ${grant} is not supported.`);
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, { clientId: app.client_id, expiresAt: Date.now() + TOKEN_LIFETIME_S * 1000 });
    sendJson(res, 200, {
      access_token: accessToken,
      expires_in: TOKEN_LIFETIME_S,
      token_type: 'Bearer',
      scope: app.scopes.join(' '),
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apps,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
