// Connected users and their tokens, per profile. What a person reads (name, scope, expiry, status)
// lives in settings; the tokens live in the secret vault. A token close to expiry is refreshed
// before use, one refresh per user at a time however many calls wait on it; a refused refresh
// (invalid_grant) leaves the user without tokens (status `disconnected`, shown as "no tokens";
// the value is stored in settings, so it keeps its name) instead of looping, or `unknown` when the
// platform no longer knows the user at all (platform-forgot-user.ts).
import { z } from 'zod';
import { CommandError, type ConnectedUser } from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../events';
import type { CoreHost } from '../host-interface';
import { type Journal, redactValue, type Redactor } from '../log';
import type { Profile, ProfileStore } from '../profiles';
import type { SecretVault } from '../secrets';
import { createAppClient, sendAuthorized } from '../api';
import { EXPIRY_SKEW_MS } from './app-token';
import { singleFlight } from '../common/single-flight';
import { FORGOTTEN_USER_MESSAGE, platformForgotUser } from './platform-forgot-user';
import { requestToken, type IssuedToken } from './token-endpoint';
import { missingTokensReason } from './token-storage';

const UserMeta = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
  scope: z.string(),
  expiresAt: z.string().nullable(),
  connectedAt: z.string(),
  status: z.enum(['connected', 'disconnected', 'unknown']),
  lastError: z.string().nullable(),
});
type UserMeta = z.infer<typeof UserMeta>;
const UserSecrets = z.object({
  accessToken: z.string(),
  refreshToken: z.string().nullable(),
  tokenType: z.string(),
});
type UserSecrets = z.infer<typeof UserSecrets>;

const settingsKey = (profileId: string) => `connectedUsers.${profileId}`;
const vaultKey = (profileId: string, userId: string) => `profile:${profileId}:user:${userId}`;

export interface UserTokenService {
  list(profileId: string): ConnectedUser[];
  /** Stores the tokens of a completed authorization (code or otp) and reads the user's name. */
  addFromGrant(profile: Profile, token: IssuedToken): Promise<ConnectedUser>;
  accessToken(profileId: string, userId: string): Promise<string>;
  refresh(profileId: string, userId: string): Promise<string>;
  /** After a 401 invalid_token: refresh, unless another call already replaced `refused`. */
  renew(profileId: string, userId: string, refused: string): Promise<string>;
  disconnect(profileId: string, userId: string): ConnectedUser;
  forget(profileId: string, userId: string): ConnectedUser[];
  view(profileId: string, userId: string): ConnectedUser;
  /**
   * The platform expired the connected users' access tokens before their time (the sandbox's
   * "expire all tokens"): each is marked expired now, announced with auth.usersChanged, and
   * refreshed on its next call. Answers how many were marked.
   */
  markExpired(profileId: string): number;
}

interface Deps {
  host: CoreHost;
  profiles: ProfileStore;
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
  vault: SecretVault;
  /** Whether a profile's tokens are stored at rest (token-storage.ts, tokensOutliveRestart). */
  tokensOutliveRestart: (profileId: string) => boolean;
  /** The profile's app token, to ask whether the platform still knows a user it refused. */
  appToken: {
    current: (profileId: string) => Promise<string>;
    renew: (profileId: string, refused: string) => Promise<string>;
  };
  /** The largest answer read from the platform (CoreOptions.apiMaxResponseBytes). */
  maxResponseBytes?: number;
}

