// POST /tp/token and /tp/token.json: the three grants of API document §4.2.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { endpointById, validateParams } from '../../../src-shared/spec';
import type { SandboxContext } from '../context';
import { mediaType, readForm } from '../http/body';
import { ApiError, sendJson } from '../http/reply';
import { exchangeCode, issueAppToken, refreshGrant, secretMatches } from './tokens';

const TOKEN = endpointById('token');

export async function handleToken(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (mediaType(req) !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new ApiError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const { fields } = await readForm(req);
  // Client authentication comes first: a missing or wrong client is 401 whatever else is wrong.
  const clientId = fields.get('client_id');
  const secret = fields.get('client_secret');
  const app = clientId?.length === 1 ? ctx.store.app(clientId[0]) : undefined;
  if (!app || secret?.length !== 1 || !secretMatches(secret[0] ?? '', app.client_secret)) {
    throw new ApiError('invalid_client', 'client_id or client_secret is missing or wrong.');
  }
  ctx.rateLimiter.hit(app, TOKEN.id, ctx.store.clock.now());
  const checked = validateParams(TOKEN, { fields, files: new Set() });
  if (!checked.ok) throw new ApiError(checked.error, checked.description);
  const p = checked.params;
  switch (p.str('grant_type')) {
    case 'client_credentials':
      return sendJson(res, 200, issueAppToken(ctx.store, app, p.list('scope')));
    case 'authorization_code':
      return sendJson(
        res,
        200,
        exchangeCode(ctx.store, app, p.str('code') ?? '', p.str('redirect_uri') ?? ''),
      );
    default:
      return sendJson(
        res,
        200,
        refreshGrant(ctx.store, app, p.str('refresh_token') ?? '', p.list('scope')),
      );
  }
}
