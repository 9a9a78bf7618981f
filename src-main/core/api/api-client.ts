// Authorized calls to the platform. Two layers: sendAuthorized() sends one call with a given
// token and journals it; createApiClient() picks the token for "act as", and on a 401
// invalid_token renews it once (re-fetch for the app, refresh for a user) and tries again.
import { CommandError, type ActAs, type ApiRecord } from '../../../src-shared/contract';
import type { Journal } from '../log/journal';
import type { Redactor } from '../log/redact';
import type { Profile, ProfileStore } from '../profiles/profile-store';
import { platformUrl } from './platform-url';
import { sendHttp, type HttpResult } from './http-client';
import { recordExchange } from './record-exchange';
import { parseJsonObject } from './response-reading';

interface CallResult {
  record: ApiRecord;
  json: unknown;
  result: HttpResult;
}

interface SendDeps {
  journal: Journal;
  redactor: Redactor;
  /** The largest response read (CoreOptions.apiMaxResponseBytes; default API_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
}

export async function sendAuthorized(
  { journal, redactor, maxResponseBytes }: SendDeps,
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
    ...(maxResponseBytes ? { maxResponseBytes } : {}),
  };
  const result = await sendHttp(req);
  const record = recordExchange(journal, redactor, req, result, {
    profileId: profile.id,
    summary: `${call.method} ${call.path} → ${result.status ?? 'no response'}`,
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
export function isInvalidToken(result: HttpResult): boolean {
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
interface TokenSource {
  app(profileId: string): Promise<string>;
  renewApp(profileId: string, refused: string): Promise<string>;
  user(profileId: string, userId: string): Promise<string>;
  renewUser(profileId: string, userId: string, refused: string): Promise<string>;
}

export interface ApiClient {
  call(request: {
    profileId?: string;
    method: 'GET' | 'POST';
    path: string;
    params: Record<string, string>;
    actAs: ActAs;
  }): Promise<CallResult>;
}

export function createApiClient(
  deps: SendDeps & { profiles: ProfileStore; tokens: TokenSource },
): ApiClient {
  const tokenFor = (profileId: string, actAs: ActAs) =>
    actAs.kind === 'user' ? deps.tokens.user(profileId, actAs.userId) : deps.tokens.app(profileId);
  const renew = (profileId: string, actAs: ActAs, refused: string) =>
    actAs.kind === 'user'
      ? deps.tokens.renewUser(profileId, actAs.userId, refused)
      : deps.tokens.renewApp(profileId, refused);

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
      const token = await tokenFor(profile.id, actAs);
      const first = await sendAuthorized(deps, profile, { method, path, params }, token);
      if (!isInvalidToken(first.result)) return first;
      const renewed = await renew(profile.id, actAs, token);
      return sendAuthorized(deps, profile, { method, path, params }, renewed);
    },
  };
}
