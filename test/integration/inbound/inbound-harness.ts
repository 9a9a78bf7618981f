// A core wired to a sandbox whose deliveries retry in milliseconds, plus what the inbound tests
// need: a connected user, waiting for journal records, and posting raw requests at the receiver.
import { createHmac } from 'node:crypto';
import { request } from 'undici';
import type { DeliveryRecord, ForwardRecord, JournalRecord } from '../../../src-shared/contract';
import type { Core, CoreOptions } from '../../../src-main/core/index';
import type { SettingsStore } from '../../../src-main/core/host-interface';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import {
  answerConsent,
  carriesMessage,
  createUser,
  sandboxDeliveries,
  settledDelivery,
  simulator,
} from '../../helpers/sandbox-client';

export interface InboundFixture {
  core: Core;
  sandbox: RunningSandbox;
  dataDir: string;
  endpointUrl: string;
  clientId: string;
  clientSecret: string;
  records: JournalRecord[];
  /** Resolves with the first record (already appended or to come) that matches. */
  waitFor<T extends JournalRecord>(match: (r: JournalRecord) => r is T): Promise<T>;
  waitForCount(match: (r: JournalRecord) => boolean, n: number): Promise<JournalRecord[]>;
  close(): Promise<void>;
}

export const isDelivery = (r: JournalRecord): r is DeliveryRecord => r.kind === 'delivery';
export const isForward = (r: JournalRecord): r is ForwardRecord => r.kind === 'forward';
/** The receiver's captures of message `messageId` (one for each attempt the sandbox makes). */
export const isDeliveryOf =
  (messageId: string) =>
  (r: JournalRecord): r is DeliveryRecord =>
    isDelivery(r) && r.delivery.classification.messageId === messageId;

export async function startInboundFixture(
  options: CoreOptions = {},
  settings?: SettingsStore,
): Promise<InboundFixture> {
  const { core, sandbox, dataDir, close } = await startCoreWithSandbox({
    sandbox: { delivery: { retry_delays_ms: [5, 5, 5, 5], timeout_ms: 2000 } },
    core: { deliveries: { bodyTimeoutMs: 300 }, ...options },
    ...(settings ? { settings } : {}),
  });
  const records: JournalRecord[] = [];
  const waiters = new Set<() => void>();
  core.events.on('log.appended', (r) => {
    records.push(r);
    for (const w of [...waiters]) w();
  });
  const status = await core.invoke('inbound.status', {});
  const app = sandbox.apps[0]!;
  const waitForCount = (match: (r: JournalRecord) => boolean, n: number) =>
    new Promise<JournalRecord[]>((resolve) => {
      const check = () => {
        const found = records.filter(match);
        if (found.length >= n) {
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      check();
    });
  return {
    core,
    sandbox,
    dataDir,
    endpointUrl: status.suggested.endpointUrl,
    clientId: app.client_id,
    clientSecret: app.client_secret,
    records,
    waitFor: async <T extends JournalRecord>(match: (r: JournalRecord) => r is T) =>
      (await waitForCount(match, 1))[0] as T,
    waitForCount,
    close,
  };
}

export async function connectUser(f: InboundFixture, name = 'Ada') {
  const user = await createUser(f.sandbox, name, 'Lovelace');
  const flow = await f.core.invoke('auth.connectUser', { scopes: ['basic'] });
  await fetch(await answerConsent(f.sandbox, flow.consentUrl, user.id, 'approve'));
  // The user appears once the code is exchanged.
  for (let i = 0; i < 200; i++) {
    const { users } = await f.core.invoke('auth.users', {});
    if (users.some((u) => u.userId === user.id && u.status === 'connected')) return user;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the user did not connect');
}

/** The user writes to the app's supercontact (always interactive). */
export function userSends(f: InboundFixture, userId: string, text: string) {
  return simulator<{ id: string }>(f.sandbox, 'POST', `/_sandbox/users/${userId}/messages`, {
    contact_id: f.clientId,
    msg_type: 'text',
    text,
  });
}

/** The sandbox's delivery of message `messageId`, once it has its outcome (not 'pending'). */
export function sandboxDeliveryOf(f: InboundFixture, messageId: string) {
  return settledDelivery(
    () => sandboxDeliveries(f.sandbox),
    carriesMessage(messageId),
    `the sandbox's delivery of message ${messageId}`,
  );
}

export const hmac = (alg: 'sha1' | 'sha256', key: string, data: string) =>
  createHmac(alg, key).update(data, 'utf8').digest('hex');

/** A delivery's form fields, signed HMAC-SHA256 with the app's client secret as the sandbox does. */
export function signedFields(f: InboundFixture, data: string): Record<string, string> {
  return { data, signature: hmac('sha256', f.clientSecret, data), signature_method: 'HMAC-SHA256' };
}

/** A text message's data JSON as the sandbox would send it. */
export function messageData(id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id,
    type: 'text',
    timestamp: String(Date.now()),
    sender: 'u1@platform.test',
    owner: 'u1@platform.test',
    recipient: 'acme-orders@acme-orders.apps.platform.test',
    data: { body: 'hello' },
    ...extra,
  });
}

export async function post(
  url: string,
  body: string | Buffer,
  contentType = 'application/x-www-form-urlencoded',
) {
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  return { status: res.statusCode, text: await res.body.text() };
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
