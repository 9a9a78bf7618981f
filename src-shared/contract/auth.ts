// Authorization (auth.*): the app token (client_credentials), the connected users and their
// tokens, the one connect flow, and the otp visits of the management and directory URLs.
import { z } from 'zod';
import { NoInput, ProfileSelector, type DomainCommands, type DomainEvents } from './common';

export const AppTokenView = z.object({
  profileId: z.string(),
  /** The access token redacted to a short prefix; the full value never leaves the engine. */
  preview: z.string(),
  tokenType: z.string(),
  scope: z.string(),
  obtainedAt: z.string(),
  /** null when the platform gave no `expires_in`. */
  expiresAt: z.string().nullable(),
});
export type AppTokenView = z.infer<typeof AppTokenView>;

export const AuthStatus = z.object({
  profileId: z.string(),
  appToken: AppTokenView.nullable(),
  /** The last grant failure for this profile, in words, until a grant succeeds. */
  lastError: z.string().nullable(),
});
export type AuthStatus = z.infer<typeof AuthStatus>;

/** A platform user connected to the app, as the UI sees it (tokens redacted). */
export const ConnectedUser = z.object({
  profileId: z.string(),
  userId: z.string(),
  /** "Name Surname" from /tp/me.json, null until it was read. */
  displayName: z.string().nullable(),
  scope: z.string(),
  tokenPreview: z.string(),
  expiresAt: z.string().nullable(),
  hasRefreshToken: z.boolean(),
  /**
   * `disconnected`: no usable tokens (the platform refused the refresh, the person dropped them, or
   * they were lost at a restart); connect again. Stored in settings, so the value keeps its name;
   * the UI shows it as "no tokens" (docs/glossary.md, "Refused refresh"). `unknown`: the platform
   * refused the refresh and no longer knows the user at all (its data was reset); forget it.
   */
  status: z.enum(['connected', 'refreshing', 'disconnected', 'unknown']),
  lastError: z.string().nullable(),
  connectedAt: z.string(),
});
export type ConnectedUser = z.infer<typeof ConnectedUser>;

/** The one authorization-code flow in flight (or the last one). */
export const ConnectFlow = z.object({
  id: z.string(),
  profileId: z.string(),
  status: z.enum(['waiting', 'exchanging', 'connected', 'failed', 'cancelled', 'timed_out']),
  /**
   * The authorize URL as the window shows it: its `state` and any `otp` cut to a preview (`abcd…`).
   * The live values never leave the engine in an event or in auth.flow (docs/security.md, OAuth and
   * the public routes); the window that starts a flow gets the URL to open as `consentUrl`.
   */
  authorizeUrl: z.string(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  viaOtp: z.boolean(),
  /**
   * `person`: auth.connectUser. `directory`: an otp at the public directory URL; the engine runs it
   * alone (no browser, 30 s at most), and the person's Connect user replaces it.
   */
  startedBy: z.enum(['person', 'directory']),
  startedAt: z.string(),
  expiresAt: z.string(),
  userId: z.string().nullable(),
  /** What went wrong, in words (an `error`/`error_description` redirect, a state mismatch, ...). */
  error: z.string().nullable(),
});
export type ConnectFlow = z.infer<typeof ConnectFlow>;

/**
 * The flow auth.connectUser started, with the authorize URL to open in the browser (its live
 * `state`, and the `otp` the person gave): in this answer only, to the window that asked.
 */
export const StartedConnectFlow = ConnectFlow.extend({ consentUrl: z.string() });
export type StartedConnectFlow = z.infer<typeof StartedConnectFlow>;

/** A platform client opened the app's management or directory URL with a one-time password. */
export const OtpVisit = z.object({
  id: z.string(),
  profileId: z.string(),
  target: z.enum(['management', 'directory']),
  at: z.string(),
  otpPreview: z.string(),
  /** `fromapp` as it arrived (null when absent). */
  fromapp: z.string().nullable(),
  /** The API document: show the disconnect control when fromapp is false, 0 or absent. */
  showDisconnect: z.boolean(),
  /** management: verified with /tp/otp/verify.json; directory: used in /tp/authorize. */
  outcome: z.enum(['verified', 'connecting', 'failed']),
  userId: z.string().nullable(),
  displayName: z.string().nullable(),
  error: z.string().nullable(),
});
export type OtpVisit = z.infer<typeof OtpVisit>;

export const authCommands = {
  'auth.users': {
    input: ProfileSelector,
    output: z.object({ profileId: z.string(), users: z.array(ConnectedUser) }),
  },
  /**
   * Starts connecting a user: a loopback server at the redirect URI, the authorize URL opened in
   * the system browser. Resolves at once with the flow; `auth.flowChanged` tells the rest.
   * With `otp` the otp replaces the scopes and no consent page is shown. This is the person's flow
   * either way; an otp at the public directory URL is used by the engine itself (startedBy
   * `directory`), and this command replaces such a flow rather than failing with flow_in_progress.
   */
  'auth.connectUser': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        scopes: z.array(z.string().min(1)).default([]),
        otp: z.string().min(1).optional(),
        openBrowser: z.boolean().default(true),
      })
      .strict(),
    output: StartedConnectFlow,
  },
  /** The fallback: the person pastes the URL the browser was redirected to. */
  'auth.completeConnect': {
    input: z.object({ redirectUrl: z.string().min(1).max(10_000) }).strict(),
    output: ConnectedUser,
  },
  'auth.cancelConnect': { input: NoInput, output: ConnectFlow.nullable() },
  'auth.flow': { input: NoInput, output: ConnectFlow.nullable() },
  'auth.refreshUser': {
    input: z
      .object({ profileId: z.string().min(1).optional(), userId: z.string().min(1) })
      .strict(),
    output: ConnectedUser,
  },
  /** Drops the user's tokens (the user stays listed, shown as "no tokens", with "Connect again"). */
  'auth.dropTokens': {
    input: z
      .object({ profileId: z.string().min(1).optional(), userId: z.string().min(1) })
      .strict(),
    output: ConnectedUser,
  },
  /** Removes the user from the list altogether. */
  'auth.forgetUser': {
    input: z
      .object({ profileId: z.string().min(1).optional(), userId: z.string().min(1) })
      .strict(),
    output: z.object({ profileId: z.string(), users: z.array(ConnectedUser) }),
  },
  'auth.otpVisits': { input: ProfileSelector, output: z.object({ visits: z.array(OtpVisit) }) },
  /** Runs the client_credentials grant now against the profile (the active one by default). */
  'auth.getAppToken': { input: ProfileSelector, output: AppTokenView },
  'auth.status': { input: ProfileSelector, output: AuthStatus },
} as const satisfies DomainCommands<'auth'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const authEvents = {
  'auth.changed': AuthStatus,
  'auth.usersChanged': z.object({ profileId: z.string(), users: z.array(ConnectedUser) }),
  'auth.flowChanged': ConnectFlow,
  'auth.otpVisit': OtpVisit,
} as const satisfies DomainEvents<'auth'>;
