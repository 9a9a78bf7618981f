// A sandbox user connected to the app and able to message it, through the simulator API only: an
// otp at the directory URL connects the user (no consent page), and the user's message to the
// app's supercontact (always interactive) triggers a signed delivery to the receiver.
import type { RunningHost } from './host';

async function simulator(running: RunningHost, path: string, body: unknown): Promise<Response> {
  return fetch(`${running.ready.sandbox}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function connectedSandboxUser(running: RunningHost, name: string) {
  const res = await simulator(running, '/users', {
    name,
    surname: 'Tester',
    msisdn: '+4915112345678',
  });
  if (res.status !== 200) throw new Error(`POST /_sandbox/users answered ${res.status}`);
  const user = (await res.json()) as { id: string };
  const otp = await simulator(running, `/users/${user.id}/otp`, { target: 'directory' });
  if (otp.status !== 200) throw new Error(`the directory otp answered ${otp.status}`);
  return user;
}

/**
 * The user writes `text` to the app's supercontact (acme-orders, the sandbox's app). Tried again
 * while the engine is still connecting the user (the platform answers 403 until then).
 */
export async function userSends(running: RunningHost, userId: string, text: string) {
  let last = '';
  for (let i = 0; i < 75; i++) {
    const res = await simulator(running, `/users/${userId}/messages`, {
      contact_id: 'acme-orders',
      msg_type: 'text',
      text,
    });
    if (res.status === 200) return (await res.json()) as { id: string };
    last = `${res.status} ${await res.text()}`;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the user's message was never accepted: ${last}`);
}
