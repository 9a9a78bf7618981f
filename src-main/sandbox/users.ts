// Platform users: created by the seed, the consent page and POST /_sandbox/users. Each gets an
// avatar the sandbox serves itself (an SVG of the initials), so nothing needs the network.
import { z } from 'zod';
import { newUserId } from './ids';
import type { UserRecord } from './state/records';
import type { Store } from './state/store';

/**
 * A new user's fields as the --config seed and POST /_sandbox/users both take them; each adds its
 * own rule for avatar_url (and the seed an id).
 */
export const NewUserFields = z.object({
  name: z.string().min(1).max(128),
  surname: z.string().max(128),
  msisdn: z
    .string()
    .regex(/^\+?[0-9]{3,19}$/)
    .optional(),
  lang: z.string().min(2).max(16).optional(),
});

interface NewUser {
  id?: string | undefined;
  name: string;
  surname: string;
  msisdn?: string | undefined;
  lang?: string | undefined;
  avatar_url?: string | undefined;
}

function randomMsisdn(): string {
  let digits = '';
  for (let i = 0; i < 8; i++) digits += Math.floor(Math.random() * 10).toString();
  return `+4475${digits}`;
}

export function createUser(store: Store, baseUrl: string, input: NewUser): UserRecord {
  const id = input.id ?? newUserId();
  const user: UserRecord = {
    id,
    name: input.name,
    surname: input.surname,
    msisdn: input.msisdn ?? randomMsisdn(),
    lang: input.lang ?? 'en',
    avatar_url: input.avatar_url ?? `${baseUrl}/_sandbox/avatars/${id}.svg`,
  };
  store.users.set(id, user);
  return user;
}

const COLOURS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#14b8a6'];

export function avatarSvg(user: { name: string; surname: string } | undefined, id: string): string {
  const initials = user ? `${[...user.name][0] ?? ''}${[...user.surname][0] ?? ''}` : '?';
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const colour = COLOURS[hash % COLOURS.length];
  const text = initials.replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="${colour}"/><text x="64" y="78" font-family="sans-serif" font-size="48" fill="#fff" text-anchor="middle">${text}</text></svg>`;
}
