// A QA session played through the engine's commands against the embedded sandbox, and what must
// still hold after the host restarts on the same data folder: the same user (same id, no
// duplicate), its tokens working without connecting again, the app token, the room and the
// contact. The commands go through `invoke`: the engine in-process, or a host's WebSocket.
import { expect } from 'vitest';
import type { ConnectedUser, JournalRecord } from '../../../src-shared/contract';
import { answerConsent, simulator, type SandboxAt } from '../../helpers/sandbox-client';
import { waitFor } from '../../helpers/wait-for';

export type Invoke = (command: string, input: unknown) => Promise<unknown>;

interface SandboxState {
  users: { id: string; name: string; surname: string }[];
  contacts: { contact_id: string; owners: string[] }[];
  rooms: { room: string; data: { subject: string } }[];
}

interface PlayedSession {
  userId: string;
  contactId: string;
  roomId: string;
  appTokenPreview: string;
  usersOnPlatform: number;
}

const sandboxState = (sandbox: SandboxAt) =>
  simulator<SandboxState>(sandbox, 'GET', '/_sandbox/state');

const listUsers = async (invoke: Invoke) =>
  ((await invoke('auth.users', {})) as { users: ConnectedUser[] }).users;

/** GET /tp/me.json as the user: the journaled exchange's status. */
export async function meAs(invoke: Invoke, userId: string): Promise<number | null> {
  const { record } = (await invoke('api.call', {
    method: 'GET',
    path: '/tp/me.json',
    actAs: { kind: 'user', userId },
  })) as { record: Extract<JournalRecord, { kind: 'api' }> };
  return record.api.status;
}

/** Connects the seeded Chloé Martin, adds a contact as her, makes a room, gets the app token. */
export async function playSession(invoke: Invoke, sandbox: SandboxAt): Promise<PlayedSession> {
  const before = await sandboxState(sandbox);
  const chloe = before.users.find((u) => u.name === 'Chloé' && u.surname === 'Martin');
  if (!chloe) throw new Error('the embedded sandbox seeded no Chloé Martin');
  const flow = (await invoke('auth.connectUser', { scopes: ['basic'], openBrowser: false })) as {
    consentUrl: string;
  };
  const page = await fetch(await answerConsent(sandbox, flow.consentUrl, chloe.id, 'approve'));
  expect(page.status, 'the redirect page after consent').toBe(200);
  await waitFor('Chloé Martin connected', async () =>
    (await listUsers(invoke)).find((u) => u.userId === chloe.id && u.status === 'connected'),
  );
  const contactId = 'order-1042';
  const added = (await invoke('api.call', {
    method: 'POST',
    path: '/tp/contact/add',
    params: { contact_id: contactId, display_name: 'Order #1042' },
    actAs: { kind: 'user', userId: chloe.id },
  })) as { record: Extract<JournalRecord, { kind: 'api' }> };
  expect(added.record.api.status, 'contact/add as Chloé').toBe(200);
  const room = await simulator<{ room: string }>(sandbox, 'POST', '/_sandbox/rooms', {
    subject: 'Restart party',
    created_by: chloe.id,
    occupants: [chloe.id],
  });
  const app = (await invoke('auth.getAppToken', {})) as { preview: string };
  return {
    userId: chloe.id,
    contactId,
    roomId: room.room,
    appTokenPreview: app.preview,
    usersOnPlatform: before.users.length,
  };
}

/** Everything the session made is there, and the user's tokens work without connecting again. */
export async function expectSessionKept(
  invoke: Invoke,
  sandbox: SandboxAt,
  played: PlayedSession,
): Promise<void> {
  const users = await listUsers(invoke);
  expect(users.map((u) => [u.userId, u.status, u.lastError])).toEqual([
    [played.userId, 'connected', null],
  ]);
  const state = await sandboxState(sandbox);
  expect(
    state.users.map((u) => u.id),
    'the same user ids on the platform',
  ).toContain(played.userId);
  expect(state.users.filter((u) => u.name === 'Chloé' && u.surname === 'Martin')).toHaveLength(1);
  expect(state.users).toHaveLength(played.usersOnPlatform);
  expect(state.rooms.find((r) => r.room === played.roomId)?.data.subject).toBe('Restart party');
  expect(
    state.contacts.find((c) => c.contact_id === played.contactId)?.owners,
    'the contact and its owner',
  ).toEqual([played.userId]);
  expect(await meAs(invoke, played.userId), '/tp/me.json as the user, not connected again').toBe(
    200,
  );
  const status = (await invoke('auth.status', {})) as { appToken: { preview: string } | null };
  expect(status.appToken?.preview, 'the app token kept, not fetched again').toBe(
    played.appTokenPreview,
  );
}