export function createUserTokenService({
  host,
  profiles,
  journal,
  redactor,
  events,
  vault,
  tokensOutliveRestart,
  appToken,
  maxResponseBytes,
}: Deps): UserTokenService {
  const exchange = { journal, redactor, ...(maxResponseBytes ? { maxResponseBytes } : {}) };
  const refreshing = new Set<string>();
  const once = singleFlight<string>();
  // The platform is asked as the app whether it still knows a user whose refresh it refused.
  const asApp = createAppClient({
    ...exchange,
    profiles,
    tokens: { app: appToken.current, renewApp: appToken.renew },
  });

  const metas = (profileId: string): UserMeta[] => {
    const parsed = z.array(UserMeta).safeParse(host.settings.get(settingsKey(profileId)) ?? []);
    return parsed.success ? parsed.data : [];
  };
  const publish = (profileId: string, list: UserMeta[]) =>
    events.emit('auth.usersChanged', { profileId, users: list.map((m) => toView(profileId, m)) });
  const saveMetas = (profileId: string, list: UserMeta[]) => {
    host.settings.set(settingsKey(profileId), list);
    publish(profileId, list);
  };
  const secretsOf = (profileId: string, userId: string): UserSecrets | null => {
    const raw = vault.get(vaultKey(profileId, userId));
    if (!raw) return null;
    let parsed;
    try {
      parsed = UserSecrets.safeParse(JSON.parse(raw));
    } catch {
      return null;
    }
    if (!parsed.success) return null;
    redactor.addSecret(parsed.data.accessToken);
    redactor.addSecret(parsed.data.refreshToken);
    return parsed.data;
  };
  const saveSecrets = (profileId: string, userId: string, secrets: UserSecrets) =>
    vault.set(vaultKey(profileId, userId), JSON.stringify(secrets), {
      persist: tokensOutliveRestart(profileId),
    });

  const toView = (profileId: string, m: UserMeta): ConnectedUser => {
    const s = secretsOf(profileId, m.userId);
    const lostAtRestart = m.status === 'connected' && !s;
    return {
      profileId,
      userId: m.userId,
      displayName: m.displayName,
      scope: m.scope,
      tokenPreview: s ? redactValue(s.accessToken) : '',
      expiresAt: m.expiresAt,
      hasRefreshToken: Boolean(s?.refreshToken),
      status: lostAtRestart
        ? 'disconnected'
        : refreshing.has(vaultKey(profileId, m.userId))
          ? 'refreshing'
          : m.status,
      lastError: lostAtRestart
        ? missingTokensReason({
            mode: vault.mode(),
            storeUnreadable: vault.unreadable.length > 0,
            tokensStored: tokensOutliveRestart(profileId),
          })
        : m.lastError,
      connectedAt: m.connectedAt,
    };
  };
  const update = (profileId: string, userId: string, change: Partial<UserMeta>): UserMeta => {
    const list = metas(profileId);
    const meta = list.find((m) => m.userId === userId);
    if (!meta) throw unknownUser(profileId, userId);
    Object.assign(meta, change);
    saveMetas(profileId, list);
    return meta;
  };
  const authRecord = (
    profileId: string,
    userId: string,
    action: 'connect' | 'refresh' | 'disconnect',
    outcome: 'ok' | 'error',
    summary: string,
    extra: { detail?: string; apiSeq?: number } = {},
  ) =>
    journal.append({
      kind: 'auth',
      profileId,
      summary,
      auth: { action, outcome, userId, ...extra },
    });
  const expiresAtFrom = (expiresIn: number | null) =>
    expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000).toISOString();

  async function readMe(profile: Profile, accessToken: string, tokenType: string) {
    const { json } = await sendAuthorized(
      exchange,
      profile,
      { method: 'GET', path: '/tp/me.json', params: {} },
      accessToken,
      tokenType,
    );
    const me = json as { id?: unknown; profile?: { name?: unknown; surname?: unknown } } | null;
    const name = [me?.profile?.name, me?.profile?.surname]
      .filter((x) => typeof x === 'string' && x)
      .join(' ');
    return { id: typeof me?.id === 'string' ? me.id : null, displayName: name || null };
  }

  const refresh = (profileId: string, userId: string) =>
    once(vaultKey(profileId, userId), async () => {
      const profile = profiles.require(profileId);
      const secrets = secretsOf(profileId, userId);
      if (!secrets?.refreshToken) {
        const message = `User ${userId} has no refresh token, so an expired access token cannot be renewed. Connect the user again.`;
        update(profileId, userId, { status: 'disconnected', lastError: message });
        authRecord(profileId, userId, 'refresh', 'error', `Refresh impossible for ${userId}`, {
          detail: message,
        });
        throw new CommandError({ code: 'http_error', message });
      }
      refreshing.add(vaultKey(profileId, userId));
      // Shown as "refreshing" while the grant runs; every outcome below leaves that state first,
      // so the event it emits carries the outcome and not a refresh that is over.
      publish(profileId, metas(profileId));
      try {
        const outcome = await requestToken(exchange, profile, 'refresh_token', {
          refresh_token: secrets.refreshToken,
        });
        if (!outcome.ok) {
          const refused = outcome.errorCode === 'invalid_grant';
          const message = refused
            ? `The platform refused the refresh token of ${userId} (invalid_grant): the grant was revoked on the platform, or this refresh token was already used or revoked. Connect the user again.`
            : outcome.message;
          if (refused) vault.delete(vaultKey(profileId, userId));
          const forgotten = refused && (await platformForgotUser(asApp, profileId, userId));
          const said = forgotten ? FORGOTTEN_USER_MESSAGE : message;
          refreshing.delete(vaultKey(profileId, userId));
          update(profileId, userId, {
            lastError: said,
            ...(refused
              ? { status: forgotten ? ('unknown' as const) : ('disconnected' as const) }
              : {}),
          });
          authRecord(profileId, userId, 'refresh', 'error', `Refresh failed for ${userId}`, {
            detail: said,
            apiSeq: outcome.apiSeq,
          });
          throw new CommandError({ code: 'http_error', message: said });
        }
        const { token } = outcome;
        // The refresh response is "not shown": keep the old refresh token and scope when absent.
        saveSecrets(profileId, userId, {
          accessToken: token.accessToken,
          refreshToken: token.refreshToken ?? secrets.refreshToken,
          tokenType: token.tokenType,
        });
        const previousScope = metas(profileId).find((m) => m.userId === userId)?.scope ?? '';
        refreshing.delete(vaultKey(profileId, userId));
        update(profileId, userId, {
          expiresAt: expiresAtFrom(token.expiresIn),
          scope: token.scope ?? previousScope,
          status: 'connected',
          lastError: null,
        });
        authRecord(profileId, userId, 'refresh', 'ok', `Token of ${userId} refreshed`, {
          apiSeq: outcome.apiSeq,
        });
        return token.accessToken;
      } finally {
        // Whatever ended the refresh (even an exception), the UI must not stay at "refreshing".
        if (refreshing.delete(vaultKey(profileId, userId))) publish(profileId, metas(profileId));
      }
    });

  const service: UserTokenService = {
    list: (profileId) => metas(profileId).map((m) => toView(profileId, m)),
    view(profileId, userId) {
      const meta = metas(profileId).find((m) => m.userId === userId);
      if (!meta) throw unknownUser(profileId, userId);
      return toView(profileId, meta);
    },
    async addFromGrant(profile, token) {
      redactor.addSecret(token.accessToken);
      redactor.addSecret(token.refreshToken);
      const me = await readMe(profile, token.accessToken, token.tokenType);
      const userId = token.userId ?? me.id;
      if (!userId) {
        throw new CommandError({
          code: 'http_error',
          message:
            'The platform issued a user token but named no user (no user_id, and /tp/me.json gave no id). See the event log.',
        });
      }
      saveSecrets(profile.id, userId, {
        accessToken: token.accessToken,
        refreshToken: token.refreshToken,
        tokenType: token.tokenType,
      });
      const list = metas(profile.id).filter((m) => m.userId !== userId);
      const meta: UserMeta = {
        userId,
        displayName: me.displayName,
        scope: token.scope ?? '',
        expiresAt: expiresAtFrom(token.expiresIn),
        connectedAt: new Date().toISOString(),
        status: 'connected',
        lastError: null,
      };
      list.push(meta);
      saveMetas(profile.id, list);
      authRecord(
        profile.id,
        userId,
        'connect',
        'ok',
        `Connected ${me.displayName ?? userId} (scope "${meta.scope}")`,
      );
      return toView(profile.id, meta);
    },
    async accessToken(profileId, userId) {
      const meta = metas(profileId).find((m) => m.userId === userId);
      if (!meta) throw unknownUser(profileId, userId);
      const secrets = secretsOf(profileId, userId);
      if (meta.status === 'unknown') {
        throw new CommandError({ code: 'http_error', message: FORGOTTEN_USER_MESSAGE });
      }
      if (meta.status === 'disconnected' || !secrets) {
        throw new CommandError({
          code: 'http_error',
          message: `User ${userId} has no usable tokens${meta.lastError ? `: ${meta.lastError}` : '.'} Connect the user again.`,
        });
      }
      const expiring =
        meta.expiresAt !== null && Date.parse(meta.expiresAt) - EXPIRY_SKEW_MS <= Date.now();
      return expiring ? refresh(profileId, userId) : secrets.accessToken;
    },
    refresh,
    async renew(profileId, userId, refused) {
      const current = secretsOf(profileId, userId);
      if (current && current.accessToken !== refused) return current.accessToken;
      return refresh(profileId, userId);
    },
    disconnect(profileId, userId) {
      vault.delete(vaultKey(profileId, userId));
      const meta = update(profileId, userId, {
        status: 'disconnected',
        lastError: 'Tokens dropped in TP Inspector.',
      });
      authRecord(profileId, userId, 'disconnect', 'ok', `Dropped the tokens of ${userId}`);
      return toView(profileId, meta);
    },
    markExpired(profileId) {
      const now = Date.now();
      const list = metas(profileId);
      const held = list.filter(
        (m) =>
          m.status === 'connected' &&
          secretsOf(profileId, m.userId) !== null &&
          (m.expiresAt === null || Date.parse(m.expiresAt) > now),
      );
      if (held.length === 0) return 0;
      const expiresAt = new Date(now).toISOString();
      for (const m of held) m.expiresAt = expiresAt;
      saveMetas(profileId, list);
      return held.length;
    },
    forget(profileId, userId) {
      vault.delete(vaultKey(profileId, userId));
      const list = metas(profileId).filter((m) => m.userId !== userId);
      saveMetas(profileId, list);
      authRecord(profileId, userId, 'disconnect', 'ok', `Forgot ${userId}`);
      return list.map((m) => toView(profileId, m));
    },
  };
  return service;
}

function unknownUser(profileId: string, userId: string) {
  return new CommandError({
    code: 'not_found',
    message: `User ${userId} is not connected in profile ${profileId}. Connect the user first.`,
  });
}
