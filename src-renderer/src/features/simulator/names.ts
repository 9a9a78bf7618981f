// Labels for the simulator's pickers and lists: a user by name (and whether the app has them
// connected), a room by subject, a contact by display name, each with its id so two alike stay
// apart; a room's occupants by name where the sandbox knows them.
import type { SimContact, SimRoom, SimUser } from '../../../../src-shared/contract';
import { clockTime } from '../../format';

export const fullName = (u: SimUser) => `${u.name} ${u.surname}`.trim();
export const userLabel = (u: SimUser) => `${fullName(u)}${u.connected ? ' · connected' : ''}`;
export const roomLabel = (r: SimRoom) => `${r.subject} (${r.id})`;
export const contactLabel = (c: SimContact) =>
  `${c.displayName || c.contactId} (${c.contactId})${c.capabilities.length ? ` · ${c.capabilities.join(' ')}` : ''}`;

/** "Ana Souza", "contact order-1042" or the bare id of someone the sandbox no longer lists. */
export function occupantLabel(o: SimRoom['occupants'][number], users: readonly SimUser[]): string {
  if (o.kind === 'contact') return `contact ${o.id}`;
  const user = users.find((u) => u.id === o.id);
  return user ? fullName(user) : o.id;
}

/** A sandbox time (messages: ms since the epoch as text; deliveries: ISO) as HH:MM:SS. */
export function sandboxTime(stamp: string): string {
  if (!/^\d+$/.test(stamp)) return clockTime(stamp);
  const d = new Date(Number(stamp));
  return Number.isNaN(d.getTime()) ? stamp : clockTime(d.toISOString());
}
