// Saving the whole state to a JSON file and loading it back (--state FILE), so that a QA session
// can be resumed. The file is read back through zod: it is a trust boundary like any input.
import { open, readFile, rename, rm } from 'node:fs/promises';
import { z } from 'zod';
import { MAX_CLOCK_OFFSET_S } from '../../../src-shared/rules/clock-advance';
import { AppConfigSchema } from '../config';
import type { Store } from './store';

const str = z.string();
const strs = z.array(z.string());

// A file saved before repeat_refresh_token existed reads as the behaviour of then (repeated).
const AppSchema = AppConfigSchema.required().extend({
  repeat_refresh_token: z.boolean().default(true),
});
const UserSchema = z.object({
  id: str,
  name: str,
  surname: str,
  avatar_url: str,
  lang: str,
  msisdn: str,
});
const ContactSchema = z.object({
  client_id: str,
  contact_id: str,
  display_name: str,
  avatar_url: str,
  capabilities: strs,
  owners: strs,
});
const OccupantSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), user_id: str }),
  z.object({ kind: z.literal('contact'), client_id: str, contact_id: str, invited_by: str }),
]);
const RoomSchema = z.object({
  id: str,
  subject: str,
  avatar: str,
  created_by: str,
  occupants: z.array(OccupantSchema),
});
const AccessSchema = z.object({
  token: str,
  client_id: str,
  user_id: str.nullable(),
  scopes: strs,
  expires_at: z.number(),
  grant_id: str.nullable(),
});
const RefreshSchema = z.object({
  token: str,
  client_id: str,
  user_id: str,
  scopes: strs,
  grant_id: str,
});
const CodeSchema = z.object({
  code: str,
  client_id: str,
  redirect_uri: str,
  user_id: str,
  scopes: strs,
  expires_at: z.number(),
  used: z.boolean(),
});
const ConnectionSchema = z.object({ client_id: str, user_id: str, scopes: strs });
const OtpSchema = z.object({
  otp: str,
  client_id: str,
  user_id: str,
  expires_at: z.number(),
  used: z.boolean(),
});
const MessageSchema = z.object({
  client_id: str,
  direction: z.enum(['app_to_user', 'user_to_app']),
  message: z.record(z.string(), z.unknown()),
  recipients: strs,
  no_push: z.boolean(),
});
const MediaSchema = z.object({ id: str, mime_type: str, filename: str, base64: str });
const DeliverySchema = z.object({
  id: str,
  client_id: str,
  type: str,
  url: str,
  data: str,
  signature: str,
  signature_method: str,
  status: z.enum(['pending', 'delivered', 'failed', 'undelivered']),
  created_at: str,
  attempts: z.array(
    z.object({
      attempt: z.number(),
      at: str,
      status: z.number().nullable(),
      duration_ms: z.number(),
      response_body: str,
      error: str.optional(),
    }),
  ),
});

export const StateFileSchema = z.object({
  format: z.literal('tp-sandbox-state/1'),
  platform_domain: str,
  apps: z.array(AppSchema),
  users: z.array(UserSchema),
  contacts: z.array(ContactSchema),
  rooms: z.array(RoomSchema),
  access_tokens: z.array(AccessSchema),
  refresh_tokens: z.array(RefreshSchema),
  codes: z.array(CodeSchema),
  connections: z.array(ConnectionSchema),
  otps: z.array(OtpSchema),
  messages: z.array(MessageSchema),
  media: z.array(MediaSchema),
  deliveries: z.array(DeliverySchema),
  rsa_private_key_pem: str.nullable(),
  /** How far the sandbox's clock is ahead of real time; absent in files of before the clock. */
  clock_offset_ms: z
    .number()
    .nonnegative()
    .max(MAX_CLOCK_OFFSET_S * 1000)
    .optional(),
});
type StateFile = z.infer<typeof StateFileSchema>;

function snapshot(store: Store): StateFile {
  return {
    format: 'tp-sandbox-state/1',
    platform_domain: store.platformDomain,
    apps: store.apps,
    users: [...store.users.values()],
    contacts: [...store.contacts.values()],
    rooms: [...store.rooms.values()],
    access_tokens: [...store.accessTokens.values()],
    refresh_tokens: [...store.refreshTokens.values()],
    codes: [...store.codes.values()],
    connections: [...store.connections.values()],
    otps: [...store.otps.values()],
    messages: store.messages,
    media: [...store.media.values()].map((m) => ({
      ...m.record,
      base64: m.bytes.toString('base64'),
    })),
    // A pending delivery is not resumed: it is saved as failed so that it can be redelivered.
    deliveries: store.deliveries.map((d) =>
      d.status === 'pending' ? { ...d, status: 'failed' } : d,
    ),
    rsa_private_key_pem: store.rsaPrivateKeyPem,
    clock_offset_ms: store.clock.offsetMs,
  };
}

/**
 * Written aside, synced and renamed into place: a crash leaves the old file or the new one, never
 * half of one. 0600: it holds the sandbox's client secrets, tokens and signing key.
 */
export async function saveState(store: Store, file: string): Promise<void> {
  const tmp = `${file}.tmp`;
  const text = JSON.stringify(snapshot(store));
  // The mode given to open applies only to a new file: an older .tmp (a crash's, another mode)
  // is removed first, so the secrets are never written into a file others may read.
  await rm(tmp, { force: true });
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

/** Fills the store from the file; false when there is no file yet. Throws on a damaged file. */
export async function loadState(store: Store, file: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  const whatToDo = 'Move it aside (or delete it) to start the sandbox with a fresh state.';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(
      `${file} is not a sandbox state file: it is not JSON (${(err as Error).message}). ${whatToDo}`,
    );
  }
  const parsed = StateFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `${file} is not a sandbox state file: ${parsed.error.issues[0]?.message ?? 'invalid'}. ${whatToDo}`,
    );
  }
  const s = parsed.data;
  store.platformDomain = s.platform_domain;
  store.apps = s.apps;
  for (const u of s.users) store.users.set(u.id, u);
  for (const c of s.contacts) store.setContact(c);
  for (const r of s.rooms) store.rooms.set(r.id, r);
  for (const t of s.access_tokens) store.accessTokens.set(t.token, t);
  for (const t of s.refresh_tokens) store.refreshTokens.set(t.token, t);
  for (const c of s.codes) store.codes.set(c.code, c);
  for (const c of s.connections) store.setConnection(c);
  for (const o of s.otps) store.otps.set(o.otp, o);
  store.messages = s.messages;
  for (const m of s.media)
    store.media.set(m.id, { record: m, bytes: Buffer.from(m.base64, 'base64') });
  store.deliveries = s.deliveries;
  store.rsaPrivateKeyPem = s.rsa_private_key_pem;
  store.clock.restore(s.clock_offset_ms ?? 0);
  return true;
}
