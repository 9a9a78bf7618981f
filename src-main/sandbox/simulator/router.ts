// The routes of /_sandbox/ (docs/sandbox.md, Simulator API), plus the files the sandbox
// serves there: media of messages, avatars, the RSA public key and the API as OpenAPI.
import type { Target } from '../http/target';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context';
import type { Signer } from '../deliveries/sign';
import { readJson } from '../http/body';
import { ApiError, sendJson } from '../http/reply';
import { FILE_CSP, mediaHeaders } from '../media';
import { avatarSvg } from '../users';
import {
  getDeliveries,
  getState,
  patchApp,
  postAuthorize,
  postExpire,
  postRedeliver,
  postSave,
} from './admin';
import { CATALOG_VERSION, openApiDocument } from '../../../src-shared/spec/openapi';
import { getClock, postAdvanceClock } from './clock';
import type { SimHandler } from './common';
import { invite, join, leave, postRoom, remove, update } from './groups';
import { postDisconnect, postMessage, postOtp, postUser } from './users';

const SEG = '([^/]+)';
const ROUTES: { method: string; path: RegExp; handler: SimHandler }[] = [
  { method: 'GET', path: /^\/_sandbox\/state$/, handler: getState },
  { method: 'POST', path: /^\/_sandbox\/state\/save$/, handler: postSave },
  { method: 'POST', path: /^\/_sandbox\/users$/, handler: postUser },
  { method: 'POST', path: /^\/_sandbox\/authorize$/, handler: postAuthorize },
  { method: 'PATCH', path: new RegExp(`^/_sandbox/apps/${SEG}$`), handler: patchApp },
  { method: 'POST', path: new RegExp(`^/_sandbox/users/${SEG}/messages$`), handler: postMessage },
  { method: 'POST', path: new RegExp(`^/_sandbox/users/${SEG}/otp$`), handler: postOtp },
  {
    method: 'POST',
    path: new RegExp(`^/_sandbox/users/${SEG}/disconnect$`),
    handler: postDisconnect,
  },
  { method: 'POST', path: /^\/_sandbox\/rooms$/, handler: postRoom },
  { method: 'POST', path: new RegExp(`^/_sandbox/rooms/${SEG}/invite$`), handler: invite },
  { method: 'POST', path: new RegExp(`^/_sandbox/rooms/${SEG}/join$`), handler: join },
  { method: 'POST', path: new RegExp(`^/_sandbox/rooms/${SEG}/leave$`), handler: leave },
  { method: 'POST', path: new RegExp(`^/_sandbox/rooms/${SEG}/update$`), handler: update },
  { method: 'POST', path: new RegExp(`^/_sandbox/rooms/${SEG}/remove$`), handler: remove },
  { method: 'POST', path: /^\/_sandbox\/tokens\/expire$/, handler: postExpire },
  { method: 'GET', path: /^\/_sandbox\/clock$/, handler: getClock },
  { method: 'POST', path: /^\/_sandbox\/clock\/advance$/, handler: postAdvanceClock },
  { method: 'GET', path: /^\/_sandbox\/deliveries$/, handler: getDeliveries },
  {
    method: 'POST',
    path: new RegExp(`^/_sandbox/deliveries/${SEG}/redeliver$`),
    handler: postRedeliver,
  },
];

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError('invalid_request', 'The path is not valid percent-encoding.');
  }
}

function sendFile(
  res: ServerResponse,
  headers: Record<string, string>,
  body: Buffer | string,
): void {
  res.writeHead(200, {
    ...headers,
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
    'content-security-policy': FILE_CSP,
  });
  res.end(body);
}

/** Files under /_sandbox/; true when one was served. */
function serveFile(
  ctx: SandboxContext,
  signer: Signer,
  method: string,
  path: string,
  res: ServerResponse,
): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path === '/_sandbox/openapi.json') {
    const document = openApiDocument({ baseUrl: ctx.baseUrl, version: CATALOG_VERSION });
    sendFile(res, { 'content-type': 'application/json' }, JSON.stringify(document, null, 2));
    return true;
  }
  if (path === '/_sandbox/signing-key.pem') {
    sendFile(res, { 'content-type': 'application/x-pem-file' }, signer.publicKeyPem());
    return true;
  }
  const media = /^\/_sandbox\/media\/([a-z2-7]+)(\/[^/]*)?$/.exec(path);
  if (media) {
    const stored = ctx.store.media.get(media[1] ?? '');
    if (!stored) throw new ApiError('not_found', 'No such media.');
    sendFile(res, mediaHeaders(stored.record.mime_type, stored.record.filename), stored.bytes);
    return true;
  }
  const avatar = /^\/_sandbox\/avatars\/([A-Za-z0-9._-]+)\.svg$/.exec(path);
  if (avatar) {
    const id = avatar[1] ?? '';
    const user = ctx.store.users.get(id);
    const room = ctx.store.rooms.get(id);
    const named =
      user ?? (room && { name: room.subject, surname: room.subject.split(' ')[1] ?? '' });
    sendFile(res, { 'content-type': 'image/svg+xml' }, avatarSvg(named, id));
    return true;
  }
  return false;
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

/**
 * The simulator has no authentication: it is for this machine only. A Host other than loopback
 * (DNS rebinding), or a change asked from a page of any other origin (another site, or another
 * port of this machine), is refused. The app's own calls come from Node and send no Origin.
 */
function guard(ctx: SandboxContext, req: IncomingMessage, method: string): void {
  const host = req.headers.host ?? '';
  if (!LOOPBACK_HOST.test(host)) {
    throw new ApiError('not_authorized', 'The simulator API answers loopback hosts only.');
  }
  // Reading is already kept from other origins by the same-origin policy (no CORS headers here).
  const origin = method === 'GET' || method === 'HEAD' ? undefined : req.headers.origin;
  if (origin !== undefined && origin !== `${new URL(ctx.baseUrl).protocol}//${host}`) {
    throw new ApiError(
      'not_authorized',
      'The simulator API does not answer pages of other origins.',
    );
  }
}

/**
 * On every JSON answer of the simulator (client secrets among them): no other origin may embed
 * it (CORP), and no browser may read it as anything but JSON.
 */
const JSON_HEADERS = {
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

export async function handleSimulator(
  ctx: SandboxContext,
  signer: Signer,
  req: IncomingMessage,
  res: ServerResponse,
  url: Target,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  guard(ctx, req, method);
  if (serveFile(ctx, signer, method, path, res)) return void req.resume();
  const matching = ROUTES.filter((r) => r.path.test(path));
  if (matching.length === 0) {
    req.resume();
    throw new ApiError('not_found', `There is no simulator route at ${path}.`);
  }
  const route = matching.find(
    (r) => r.method === method || (method === 'HEAD' && r.method === 'GET'),
  );
  if (!route) {
    req.resume();
    throw new ApiError(
      'method_not_allowed',
      `${path} accepts ${matching.map((r) => r.method).join(', ')}.`,
      {
        allow: matching.map((r) => r.method).join(', '),
      },
    );
  }
  const args = (route.path.exec(path) ?? []).slice(1).map((s) => decode(s ?? ''));
  const body = method === 'GET' || method === 'HEAD' ? (req.resume(), {}) : await readJson(req);
  const result = await route.handler({ ctx, args, body, query: url.searchParams });
  sendJson(res, 200, result, JSON_HEADERS);
}
