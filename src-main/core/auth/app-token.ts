// The app token: the client_credentials grant, run on demand. The response is read tolerantly
// (the real platform's error bodies are "not shown"), the token is remembered for redaction before
// the exchange is journaled, and every grant and failure leaves an `auth` record.
import { CommandError, type AppTokenView, type AuthStatus } from '../contract';
import type { CoreEventEmitter } from '../events';
import type { Journal } from '../log/journal';
import { redactValue, type Redactor } from '../log/redact';
import type { Profile, ProfileStore } from '../profiles/profile-store';
import { sendHttp } from '../api/http-client';
import { recordExchange } from '../api/record-exchange';
import { assertSecretTransport } from '../api/transport-policy';
import { describeHttpFailure, parseJsonObject } from '../api/response-reading';

interface AppToken {
  accessToken: string;
  tokenType: string;
  scope: string;
  obtainedAt: Date;
  expiresAt: Date | null;
}

export interface AppTokenService {
  fetch(profileId?: string): Promise<AppTokenView>;
  status(profileId?: string): AuthStatus;
}

interface Deps {
  profiles: ProfileStore;
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
}

export function createAppTokenService({
  profiles,
  journal,
  redactor,
  events,
}: Deps): AppTokenService {
  const tokens = new Map<string, AppToken>();
  const lastErrors = new Map<string, string>();

  const view = (profileId: string, t: AppToken): AppTokenView => ({
    profileId,
    preview: redactValue(t.accessToken),
    tokenType: t.tokenType,
    scope: t.scope,
    obtainedAt: t.obtainedAt.toISOString(),
    expiresAt: t.expiresAt ? t.expiresAt.toISOString() : null,
  });

  const status = (profileId: string): AuthStatus => {
    const t = tokens.get(profileId);
    return {
      profileId,
      appToken: t ? view(profileId, t) : null,
      lastError: lastErrors.get(profileId) ?? null,
    };
  };

  const fail = (profile: Profile, message: string, apiSeq?: number): never => {
    lastErrors.set(profile.id, message);
    journal.append({
      kind: 'auth',
      profileId: profile.id,
      summary: `App token request failed: ${message}`,
      auth: {
        action: 'app_token',
        outcome: 'error',
        detail: message,
        ...(apiSeq ? { apiSeq } : {}),
      },
    });
    events.emit('auth.changed', status(profile.id));
    throw new CommandError({ code: 'http_error', message });
  };

  return {
    status(profileId) {
      return status(requireProfile(profiles, profileId).id);
    },
    async fetch(profileId) {
      const profile = requireProfile(profiles, profileId);
      if (!profile.clientSecret) {
        return fail(
          profile,
          `Profile "${profile.name}" has no client secret. Enter it in the profile, then try again.`,
        );
      }
      const url = `${profile.baseUrl.replace(/\/+$/, '')}/tp/token`;
      assertSecretTransport(url);
      const params = {
        grant_type: 'client_credentials',
        client_id: profile.clientId,
        client_secret: profile.clientSecret,
      };
      const req = {
        method: 'POST' as const,
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(params).toString(),
        params,
      };
      const result = await sendHttp(req);
      const json = result.body ? parseJsonObject(result.body) : null;
      const accessToken = typeof json?.access_token === 'string' ? json.access_token : null;
      // Remember the token before journaling, so the raw body is written redacted.
      redactor.addSecret(accessToken);
      const ok =
        result.status !== null &&
        result.status >= 200 &&
        result.status < 300 &&
        accessToken !== null;
      const record = recordExchange(journal, redactor, req, result, {
        profileId: profile.id,
        summary: `POST /tp/token (client_credentials) → ${result.status ?? result.error ?? 'no response'}`,
      });
      if (!ok)
        return fail(
          profile,
          describeHttpFailure('The app token request', result, json),
          record.seq,
        );

      const expiresIn =
        typeof json?.expires_in === 'number' ? json.expires_in : Number(json?.expires_in);
      const obtainedAt = new Date();
      const token: AppToken = {
        accessToken: accessToken!,
        tokenType: typeof json?.token_type === 'string' ? json.token_type : 'Bearer',
        scope: typeof json?.scope === 'string' ? json.scope : '',
        obtainedAt,
        expiresAt: Number.isFinite(expiresIn)
          ? new Date(obtainedAt.getTime() + expiresIn * 1000)
          : null,
      };
      tokens.set(profile.id, token);
      lastErrors.delete(profile.id);
      journal.append({
        kind: 'auth',
        profileId: profile.id,
        summary: `App token granted (scope "${token.scope}")`,
        auth: { action: 'app_token', outcome: 'ok', apiSeq: record.seq },
      });
      const current = status(profile.id);
      events.emit('auth.changed', current);
      return current.appToken!;
    },
  };
}

function requireProfile(profiles: ProfileStore, profileId?: string): Profile {
  const profile = profiles.get(profileId);
  if (!profile) {
    throw new CommandError({
      code: 'not_found',
      message: `There is no profile ${JSON.stringify(profileId ?? profiles.activeId())}. Pick one from the profile list.`,
    });
  }
  return profile;
}
