// Issuing, exchanging, refreshing and revoking tokens (API document §5, docs/sandbox.md
// Tokens and OAuth).
import { timingSafeEqual } from 'node:crypto';
import type { TokenResponse } from '../../../src-shared/spec';
import { ApiError } from '../http/reply';
import { newSecret } from '../ids';
import type { AccessTokenRecord, AppRecord } from '../state/records';
import type { Store } from '../state/store';

export function secretMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function newAccessToken(
  store: Store,
  app: AppRecord,
  userId: string | null,
  scopes: string[],
  grantId: string | null,
): AccessTokenRecord {
  const record: AccessTokenRecord = {
    token: newSecret(),
    client_id: app.client_id,
    user_id: userId,
    scopes,
    expires_at: store.clock.now() + app.token_lifetime * 1000,
    grant_id: grantId,
  };
  store.accessTokens.set(record.token, record);
  return record;
}

const lifetime = (app: AppRecord) => Math.max(1, Math.round(app.token_lifetime));

/** Throws invalid_scope unless every asked scope is among the allowed ones. */
function narrowScopes(asked: string[] | undefined, allowed: string[], what: string): string[] {
  if (asked === undefined || asked.length === 0) return [...allowed];
  const extra = asked.find((s) => !allowed.includes(s));
  if (extra !== undefined) {
    throw new ApiError(
      'invalid_scope',
      `scope "${extra}" is beyond ${what} (${allowed.join(' ')}).`,
    );
  }
  return asked;
}

export function issueAppToken(store: Store, app: AppRecord, asked?: string[]): TokenResponse {
  const scopes = narrowScopes(asked, app.scopes, "the app's registered scopes");
  const t = newAccessToken(store, app, null, scopes, null);
  return {
    access_token: t.token,
    expires_in: lifetime(app),
    token_type: 'Bearer',
    scope: t.scopes.join(' '),
  };
}

/** `refreshToken` null: the answer names none (docs/sandbox.md, Tokens and OAuth). */
function userTokenResponse(
  store: Store,
  app: AppRecord,
  userId: string,
  scopes: string[],
  grantId: string,
  refreshToken: string | null,
): TokenResponse {
  const t = newAccessToken(store, app, userId, scopes, grantId);
  return {
    access_token: t.token,
    expires_in: lifetime(app),
    token_type: 'Bearer',
    scope: scopes.join(' '),
    ...(refreshToken === null ? {} : { refresh_token: refreshToken }),
    user_id: userId,
  };
}

export function issueCode(store: Store, app: AppRecord, userId: string, scopes: string[]): string {
  const code = newSecret();
  store.codes.set(code, {
    code,
    client_id: app.client_id,
    redirect_uri: app.redirect_uri,
    user_id: userId,
    scopes,
    expires_at: store.clock.now() + app.code_lifetime * 1000,
    used: false,
  });
  return code;
}

/** Every token descending from this code goes (code reuse, RFC 6749 4.1.2). */
function revokeGrant(store: Store, grantId: string): void {
  for (const [k, t] of store.accessTokens) if (t.grant_id === grantId) store.accessTokens.delete(k);
  for (const [k, t] of store.refreshTokens)
    if (t.grant_id === grantId) store.refreshTokens.delete(k);
}

export function exchangeCode(
  store: Store,
  app: AppRecord,
  code: string,
  redirectUri: string,
): TokenResponse {
  const record = store.codes.get(code);
  if (!record || record.client_id !== app.client_id) {
    throw new ApiError('invalid_grant', 'code is unknown or was issued to another app.');
  }
  if (record.used) {
    revokeGrant(store, record.code);
    throw new ApiError(
      'invalid_grant',
      'code was already used; the tokens issued from it are revoked.',
    );
  }
  if (store.clock.now() >= record.expires_at) {
    throw new ApiError('invalid_grant', 'code has expired.');
  }
  if (redirectUri !== record.redirect_uri || redirectUri !== app.redirect_uri) {
    throw new ApiError('invalid_grant', 'redirect_uri does not match the registered redirect URI.');
  }
  if (!store.users.has(record.user_id))
    throw new ApiError('invalid_grant', 'The user no longer exists.');
  record.used = true;
  store.setConnection({ client_id: app.client_id, user_id: record.user_id, scopes: record.scopes });
  const refresh = newSecret();
  store.refreshTokens.set(refresh, {
    token: refresh,
    client_id: app.client_id,
    user_id: record.user_id,
    scopes: record.scopes,
    grant_id: record.code,
  });
  return userTokenResponse(store, app, record.user_id, record.scopes, record.code, refresh);
}

export function refreshGrant(
  store: Store,
  app: AppRecord,
  refreshToken: string,
  asked?: string[],
): TokenResponse {
  const record = store.refreshTokens.get(refreshToken);
  if (!record || record.client_id !== app.client_id) {
    throw new ApiError(
      'invalid_grant',
      'refresh_token is unknown, revoked or was issued to another app.',
    );
  }
  // A narrower access token may be asked for; the refresh token keeps the whole grant.
  const scopes = narrowScopes(asked, record.scopes, 'the scopes of the grant');
  if (app.rotate_refresh_tokens) {
    store.refreshTokens.delete(refreshToken);
    const next = newSecret();
    store.refreshTokens.set(next, { ...record, token: next });
    return userTokenResponse(store, app, record.user_id, scopes, record.grant_id, next);
  }
  // The refresh token stays valid; the answer may leave it out, so that an app's keeping of the
  // one it has (the API document shows no refresh answer, §5.5) can be tested.
  const named = app.repeat_refresh_token ? refreshToken : null;
  return userTokenResponse(store, app, record.user_id, scopes, record.grant_id, named);
}

/** The user's tokens for the app are revoked and the user is no longer connected. */
export function disconnect(store: Store, clientId: string, userId: string): number {
  let revoked = 0;
  for (const [k, t] of store.accessTokens) {
    if (t.client_id === clientId && t.user_id === userId) {
      store.accessTokens.delete(k);
      revoked += 1;
    }
  }
  for (const [k, t] of store.refreshTokens) {
    if (t.client_id === clientId && t.user_id === userId) {
      store.refreshTokens.delete(k);
      revoked += 1;
    }
  }
  store.deleteConnection(clientId, userId);
  return revoked;
}

/** Every access token of the app expires now; refresh tokens stay valid. */
export function expireAll(store: Store, clientId: string): number {
  let n = 0;
  const now = store.clock.now();
  for (const t of store.accessTokens.values()) {
    if (t.client_id === clientId && t.expires_at > now) {
      t.expires_at = now;
      n += 1;
    }
  }
  return n;
}

export function resolveBearer(store: Store, header: string | undefined): AccessTokenRecord {
  if (!header) throw new ApiError('invalid_token', 'The Authorization header is missing.');
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  if (!match?.[1]) {
    throw new ApiError(
      'invalid_token',
      'The Authorization header must be "Bearer <access_token>".',
    );
  }
  const record = store.accessTokens.get(match[1]);
  if (!record) throw new ApiError('invalid_token', 'The access token is unknown or revoked.');
  if (store.clock.now() >= record.expires_at)
    throw new ApiError('invalid_token', 'The access token has expired.');
  if (!store.app(record.client_id))
    throw new ApiError('invalid_token', 'The app no longer exists.');
  return record;
}
