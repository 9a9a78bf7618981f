// Connecting a user the RFC 8252 way: a loopback HTTP server at the redirect URI's port and path,
// a random `state` checked on return (a mismatch fails closed), the authorize URL opened in the
// system browser, one flow at a time, a timeout, cancel, and a fallback where the person pastes
// the URL the browser landed on. The browser gets a page saying what happened.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { CommandError, type ConnectFlow, type ConnectedUser } from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../events';
import type { Journal } from '../log/journal';
import type { Redactor } from '../log/redact';
import type { Profile, ProfileStore } from '../profiles/profile-store';
import { isLoopbackHost } from '../api/transport-policy';
import { platformUrl } from '../api/platform-url';
import { requestToken } from './token-endpoint';
import type { UserTokenService } from './user-tokens';
import { resultPage } from './result-page';

export const DEFAULT_CONNECT_TIMEOUT_MS = 5 * 60_000;

export interface ConnectFlowService {
  start(request: {
    profileId?: string;
    scopes: string[];
    otp?: string;
    openBrowser: boolean;
  }): Promise<ConnectFlow>;
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
}

interface ActiveFlow {
  view: ConnectFlow;
  profile: Profile;
  state: string;
  server: Server | null;
  timer: NodeJS.Timeout;
  completing: Promise<ConnectedUser> | null;
}

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

  async function complete(redirectUrl: string): Promise<ConnectedUser> {
    const f = flow;
    if (!f || !inFlight()) {
      throw new CommandError({
        code: 'not_found',
        message: 'No connection is waiting for a redirect. Start "Connect a user" first.',
      });
    }
    if (f.completing) return f.completing;
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
    const q = url.searchParams;
    const returnedState = q.get('state') ?? '';
    if (!sameSecret(returnedState, f.state)) {
      const message =
        'The redirect carried a state that this connection did not send, so it was refused and nothing was exchanged (a stale tab, or a redirect not started here). Start the connection again.';
      await fail(f, message);
      throw new CommandError({ code: 'invalid_input', message });
    }
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
    f.completing = (async () => {
      setStatus(f, { status: 'exchanging' });
      const outcome = await requestToken(deps, f.profile, 'authorization_code', {
        code,
        redirect_uri: f.profile.redirectUri,
      });
      if (!outcome.ok) {
        await fail(f, outcome.message);
        throw new CommandError({ code: 'http_error', message: outcome.message });
      }
      try {
        const user = await deps.users.addFromGrant(f.profile, outcome.token);
        await finish(f, { status: 'connected', userId: user.userId, error: null });
        return user;
      } catch (err) {
        await fail(f, err instanceof Error ? err.message : String(err));
        throw err;
      }
    })();
    return f.completing;
  }

  async function listen(profile: Profile, redirect: URL): Promise<Server | null> {
    // Only a loopback redirect URI can be caught here; any other needs the paste fallback.
    if (redirect.protocol !== 'http:' || !isLoopbackHost(redirect.hostname)) return null;
    const port = Number(redirect.port || 80);
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      if (req.method !== 'GET' || url.pathname !== redirect.pathname) {
        res
          .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Not the redirect path.');
        return;
      }
      const full = `${redirect.origin}${url.pathname}${url.search}`;
      complete(full).then(
        (user) =>
          page(
            res,
            200,
            'Connected',
            `${user.displayName ?? user.userId} is connected to ${profile.name}. You can close this tab and go back to TP Inspector.`,
          ),
        (err: unknown) =>
          page(
            res,
            400,
            'Not connected',
            `${err instanceof Error ? err.message : String(err)} Go back to TP Inspector for details.`,
          ),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => {
        reject(
          err.code === 'EADDRINUSE' || err.code === 'EACCES'
            ? new CommandError({
                code: 'port_in_use',
                message: `Port ${port} of the redirect URI ${profile.redirectUri} is ${err.code === 'EACCES' ? 'not allowed for this user' : 'in use by another program'}. The platform requires the exact registered redirect URI, so free that port (or register another redirect URI for the app and put it in the profile), then try again.`,
              })
            : err,
        );
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return server;
  }

  return {
    current: () => (flow ? { ...flow.view } : null),
    complete,
    async start({ profileId, scopes, otp, openBrowser }) {
      if (inFlight()) {
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
      const server = await listen(profile, redirect);
      const state = randomBytes(32).toString('base64url');
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: profile.clientId,
        state,
        ...(otp ? { otp } : { scope: scopes.join(' ') }),
        redirect_uri: profile.redirectUri,
      });
      const timeoutMs = deps.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
      const startedAt = new Date();
      const view: ConnectFlow = {
        id: randomBytes(6).toString('hex'),
        profileId: profile.id,
        status: 'waiting',
        authorizeUrl: `${platformUrl(profile, '/tp/authorize')}?${query}`,
        redirectUri: profile.redirectUri,
        scopes: otp ? [] : scopes,
        viaOtp: Boolean(otp),
        startedAt: startedAt.toISOString(),
        expiresAt: new Date(startedAt.getTime() + timeoutMs).toISOString(),
        userId: null,
        error: null,
      };
      const active: ActiveFlow = {
        view,
        profile,
        state,
        server,
        completing: null,
        timer: setTimeout(() => {
          if (flow === active && inFlight() && !active.completing) {
            void fail(
              active,
              `Nobody came back from the browser within ${Math.round(timeoutMs / 1000)} s.`,
              'timed_out',
            );
          }
        }, timeoutMs),
      };
      active.timer.unref();
      flow = active;
      deps.events.emit('auth.flowChanged', { ...view });
      if (openBrowser) {
        deps.openExternal(view.authorizeUrl).catch(() => {
          // The UI shows the URL to copy; nothing else to do here.
        });
      }
      return { ...view };
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

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function page(
  res: import('node:http').ServerResponse,
  status: number,
  title: string,
  message: string,
) {
  const html = resultPage(title, message);
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  res.end(html);
}
