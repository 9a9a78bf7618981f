// Connecting a user the RFC 8252 way: a loopback HTTP server at the redirect URI's port and path,
// a random `state` checked on return, the authorize URL opened in the system browser, one flow at
// a time, a timeout, cancel, and a fallback where the person pastes the URL the browser landed on.
// The browser gets a page saying what happened. A return with a state this flow did not send is
// refused and the flow keeps waiting: any web page can request the loopback URL, and must not be
// able to end the person's flow by doing so.
//
// A flow is started by the person (auth.connectUser) or by an otp at the public directory URL
// (connectWithOtp). The person's takes precedence: it replaces a pending otp-started flow, and an
// otp never replaces it. An otp-started flow runs in the engine alone (otp-authorize.ts), lives
// OTP_CONNECT_TIMEOUT_MS at most, and its state never leaves the engine.
//
// No flow's state or otp is in auth.flowChanged or auth.flow: the view's authorize URL has them cut
// to a preview. The person's browser needs the live URL, so auth.connectUser's answer alone carries
// it (consentUrl), to the window that started the flow and opens it.
import { errorText } from '../../../src-shared/contract/errors';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import {
  CommandError,
  type ConnectFlow,
  type ConnectedUser,
  type StartedConnectFlow,
} from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../events';
import { type Journal, redactValue, type Redactor } from '../log';
import type { Profile, ProfileStore } from '../profiles';
import { platformUrl } from '../api';
import { requestToken } from './token-endpoint';
import type { UserTokenService } from './user-tokens';
import { listenForRedirect } from './redirect-listener';
import { authorizeWithOtp } from './otp-authorize';

const DEFAULT_CONNECT_TIMEOUT_MS = 5 * 60_000;
/**
 * The whole life of an otp-started flow: the GET of /tp/authorize, the code exchange and /tp/me.json,
 * while the visitor's browser waits for its page. Each is one quick call to the platform; a flow
 * still going after 30 s has a platform that does not answer, and ends as timed out.
 */
const OTP_CONNECT_TIMEOUT_MS = 30_000;

export interface ConnectFlowService {
  start(request: {
    profileId?: string;
    scopes: string[];
    otp?: string;
    openBrowser: boolean;
  }): Promise<StartedConnectFlow>;
  /**
   * The directory URL's otp: connects its user without a browser round trip. Refused while any
   * flow is in flight; the person's Connect user replaces it while it runs.
   */
  connectWithOtp(profileId: string, otp: string): Promise<ConnectedUser>;
  /** The person's paste fallback. A wrong state is refused and the flow keeps waiting. */
  complete(redirectUrl: string): Promise<ConnectedUser>;
  cancel(): ConnectFlow | null;
  current(): ConnectFlow | null;
  close(): Promise<void>;
}

interface Deps {
  profiles: ProfileStore;
  users: UserTokenService;
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
  openExternal(url: string): Promise<void>;
  timeoutMs?: number;
  otpTimeoutMs?: number;
  /** The largest answer read from the token endpoint and the otp's (CoreOptions.apiMaxResponseBytes). */
  maxResponseBytes?: number;
}

interface ActiveFlow {
  view: ConnectFlow;
  profile: Profile;
  state: string;
  /** The authorize URL with the live state (and otp): for the browser, or the engine's own GET. */
  authorizeUrl: string;
  server: Server | null;
  timer: NodeJS.Timeout;
  completing: Promise<ConnectedUser> | null;
  /** A loopback request with a wrong state was journaled (once per flow: a page can repeat it). */
  strayJournaled: boolean;
}

/** A return to the redirect URI: pasted by the person, or caught by the loopback server. */
type ReturnSource = 'paste' | 'callback';

