// The app token: the client_credentials grant, on demand and whenever a call needs one. A
// client_credentials grant has no refresh token, so an expired (or refused) app token is simply
// fetched again. One fetch per profile at a time, however many calls wait on it.
import { CommandError, type AppTokenView, type AuthStatus } from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../events';
import { type Journal, redactValue, type Redactor } from '../log';
import type { ProfileStore } from '../profiles';
import type { SecretVault } from '../secrets';
import { singleFlight } from '../common/single-flight';
import { requestToken } from './token-endpoint';

interface AppToken {
  accessToken: string;
  tokenType: string;
  scope: string;
  obtainedAt: string;
  expiresAt: string | null;
}

/** A token this close to its expiry is treated as expired, so it never dies in flight. */
export const EXPIRY_SKEW_MS = 2_000;

export interface AppTokenService {
  /** Runs the grant now. */
  fetch(profileId?: string): Promise<AppTokenView>;
  /** A usable access token: the stored one, or a new one when there is none or it expires. */
  ensure(profileId: string): Promise<string>;
  /** After a 401 invalid_token: a new token, unless another call already replaced `refused`. */
  renew(profileId: string, refused: string): Promise<string>;
  status(profileId?: string): AuthStatus;
  /**
   * The platform expired the held token before its time (the sandbox's "expire all tokens"): it
   * is marked expired now, announced with auth.changed, and fetched again on the next call. False
   * when there was no token still valid to mark.
   */
  markExpired(profileId: string): boolean;
}

interface Deps {
  profiles: ProfileStore;
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
  vault: SecretVault;
  /** Whether a profile's tokens are stored at rest (token-storage.ts, tokensOutliveRestart). */
  tokensOutliveRestart: (profileId: string) => boolean;
  /** The largest answer read from the token endpoint (CoreOptions.apiMaxResponseBytes). */
  maxResponseBytes?: number;
}

const vaultKey = (profileId: string) => `profile:${profileId}:appToken`;

export function createAppTokenService({
  profiles,
  journal,
  redactor,
  events,
  vault,
  tokensOutliveRestart,
  maxResponseBytes,
}: Deps): AppTokenService {
  const exchange = { journal, redactor, ...(maxResponseBytes ? { maxResponseBytes } : {}) };
  const lastErrors = new Map<string, string>();
  const once = singleFlight<AppTokenView>();

  const load = (profileId: string): AppToken | null => {
    const raw = vault.get(vaultKey(profileId));
    if (!raw) return null;
    try {
      const token = JSON.parse(raw) as AppToken;
      redactor.addSecret(token.accessToken);
      return token;
    } catch {
      return null;
    }
  };
  const view = (profileId: string, t: AppToken): AppTokenView => ({
    profileId,
    preview: redactValue(t.accessToken),
    tokenType: t.tokenType,
    scope: t.scope,
    obtainedAt: t.obtainedAt,
    expiresAt: t.expiresAt,
  });
  const status = (profileId: string): AuthStatus => {
    const t = load(profileId);
    return {
      profileId,
      appToken: t ? view(profileId, t) : null,
      lastError: lastErrors.get(profileId) ?? null,
    };
  };
  const usable = (t: AppToken | null): t is AppToken =>
    t !== null && (t.expiresAt === null || Date.parse(t.expiresAt) - EXPIRY_SKEW_MS > Date.now());

  const save = (profileId: string, t: AppToken) =>
    vault.set(vaultKey(profileId), JSON.stringify(t), {
      persist: tokensOutliveRestart(profileId),
    });

  const fetchNow = (profileId?: string) => {
    const profile = profiles.require(profileId);
    return once(profile.id, async () => {
      const outcome = await requestToken(exchange, profile, 'client_credentials');
      if (!outcome.ok) {
        lastErrors.set(profile.id, outcome.message);
        journal.append({
          kind: 'auth',
          profileId: profile.id,
          summary: `App token request failed: ${outcome.message}`,
          auth: {
            action: 'app_token',
            outcome: 'error',
            detail: outcome.message,
            apiSeq: outcome.apiSeq,
          },
        });
        events.emit('auth.changed', status(profile.id));
        throw new CommandError({ code: 'http_error', message: outcome.message });
      }
      const { token } = outcome;
      const obtainedAt = new Date();
      const stored: AppToken = {
        accessToken: token.accessToken,
        tokenType: token.tokenType,
        scope: token.scope ?? '',
        obtainedAt: obtainedAt.toISOString(),
        expiresAt:
          token.expiresIn === null
            ? null
            : new Date(obtainedAt.getTime() + token.expiresIn * 1000).toISOString(),
      };
      save(profile.id, stored);
      lastErrors.delete(profile.id);
      journal.append({
        kind: 'auth',
        profileId: profile.id,
        summary: `App token granted (scope "${stored.scope}")`,
        auth: { action: 'app_token', outcome: 'ok', apiSeq: outcome.apiSeq },
      });
      events.emit('auth.changed', status(profile.id));
      return view(profile.id, stored);
    });
  };

  return {
    fetch: fetchNow,
    async ensure(profileId) {
      const current = load(profileId);
      if (usable(current)) return current.accessToken;
      await fetchNow(profileId);
      return load(profileId)!.accessToken;
    },
    async renew(profileId, refused) {
      const current = load(profileId);
      if (current && current.accessToken !== refused && usable(current)) return current.accessToken;
      await fetchNow(profileId);
      return load(profileId)!.accessToken;
    },
    status: (profileId) => status(profiles.require(profileId).id),
    markExpired(profileId) {
      const current = load(profileId);
      const now = Date.now();
      if (!current || (current.expiresAt !== null && Date.parse(current.expiresAt) <= now)) {
        return false;
      }
      save(profileId, { ...current, expiresAt: new Date(now).toISOString() });
      events.emit('auth.changed', status(profileId));
      return true;
    },
  };
}
