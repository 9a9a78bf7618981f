// The sandbox's raw answers (GET /_sandbox/state and the action routes) turned into the contract's
// simulator shapes: camelCase, the app's client secret left out, each user's received messages
// joined with the push flag the app sent them with (app_messages), rooms' occupants split into
// users and contacts. The raw shapes, and their tolerant parsing, are shared with the sandbox
// (src-shared/sandbox-api/simulator-answers.ts).
import type {
  SimApp,
  SimClock,
  SimContact,
  SimDelivery,
  SimReceived,
  SimRoom,
  SimulatorState,
} from '../../../src-shared/contract';
import type {
  AppAnswer,
  ClockAnswer,
  DeliveryAnswer,
  Read,
  RoomAnswer,
  StateAnswer,
} from '../../../src-shared/sandbox-api/simulator-answers';

export function appView(a: Read<typeof AppAnswer>): SimApp {
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
    rotateRefreshTokens: a.rotate_refresh_tokens,
    repeatRefreshToken: a.repeat_refresh_token,
  };
}

export function roomView(entry: Read<typeof RoomAnswer>, platformDomain: string): SimRoom {
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

export function deliveryView(d: Read<typeof DeliveryAnswer>): SimDelivery {
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

/** A sandbox of before the clock answers none: its time is real time. */
export function clockView(raw: Read<typeof ClockAnswer> | undefined): SimClock {
  return raw
    ? { now: raw.now, offsetS: raw.offset_s }
    : { now: new Date().toISOString(), offsetS: 0 };
}

/** How many received messages each user shows (the newest). */
const RECEIVED_PER_USER = 50;

export function stateView(
  raw: Read<typeof StateAnswer>,
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
    clock: clockView(raw.clock),
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