export function createConnectFlowService(deps: Deps): ConnectFlowService {
  let flow: ActiveFlow | null = null;
  const inFlight = () =>
    flow !== null && (flow.view.status === 'waiting' || flow.view.status === 'exchanging');

  const setStatus = (f: ActiveFlow, change: Partial<ConnectFlow>) => {
    Object.assign(f.view, change);
    deps.events.emit('auth.flowChanged', { ...f.view });
  };
  const finish = async (f: ActiveFlow, change: Partial<ConnectFlow>) => {
    clearTimeout(f.timer);
    setStatus(f, change);
    const server = f.server;
    f.server = null;
    if (server) {
      // Not awaited: the request that ended the flow is still waiting for its page. Stop taking
      // connections now, and cut whatever is left once that page has had time to go out.
      server.close();
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 1_000).unref();
    }
  };
  const fail = async (f: ActiveFlow, message: string, status: ConnectFlow['status'] = 'failed') => {
    deps.journal.append({
      kind: 'auth',
      profileId: f.profile.id,
      summary: `Connecting a user ${status === 'failed' ? 'failed' : status.replace('_', ' ')}: ${message}`,
      auth: { action: 'connect', outcome: 'error', detail: message },
    });
    await finish(f, { status, error: message });
  };

  /** Still the flow in flight, not replaced, cancelled or timed out since. */
  const current = (f: ActiveFlow) => flow === f && inFlight();
  const replaced = () =>
    new CommandError({
      code: 'conflict',
      message: 'The connection ended (replaced, cancelled or timed out) before it completed.',
    });

  async function complete(redirectUrl: string, source: ReturnSource): Promise<ConnectedUser> {
    const f = flow;
    // An otp-started flow has no browser leg: nothing may come back for it at the redirect URI.
    if (!f || !inFlight() || f.view.startedBy !== 'person') {
      throw new CommandError({
        code: 'not_found',
        message: 'No connection is waiting for a redirect. Start "Connect a user" first.',
      });
    }
    let url: URL;
    try {
      url = new URL(redirectUrl.trim());
    } catch {
      throw new CommandError({
        code: 'invalid_input',
        message:
          'That is not a URL. Paste the whole address the browser shows after you approved, starting with http.',
      });
    }
    if (!sameSecret(url.searchParams.get('state') ?? '', f.state)) {
      // Refused without ending the flow: a page that guessed nothing must not stop the person's.
      if (source === 'paste' || !f.strayJournaled) {
        f.strayJournaled ||= source === 'callback';
        deps.journal.append({
          kind: 'auth',
          profileId: f.profile.id,
          summary: `A return to the redirect URI ${source === 'paste' ? '(pasted)' : '(at the loopback server)'} carried a state this connection did not send: refused, still waiting`,
          auth: {
            action: 'connect',
            outcome: 'error',
            detail: `Wrong or missing state ${source === 'paste' ? 'in the pasted URL' : 'at the loopback redirect URI (journaled once per connection)'}; nothing was exchanged and the connection keeps waiting.`,
          },
        });
      }
      throw new CommandError({
        code: 'invalid_input',
        message:
          source === 'paste'
            ? 'That URL carries a state this connection did not send, so it was refused and nothing was exchanged (a stale tab, or a redirect not started here). The connection is still waiting: paste the address the browser shows after approving on the consent page this connection opened, or cancel it.'
            : 'This address carries a state the waiting connection did not send (a stale tab, or a request not started in TP Inspector), so it was ignored. The connection is still waiting: approve on the consent page TP Inspector opened.',
      });
    }
    f.completing ??= redeem(f, url);
    return f.completing;
  }

  /** The platform's answer at the redirect URI, its state already checked: the error, or the code. */
  async function redeem(f: ActiveFlow, landed: URL): Promise<ConnectedUser> {
    const q = landed.searchParams;
    const error = q.get('error');
    if (error) {
      const description = q.get('error_description');
      const message = `The platform answered "${error}"${description ? `: ${description}` : ''}.`;
      await fail(f, message);
      throw new CommandError({ code: 'http_error', message });
    }
    const code = q.get('code');
    if (!code) {
      const message = 'The redirect has neither a code nor an error. Start the connection again.';
      await fail(f, message);
      throw new CommandError({ code: 'invalid_input', message });
    }
    // Single use, but redeemable by whoever also holds the client secret until it is: never in clear.
    deps.redactor.addSecret(code);
    setStatus(f, { status: 'exchanging' });
    const outcome = await requestToken(deps, f.profile, 'authorization_code', {
      code,
      redirect_uri: f.profile.redirectUri,
    });
    // Replaced or cancelled meanwhile: what came back belongs to a flow that is over.
    if (!current(f)) throw replaced();
    if (!outcome.ok) {
      await fail(f, outcome.message);
      throw new CommandError({ code: 'http_error', message: outcome.message });
    }
    try {
      const user = await deps.users.addFromGrant(f.profile, outcome.token);
      if (current(f)) await finish(f, { status: 'connected', userId: user.userId, error: null });
      return user;
    } catch (err) {
      if (current(f)) await fail(f, errorText(err));
      throw err;
    }
  }

  /** Makes the flow the one in flight, with its timer, and announces it. */
  function begin(
    profile: Profile,
    shape: Pick<ConnectFlow, 'status' | 'scopes' | 'viaOtp' | 'startedBy'> & {
      state: string;
      /** What the authorize URL asks for besides the state: the scopes, or an otp. */
      grant: Record<string, string>;
      server: Server | null;
      timeoutMs: number;
      timeoutWords: string;
    },
  ): ActiveFlow {
    const startedAt = new Date();
    const active: ActiveFlow = {
      view: {
        id: randomBytes(6).toString('hex'),
        profileId: profile.id,
        status: shape.status,
        authorizeUrl: authorizeUrlOf(profile, redactValue(shape.state), shownGrant(shape.grant)),
        redirectUri: profile.redirectUri,
        scopes: shape.scopes,
        viaOtp: shape.viaOtp,
        startedBy: shape.startedBy,
        startedAt: startedAt.toISOString(),
        expiresAt: new Date(startedAt.getTime() + shape.timeoutMs).toISOString(),
        userId: null,
        error: null,
      },
      profile,
      state: shape.state,
      authorizeUrl: authorizeUrlOf(profile, shape.state, shape.grant),
      server: shape.server,
      completing: null,
      strayJournaled: false,
      timer: setTimeout(() => {
        // A person's flow that is exchanging its code is left to finish; an otp-started one is not
        // (its whole life is bounded).
        if (current(active) && (!active.completing || shape.startedBy !== 'person')) {
          void fail(active, shape.timeoutWords, 'timed_out');
        }
      }, shape.timeoutMs),
    };
    active.timer.unref();
    flow = active;
    deps.events.emit('auth.flowChanged', { ...active.view });
    return active;
  }

  const authorizeUrlOf = (profile: Profile, state: string, grant: Record<string, string>) =>
    `${platformUrl(profile, '/tp/authorize')}?${new URLSearchParams({
      response_type: 'code',
      client_id: profile.clientId,
      state,
      ...grant,
      redirect_uri: profile.redirectUri,
    })}`;

  async function connectWithOtp(profileId: string, otp: string): Promise<ConnectedUser> {
    if (inFlight()) {
      throw new CommandError({
        code: 'flow_in_progress',
        message:
          flow!.view.startedBy === 'person'
            ? 'A connection started in TP Inspector is waiting for the browser; a one-time password does not replace it. Open the directory URL again once it is over.'
            : 'Another one-time password is connecting its user right now. Open the directory URL again in a moment.',
      });
    }
    const profile = deps.profiles.require(profileId);
    const state = randomBytes(32).toString('base64url');
    // Ours alone, and written nowhere in clear: not even the journal's record of the GET shows it.
    deps.redactor.addSecret(state);
    const timeoutMs = deps.otpTimeoutMs ?? OTP_CONNECT_TIMEOUT_MS;
    const f = begin(profile, {
      status: 'exchanging',
      scopes: [],
      viaOtp: true,
      startedBy: 'directory',
      state,
      grant: { otp },
      server: null,
      timeoutMs,
      timeoutWords: `The platform did not finish connecting the one-time password's user within ${Math.round(timeoutMs / 1000)} s.`,
    });
    const run = async () => {
      const answer = await authorizeWithOtp(deps, profile, f.authorizeUrl, timeoutMs);
      if (!current(f)) throw replaced();
      if (!answer.ok) {
        await fail(f, answer.message);
        throw new CommandError({ code: 'http_error', message: answer.message });
      }
      if (!sameSecret(answer.landed.searchParams.get('state') ?? '', state)) {
        const message = `The platform's redirect carried a state this connection did not send, so nothing was exchanged. See the event log record #${answer.apiSeq}.`;
        await fail(f, message);
        throw new CommandError({ code: 'http_error', message });
      }
      return redeem(f, answer.landed);
    };
    f.completing = run();
    return f.completing;
  }

  return {
    current: () => (flow ? { ...flow.view } : null),
    complete: (redirectUrl) => complete(redirectUrl, 'paste'),
    connectWithOtp,
    async start({ profileId, scopes, otp, openBrowser }) {
      if (inFlight() && flow!.view.startedBy === 'person') {
        throw new CommandError({
          code: 'flow_in_progress',
          message: `A connection started at ${flow!.view.startedAt.slice(11, 19)} is still waiting for the browser. Finish it there, or cancel it first.`,
        });
      }
      const profile = deps.profiles.require(profileId);
      if (!otp) {
        if (scopes.length === 0) {
          throw new CommandError({
            code: 'invalid_input',
            message: 'Pick at least one scope to request.',
          });
        }
        const unregistered = scopes.filter((s) => !profile.scopes.includes(s));
        if (unregistered.length) {
          throw new CommandError({
            code: 'invalid_input',
            message: `${unregistered.join(', ')} ${unregistered.length > 1 ? 'are' : 'is'} not among the profile's registered scopes (${profile.scopes.join(', ') || 'none'}). The platform only grants registered scopes.`,
          });
        }
      }
      let redirect: URL;
      try {
        redirect = new URL(profile.redirectUri);
      } catch {
        throw new CommandError({
          code: 'invalid_input',
          message: `The profile's redirect URI ${JSON.stringify(profile.redirectUri)} is not a URL.`,
        });
      }
      // The person's flow takes precedence over one an otp at the public directory URL started.
      if (inFlight())
        await fail(flow!, 'Replaced by a connection started in TP Inspector.', 'cancelled');
      const server = await listenForRedirect(profile, redirect, (url) => complete(url, 'callback'));
      const state = randomBytes(32).toString('base64url');
      const timeoutMs = deps.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
      const started = begin(profile, {
        status: 'waiting',
        scopes: otp ? [] : scopes,
        viaOtp: Boolean(otp),
        startedBy: 'person',
        state,
        grant: otp ? { otp } : { scope: scopes.join(' ') },
        server,
        timeoutMs,
        timeoutWords: `Nobody came back from the browser within ${Math.round(timeoutMs / 1000)} s.`,
      });
      if (openBrowser) {
        deps.openExternal(started.authorizeUrl).catch(() => {
          // The answer carries the URL (consentUrl) for the window to open; nothing else to do.
        });
      }
      return { ...started.view, consentUrl: started.authorizeUrl };
    },
    cancel() {
      if (!flow) return null;
      if (inFlight()) void fail(flow, 'Cancelled.', 'cancelled');
      return { ...flow.view };
    },
    async close() {
      if (flow && inFlight())
        await finish(flow, { status: 'cancelled', error: 'TP Inspector closed.' });
    },
  };
}

/** The otp of a grant cut to a preview, as the window may show it; scopes as they are. */
function shownGrant(grant: Record<string, string>): Record<string, string> {
  return grant.otp === undefined ? grant : { ...grant, otp: redactValue(grant.otp) };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
