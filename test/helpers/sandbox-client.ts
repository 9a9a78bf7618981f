// Plays the platform's users through the sandbox's simulator API (docs/sandbox.md), for tests.
import { createServer } from 'node:net';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import type { DeliveryRecord } from '../../src-main/sandbox/state/records';
import { waitFor } from './wait-for';

/** Where a sandbox answers: a RunningSandbox, or `{ baseUrl }` for one a host started. */
export type SandboxAt = Pick<RunningSandbox, 'baseUrl'>;

export async function simulator<T = Record<string, unknown>>(
  sandbox: SandboxAt,
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
  sandbox: SandboxAt,
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

/** A delivery as GET /_sandbox/deliveries lists it (docs/sandbox.md): the sandbox's own record. */
export type SandboxDelivery = DeliveryRecord;

/** Whether a delivery carries message `messageId` (its data's id). */
export const carriesMessage = (messageId: string) => (d: { data: string }) =>
  (JSON.parse(d.data) as { id?: unknown }).id === messageId;

/**
 * The delivery `pick` finds in `list` (the sandbox's deliveries), once it is no longer 'pending':
 * delivered, failed or undelivered. The sandbox records an attempt and sets the status only when
 * the endpoint's answer is back, and a receiver has the delivery before it answers, so a test that
 * saw the delivery arrive must still wait for its outcome at the sandbox.
 */
export function settledDelivery<D extends { status: string }>(
  list: () => Promise<D[]>,
  pick: (d: D) => boolean,
  what = 'the delivery',
): Promise<D> {
  return waitFor(`${what} to be no longer pending at the sandbox`, async () => {
    const found = (await list()).find(pick);
    return found && found.status !== 'pending' ? found : undefined;
  });
}

/** The sandbox's deliveries, through its simulator API. */
export async function sandboxDeliveries(sandbox: RunningSandbox): Promise<SandboxDelivery[]> {
  return (
    await simulator<{ deliveries: SandboxDelivery[] }>(sandbox, 'GET', '/_sandbox/deliveries')
  ).deliveries;
}
