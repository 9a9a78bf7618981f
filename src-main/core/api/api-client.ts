// Authorized calls to the platform. Two layers: sendAuthorized() sends one call with a given
// token and journals it; createApiClient() picks the token for "act as", and on a 401
// invalid_token renews it once (re-fetch for the app, refresh for a user) and tries again. Its
// call() makes the request from a path and parameters; its send() takes one the caller made (the
// composer's: its own connection with phase timings, an upload read as it goes). Each attempt is
// sent and journaled by send-exchange.ts, as the token endpoint's calls are.
import { CommandError, type ActAs, type ApiRecord } from '../../../src-shared/contract';
import type { Profile, ProfileStore } from '../profiles';
import { platformUrl } from './platform-url';
import type { HttpResult, OutgoingRequest } from './http-client';
import { parseJsonObject } from './response-reading';
import { sendExchange, type ExchangeDeps } from './send-exchange';

interface CallResult {
  record: ApiRecord;
  json: unknown;
  result: HttpResult;
}

/**
 * One call with the token it is given, never renewed: each of the client's attempts, and the first
 * /tp/me.json of a token just granted (the users' tokens: there is nothing to renew it with yet).
 */
export async function sendAuthorized(
  deps: ExchangeDeps,
  profile: Profile,
  call: { method: 'GET' | 'POST'; path: string; params: Record<string, string> },
  accessToken: string,
  tokenType = 'Bearer',
): Promise<CallResult> {
  const form = new URLSearchParams(call.params).toString();
  const base = platformUrl(profile, call.path);
  const url = call.method === 'GET' && form ? `${base}?${form}` : base;
  const headers: Record<string, string> = {
    authorization: `${tokenType} ${accessToken}`,
    accept: 'application/json',
    ...(call.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
  };
  const req = {
    method: call.method,
    url,
    headers,
    params: call.params,
    ...(call.method === 'POST' ? { body: form } : {}),
  };
  const { record, result } = await sendExchange(deps, req, {
    profileId: profile.id,
    summary: (result) => `${call.method} ${call.path} → ${result.status ?? 'no response'}`,
  });
  let json: unknown = null;
  if (result.body) {
    try {
      json = JSON.parse(result.body.toString('utf8'));
    } catch {
      json = null;
    }
  }
  return { record, json, result };
}

/** A 401 that says (or does not deny) that the token is the problem. */
function isInvalidToken(result: HttpResult): boolean {
  if (result.status !== 401) return false;
  const code = result.body ? parseJsonObject(result.body)?.error : undefined;
  const challenge = result.headers['www-authenticate'] ?? '';
  return code === 'invalid_token' || challenge.includes('invalid_token') || code === undefined;
}

/**
 * Where calls get their tokens. The renew functions take the token that was refused: when it is no
 * longer the current one, another call already renewed it, and that renewal is used instead of a
 * second one (with rotating refresh tokens a second refresh would fail).
 */
interface AppTokenSource {
  app(profileId: string): Promise<string>;
  renewApp(profileId: string, refused: string): Promise<string>;
}
interface TokenSource extends AppTokenSource {
  user(profileId: string, userId: string): Promise<string>;
  renewUser(profileId: string, userId: string, refused: string): Promise<string>;
}

/** Acting as the app, for a user or not: what a client holding the app token alone may do. */
type AsApp = Exclude<ActAs, { kind: 'user' }>;

/** One "act as"'s token: the current one, and its renewal once the platform refused `refused`. */
interface TokenOf {
  current(): Promise<string>;
  renew(refused: string): Promise<string>;
}

/**
 * A call whose request the caller makes (the composer's, from the catalog): the client still picks
 * the token, renews it once on a 401 and journals each attempt, as for call().
 */
interface PreparedCall<A extends ActAs = ActAs> {
  profileId?: string;
  /** Whose token goes in the authorization header; null when the endpoint takes none (sent once). */
  actAs: A | null;
  method: 'GET' | 'POST';
  url: string;
  /** The request's own headers: an authorization header among them wins over the token. */
  headers: Record<string, string>;
  /** Made anew for each attempt: an upload read as the socket takes it can be sent only once. */
  body?: () => OutgoingRequest['body'];
  /** The parameters the journal shows (the body's, a file as its name). */
  params: Record<string, string>;
  /** A connection of the call's own, its DNS, connect and TLS phases timed (the composer's). */
  measurePhases?: boolean;
  summary(result: HttpResult): string;
  /** Each answer before it is journaled: a token the platform issues is a secret by then. */
  onAnswer?(result: HttpResult): void;
  /** Each journaled attempt, the refused one included, with the token it carried. */
  onRecorded?(record: ApiRecord, token: string | null): void;
}

interface PreparedResult {
  record: ApiRecord;
  result: HttpResult;
  /** The token the answered attempt carried (the renewed one after a 401), or null. */
  token: string | null;
}

export interface ApiClient<A extends ActAs = ActAs> {
  call(request: {
    profileId?: string;
    method: 'GET' | 'POST';
    path: string;
    params: Record<string, string>;
    actAs: A;
  }): Promise<CallResult>;
  send(call: PreparedCall<A>): Promise<PreparedResult>;
}

type ClientDeps = ExchangeDeps & { profiles: ProfileStore };

export function createApiClient(deps: ClientDeps & { tokens: TokenSource }): ApiClient {
  const { tokens } = deps;
  return clientOver<ActAs>(deps, (profileId, actAs) =>
    actAs.kind === 'user'
      ? {
          current: () => tokens.user(profileId, actAs.userId),
          renew: (refused) => tokens.renewUser(profileId, actAs.userId, refused),
        }
      : appTokenOf(tokens, profileId),
  );
}

/**
 * A client that calls as the app only, for a service the full client's tokens come from (the
 * users' tokens ask the platform with the app token whether it still knows a user): the same
 * token choice and renewal, with no client built from that service itself.
 */
export function createAppClient(deps: ClientDeps & { tokens: AppTokenSource }): ApiClient<AsApp> {
  return clientOver<AsApp>(deps, (profileId) => appTokenOf(deps.tokens, profileId));
}

const appTokenOf = (tokens: AppTokenSource, profileId: string): TokenOf => ({
  current: () => tokens.app(profileId),
  renew: (refused) => tokens.renewApp(profileId, refused),
});

function clientOver<A extends ActAs>(
  deps: ClientDeps,
  tokenOf: (profileId: string, actAs: A) => TokenOf,
): ApiClient<A> {
  /**
   * The one place a token is chosen and a refused one renewed: `attempt` sends with a token, and
   * a 401 invalid_token gets one renewal and one more attempt, never a second.
   */
  async function withToken<T extends { result: HttpResult }>(
    profileId: string,
    actAs: A | null,
    attempt: (token: string | null) => Promise<T>,
  ): Promise<T & { token: string | null }> {
    const source = actAs ? tokenOf(profileId, actAs) : null;
    const token = source ? await source.current() : null;
    const first = await attempt(token);
    if (!source || !token || !isInvalidToken(first.result)) return { ...first, token };
    const renewed = await source.renew(token);
    return { ...(await attempt(renewed)), token: renewed };
  }

  async function sendPrepared(profile: Profile, call: PreparedCall<A>, token: string | null) {
    const req = {
      method: call.method,
      url: call.url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...call.headers },
      params: call.params,
      ...(call.body ? { body: call.body() } : {}),
      ...(call.measurePhases ? { measurePhases: true } : {}),
    };
    const sent = await sendExchange(deps, req, {
      profileId: profile.id,
      summary: (result) => call.summary(result),
      onAnswer: (result) => call.onAnswer?.(result),
    });
    call.onRecorded?.(sent.record, token);
    return sent;
  }

  return {
    async call({ profileId, method, path, params, actAs }) {
      const profile = deps.profiles.require(profileId);
      if (actAs.kind === 'appForUser') {
        if (params.user_id !== undefined && params.user_id !== actAs.userId) {
          throw new CommandError({
            code: 'invalid_input',
            message: `user_id ${params.user_id} differs from the user acted for (${actAs.userId}). Leave user_id out: it is filled in from "act as".`,
          });
        }
        params = { ...params, user_id: actAs.userId };
      }
      const { record, json, result } = await withToken(profile.id, actAs, (token) =>
        sendAuthorized(deps, profile, { method, path, params }, token ?? ''),
      );
      return { record, json, result };
    },

    async send(call) {
      const profile = deps.profiles.require(call.profileId);
      return withToken(profile.id, call.actAs, (token) => sendPrepared(profile, call, token));
    },
  };
}
