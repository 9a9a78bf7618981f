// The sandbox's raw answers (GET /_sandbox/state and the action routes) turned into the contract's
// simulator shapes: camelCase, the app's client secret left out, each user's received messages
// joined with the push flag the app sent them with (app_messages), rooms' occupants split into
// users and contacts. Parsed with zod: the sandbox is another server, its answers are checked.
import { z } from 'zod';
import type {
  SimApp,
  SimContact,
  SimDelivery,
  SimReceived,
  SimRoom,
  SimulatorState,
} from '../../../src-shared/contract';

const Str = z.string().catch('');
const RawApp = z.object({
  client_id: z.string(),
  name: Str,
  redirect_uri: Str,
  scopes: z.array(z.string()).catch([]),
  endpoint_url: Str,
  management_url: Str,
  directory_url: Str,
  signature_method: Str,
  token_lifetime: z.number().catch(0),
  rate_limit: z
    .object({ count: z.number(), window_s: z.number() })
    .catch({ count: 0, window_s: 0 }),
});
const RawUser = z.object({
  id: z.string(),
  name: Str,
  surname: Str,
  msisdn: Str,
  lang: Str,
});
const RawMessage = z
  .object({
    id: Str,
    type: Str,
    timestamp: Str,
    sender: Str,
    room: z.string().optional(),
    data: z.unknown(),
  })
  .passthrough();
export const RawRoomEntry = z.object({
  room: z.string(),
  data: z.object({
    subject: Str,
    avatar: Str,
    occupants: z.array(z.object({ id: z.string() })).catch([]),
  }),
  created_by: z.string().optional(),
});
const RawDelivery = z.object({
  id: z.string(),
  client_id: Str,
  type: Str,
  url: Str,
  data: Str,
  signature_method: Str,
  status: Str,
  created_at: Str,
  attempts: z
    .array(
      z.object({
        attempt: z.number(),
        at: Str,
        status: z.number().nullable(),
        duration_ms: z.number().catch(0),
        response_body: Str,
        error: z.string().optional(),
      }),
    )
    .catch([]),
});
export const RawState = z.object({
  platform_domain: z.string(),
  apps: z.array(RawApp),
  users: z.array(RawUser),
  connections: z
    .array(z.object({ client_id: z.string(), user_id: z.string(), scopes: z.array(z.string()) }))
    .catch([]),
  contacts: z
    .array(
      z.object({
        client_id: z.string(),
        contact_id: z.string(),
        display_name: Str,
        capabilities: Str,
        owners: z.array(z.string()),
      }),
    )
    .catch([]),
  rooms: z.array(RawRoomEntry).catch([]),
  app_messages: z
    .array(z.object({ message: RawMessage, recipients: z.array(z.string()), no_push: z.boolean() }))
    .catch([]),
});
export type RawState = z.infer<typeof RawState>;
export const RawDeliveries = z.object({ deliveries: z.array(RawDelivery) });
export const RawAppAnswer = RawApp;
export const RawUserAnswer = RawUser;

export function appView(a: z.infer<typeof RawApp>): SimApp {
  return {
    clientId: a.client_id,
    name: a.name,
    redirectUri: a.redirect_uri,
    scopes: a.scopes,
    endpointUrl: a.endpoint_url,
    managementUrl: a.management_url,
    directoryUrl: a.directory_url,
    signatureMethod: a.signature_method,
    tokenLifetime: a.token_lifetime,
    rateLimit: { count: a.rate_limit.count, windowS: a.rate_limit.window_s },
  };
}

export function roomView(entry: z.infer<typeof RawRoomEntry>, platformDomain: string): SimRoom {
  return {
    id: entry.room,
    subject: entry.data.subject,
    avatar: entry.data.avatar,
    createdBy: entry.created_by ?? '',
    occupants: entry.data.occupants.map(({ id: address }) => {
      const at = address.lastIndexOf('@');
      const local = at < 0 ? address : address.slice(0, at);
      const domain = at < 0 ? '' : address.slice(at + 1);
      // Users are <id>@<platform_domain>; contacts <contact_id>@<client_id>.apps.<domain>.
      return { address, kind: domain === platformDomain ? 'user' : 'contact', id: local };
    }),
  };
}

export function deliveryView(d: z.infer<typeof RawDelivery>): SimDelivery {
  return {
    id: d.id,
    type: d.type,
    url: d.url,
    status: d.status,
    createdAt: d.created_at,
    signatureMethod: d.signature_method,
    data: d.data,
    attempts: d.attempts.map((a) => ({
      attempt: a.attempt,
      at: a.at,
      status: a.status,
      durationMs: a.duration_ms,
      responseBody: a.response_body,
      ...(a.error !== undefined ? { error: a.error } : {}),
    })),
  };
}

/** How many received messages each user shows (the newest). */
const RECEIVED_PER_USER = 50;

export function stateView(
  raw: RawState,
  clientId: string,
  meta: { profileId: string; baseUrl: string },
): SimulatorState {
  const rawApp = raw.apps.find((a) => a.client_id === clientId) ?? raw.apps[0];
  if (!rawApp) throw new Error('The sandbox has no app registered.');
  const connections = new Map(
    raw.connections.filter((c) => c.client_id === rawApp.client_id).map((c) => [c.user_id, c]),
  );
  const received = new Map<string, SimReceived[]>();
  for (const m of raw.app_messages) {
    const item: SimReceived = {
      id: m.message.id,
      type: m.message.type,
      timestamp: m.message.timestamp,
      sender: m.message.sender,
      ...(m.message.room !== undefined ? { room: m.message.room } : {}),
      noPush: m.no_push,
      data: JSON.stringify(m.message.data ?? null),
    };
    for (const userId of m.recipients) {
      const list = received.get(userId) ?? [];
      list.push(item);
      received.set(userId, list);
    }
  }
  const contacts: SimContact[] = raw.contacts
    .filter((c) => c.client_id === rawApp.client_id)
    .map((c) => ({
      contactId: c.contact_id,
      displayName: c.display_name,
      capabilities: c.capabilities.split(' ').filter(Boolean),
      owners: c.owners,
    }));
  return {
    ...meta,
    platformDomain: raw.platform_domain,
    app: appView(rawApp),
    users: raw.users.map((u) => ({
      ...u,
      connected: connections.has(u.id),
      scopes: connections.get(u.id)?.scopes ?? [],
      received: (received.get(u.id) ?? []).slice(-RECEIVED_PER_USER).reverse(),
    })),
    contacts,
    rooms: raw.rooms.map((r) => roomView(r, raw.platform_domain)),
  };
}
