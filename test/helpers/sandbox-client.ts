// Plays the platform's users through the sandbox's simulator API (docs/sandbox.md), for tests.
import { createServer } from 'node:net';
import type { RunningSandbox } from '../../src-main/sandbox/index';

export async function simulator<T = Record<string, unknown>>(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function createUser(sandbox: RunningSandbox, name: string, surname: string) {
  return simulator<{ id: string; name: string; surname: string }>(
    sandbox,
    'POST',
    '/_sandbox/users',
    {
      name,
      surname,
      msisdn: '+4915112345678',
    },
  );
}

/** The person's answer on the consent page, for the authorize URL the app opened. */
export async function answerConsent(
  sandbox: RunningSandbox,
  authorizeUrl: string,
  userId: string,
  decision: 'approve' | 'deny',
): Promise<string> {
  const q = new URL(authorizeUrl).searchParams;
  const { redirect } = await simulator<{ redirect: string }>(
    sandbox,
    'POST',
    '/_sandbox/authorize',
    {
      client_id: q.get('client_id'),
      redirect_uri: q.get('redirect_uri'),
      state: q.get('state'),
      user_id: userId,
      ...(q.get('otp') ? { otp: q.get('otp') } : { scope: q.get('scope') }),
      decision,
    },
  );
  return redirect;
}
