// The loopback server of a connect flow (RFC 8252): it listens on 127.0.0.1 at the redirect URI's
// port, hands a GET of the redirect path to the flow, and shows the browser what came of it. Any
// other path is a 404; the flow decides what a return means (connect-flow.ts checks its state).
import { errorText } from '../../../src-shared/contract/errors';
import { createServer, type Server } from 'node:http';
import { CommandError, type ConnectedUser } from '../../../src-shared/contract';
import { parseRequestTarget } from '../../../src-shared/rules/request-target';
import { isLoopbackHost } from '../api';
import type { Profile } from '../profiles';
import { sendResultPage } from './result-page';

/**
 * Listens for the browser's return at a loopback redirect URI, or answers null for any other one
 * (the person then pastes the URL the browser landed on).
 */
export async function listenForRedirect(
  profile: Profile,
  redirect: URL,
  onReturn: (fullUrl: string) => Promise<ConnectedUser>,
): Promise<Server | null> {
  if (redirect.protocol !== 'http:' || !isLoopbackHost(redirect.hostname)) return null;
  const port = Number(redirect.port || 80);
  const server = createServer((req, res) => {
    // Any page the person has open can make the browser request this port (an <img> of `//`):
    // neither the target nor the Host header may throw here, or the process ends.
    const target = parseRequestTarget(req.url);
    if (!target.ok) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(target.problem);
      return;
    }
    const { url } = target;
    if (req.method !== 'GET' || url.pathname !== redirect.pathname) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not the redirect path.');
      return;
    }
    onReturn(`${redirect.origin}${url.pathname}${url.search}`).then(
      (user) =>
        sendResultPage(
          res,
          200,
          'Connected',
          `${user.displayName ?? user.userId} is connected to ${profile.name}. You can close this tab and go back to TP Inspector.`,
          { closeConnection: true },
        ),
      (err: unknown) =>
        sendResultPage(
          res,
          400,
          'Not connected',
          `${errorText(err)} Go back to TP Inspector for details.`,
          { closeConnection: true },
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
