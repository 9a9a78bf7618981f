// The path every /tp/ API request (all but token and authorize) takes: body, bearer token (401),
// rate limit (429), parameters from the catalog (400), actor (400/403), scope (403), handler.
import type { Target } from '../http/target';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { validateParams, type EndpointSpec, type Params } from '../../../src-shared/spec';
import type { SandboxContext } from '../context';
import {
  fieldsOf,
  header,
  mediaType,
  readForm,
  readMultipart,
  type ParsedBody,
  type UploadedFile,
} from '../http/body';
import { ApiError, sendJson } from '../http/reply';
import { resolveBearer } from '../oauth/tokens';
import { vcardProblem } from '../../../src-shared/spec/vcard-check';
import { resolveActor, type Actor } from './actor';

export interface ApiCall {
  endpoint: EndpointSpec;
  params: Params;
  /** The `file` part of a multipart send, if any. */
  file: UploadedFile | undefined;
  actor: Actor;
}

const NO_FILES: ReadonlySet<string> = new Set();

export type ApiHandler = (ctx: SandboxContext, call: ApiCall) => unknown;

async function readInput(
  ctx: SandboxContext,
  endpoint: EndpointSpec,
  req: IncomingMessage,
  url: Target,
): Promise<ParsedBody> {
  if (endpoint.method === 'GET') {
    req.resume();
    return { fields: fieldsOf(url.searchParams), files: new Map() };
  }
  const type = mediaType(req);
  if (type === 'application/x-www-form-urlencoded') return readForm(req);
  if (type === 'multipart/form-data' && endpoint.body.includes('multipart')) {
    return readMultipart(req, ctx.maxFileBytes);
  }
  req.resume();
  const accepted = endpoint.body.includes('multipart')
    ? 'application/x-www-form-urlencoded or multipart/form-data'
    : 'application/x-www-form-urlencoded';
  throw new ApiError('invalid_request', `The body of ${endpoint.paths[0]} must be ${accepted}.`);
}

export async function handleApi(
  ctx: SandboxContext,
  endpoint: EndpointSpec,
  handler: ApiHandler,
  req: IncomingMessage,
  res: ServerResponse,
  url: Target,
): Promise<void> {
  const body = await readInput(ctx, endpoint, req, url);
  const token = resolveBearer(ctx.store, header(req, 'authorization'));
  const app = ctx.store.app(token.client_id);
  if (app) ctx.rateLimiter.hit(app, endpoint.id, ctx.store.clock.now());
  const checked = validateParams(
    endpoint,
    { fields: body.fields, files: body.files.size === 0 ? NO_FILES : new Set(body.files.keys()) },
    { vcard: vcardProblem },
  );
  if (!checked.ok) throw new ApiError(checked.error, checked.description);
  const files = body.files.get('file');
  if (files && files.length > 1)
    throw new ApiError('invalid_request', 'file is given more than once.');
  const actor = resolveActor(ctx.store, endpoint, token, checked.params);
  if (endpoint.scope !== null && !actor.scopes.includes(endpoint.scope)) {
    throw new ApiError(
      'insufficient_scope',
      `${endpoint.paths[0]} needs the scope ${endpoint.scope}; the token has "${actor.scopes.join(' ')}".`,
    );
  }
  const result = handler(ctx, { endpoint, params: checked.params, file: files?.[0], actor });
  sendJson(res, 200, result);
}
