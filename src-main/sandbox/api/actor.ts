// Who a request acts for (API document §5, docs/sandbox.md Tokens and OAuth): the app
// itself, a user through a user token, or a user through the app token plus user_id.
import type { EndpointSpec, Params } from '../../../src-shared/spec';
import { ApiError } from '../http/reply';
import type { AccessTokenRecord, AppRecord } from '../state/records';
import type { Store } from '../state/store';

export interface Actor {
  app: AppRecord;
  token: AccessTokenRecord;
  /** The user acted for; null when the app acts for itself. */
  userId: string | null;
  scopes: string[];
}

function actFor(store: Store, app: AppRecord, token: AccessTokenRecord, userId: string): Actor {
  // Unknown is not the same as not connected: an app can tell a user to connect again from one
  // it should forget (docs/sandbox.md, Tokens and OAuth).
  if (!store.users.has(userId)) {
    throw new ApiError('not_found', `The user ${userId.slice(0, 64)} is unknown.`);
  }
  const connection = store.connection(app.client_id, userId);
  if (!connection) {
    throw new ApiError(
      'user_not_connected',
      `The user ${userId.slice(0, 64)} is not connected to ${app.client_id}.`,
    );
  }
  return { app, token, userId, scopes: connection.scopes };
}

export function resolveActor(
  store: Store,
  endpoint: EndpointSpec,
  token: AccessTokenRecord,
  params: Params,
): Actor {
  const app = store.app(token.client_id);
  if (!app) throw new ApiError('invalid_token', 'The app no longer exists.');
  const userIdParam = params.str('user_id');
  if (endpoint.auth === 'app') {
    if (token.user_id !== null) {
      throw new ApiError(
        'app_token_required',
        `${endpoint.paths[0]} needs the app-level token (client_credentials).`,
      );
    }
    return { app, token, userId: null, scopes: token.scopes };
  }
  if (token.user_id !== null) {
    if (userIdParam !== undefined) {
      throw new ApiError('invalid_request', 'user_id is only accepted with an app-level token.');
    }
    if (!store.connection(app.client_id, token.user_id)) {
      throw new ApiError('invalid_token', 'The user is no longer connected; the token is revoked.');
    }
    return { app, token, userId: token.user_id, scopes: token.scopes };
  }
  if (userIdParam !== undefined) return actFor(store, app, token, userIdParam);
  // The supercontact may send to any connected user: the recipient is the user acted for.
  if (endpoint.id === 'message.send' && params.str('contact_id') === app.client_id) {
    const resourceId = params.str('resource_id') ?? '';
    if (store.users.has(resourceId)) return actFor(store, app, token, resourceId);
    if (store.rooms.has(resourceId)) {
      throw new ApiError(
        'invalid_request',
        'user_id is required to send into a room with an app-level token.',
      );
    }
    throw new ApiError('not_found', `resource_id ${resourceId.slice(0, 64)} is unknown.`);
  }
  throw new ApiError(
    'invalid_request',
    `user_id is required with an app-level token on ${endpoint.paths[0]}.`,
  );
}
