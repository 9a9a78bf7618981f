// Plays the embedded sandbox's users through its simulator API (/_sandbox/, docs/sandbox.md), for
// the active profile when it is the sandbox. Each action is one HTTP call; its outcome is said in
// words, written to the journal as a `system` record (docs/journal.md, "Simulator actions") and
// announced with simulator.changed so the panel reloads the state.
import {
  CommandError,
  type commands,
  type CommandOutput,
  type SimRoom,
  type SimulatorState,
} from '../../../src-shared/contract';
import type { AppTokenService } from '../auth/app-token';
import type { UserTokenService } from '../auth/user-tokens';
import type { CoreEventEmitter } from '../events';
import type { Journal } from '../log/journal';
import type { Redactor } from '../log/redact';
import { SANDBOX_PROFILE_ID, type ProfileStore } from '../profiles/profile-store';
import { messageBody } from './message-body';
import { callSandbox, seg, type SimAnswer, type SimCall } from './sandbox-http';
import {
  RawAppAnswer,
  RawDeliveries,
  RawRoomEntry,
  RawState,
  RawUserAnswer,
  appView,
  deliveryView,
  roomView,
  stateView,
} from './state-view';
import { z } from 'zod';

export interface SimulatorDeps {
  profiles: ProfileStore;
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
  /** The tokens the engine holds, marked expired when the sandbox expires them. */
  appTokens: Pick<AppTokenService, 'markExpired'>;
  users: Pick<UserTokenService, 'markExpired'>;
}

type In<K extends SimCommand> = z.output<(typeof commands)[K]['input']>;
export type SimCommand =
  | 'simulator.createUser'
  | 'simulator.createRoom'
  | 'simulator.roomAction'
  | 'simulator.sendMessage'
  | 'simulator.otp'
  | 'simulator.disconnectUser'
  | 'simulator.expireTokens'
  | 'simulator.updateApp'
  | 'simulator.redeliver';

/**
 * What to do about a refusal, said after the sandbox's reason: one per action, so the advice fits
 * what was tried. A registration refusal names the field (`endpoint_url: must be ...`), said with
 * the form's label.
 */
type RefusalHint = string | ((description: string) => string);

const REGISTRATION_FIELDS: Record<string, string> = {
  scopes: 'Scopes',
  endpoint_url: 'Endpoint URL',
  management_url: 'Management URL',
  directory_url: 'Directory URL',
  signature_method: 'Signature method',
  token_lifetime: 'Token lifetime',
  rate_limit: 'Rate limit',
};

/** The sandbox's "endpoint_url: must be an http(s) URL ..." → "Fix the Endpoint URL field, ...". */
export function registrationHint(description: string): string {
  const field = /^([a-z_]+)[.:]/.exec(description)?.[1];
  const label = field ? REGISTRATION_FIELDS[field] : undefined;
  return label
    ? `Fix the ${label} field, then save again.`
    : 'Fix the field it names, then save again.';
}

export const REFUSAL_HINTS = {
  createUser: 'Check the name and surname, then try again.',
  createRoom: 'Check the subject and that the creator and occupants are sandbox users.',
  'room.invite': "Check the ids and the contact's capabilities (group_add), then try again.",
  'room.remove': 'Check the ids: the contact must be in the room, then try again.',
  'room.join': 'Check the room and user ids, then try again.',
  'room.leave': 'Check the room and user ids: the user must be in the room.',
  'room.update': 'Check the room, who changes it and the new subject or avatar URL.',
  sendMessage:
    "Check the ids, the message's fields and the contact's capabilities, then try again.",
  otp: 'Check the user id and that the registration has that URL, then try again.',
  disconnectUser: 'Check the user id: the user must be connected to the app.',
  expireTokens: 'Read the state again; if the sandbox stopped, restart TP Inspector.',
  updateApp: registrationHint,
  redeliver: 'Read the deliveries again: the id must be one of them.',
} satisfies Record<string, RefusalHint>;
type SimAction = keyof typeof REFUSAL_HINTS;

interface Target {
  profileId: string;
  baseUrl: string;
  clientId: string;
}

export function createSimulatorService(deps: SimulatorDeps) {
  /** Names seen in the last state, so outcomes read "Ana Souza", not "u7k2m9qa3bcd". */
  const names = new Map<string, string>();
  let platformDomain = 'platform.test';

  const target = (): Target => {
    const profile = deps.profiles.require();
    if (profile.kind !== 'sandbox' || profile.id !== SANDBOX_PROFILE_ID) {
      throw new CommandError({
        code: 'forbidden',
        message: `The simulator plays the embedded sandbox's users, and the active profile "${profile.name}" is not the sandbox. Switch to the sandbox profile to use it.`,
      });
    }
    return { profileId: profile.id, baseUrl: profile.baseUrl, clientId: profile.clientId };
  };
  const nameOf = (id: string) => names.get(id) ?? id;

  /** One action: the call, its journal record, the event; a refusal becomes a CommandError. */
  async function act<T>(
    t: Target,
    action: SimAction,
    call: SimCall,
    done: (json: unknown) => { outcome: string; value: T },
    attempted: string,
  ): Promise<T & { outcome: string; seq: number }> {
    const answer: SimAnswer = await callSandbox(t.baseUrl, call);
    const trace = `${call.method} ${call.path} → ${answer.status ?? 'no answer'}`;
    if (!answer.ok) {
      const why =
        answer.status === null
          ? `${answer.description}`
          : `the sandbox answered ${answer.status} ${answer.error}: ${answer.description}`;
      const message = `${attempted} failed: ${deps.redactor.text(why)}`;
      deps.journal.append({
        kind: 'system',
        profileId: t.profileId,
        summary: `Simulator: ${message}`,
        system: {
          level: answer.status === null ? 'error' : 'warn',
          message: `${message} (${trace})`,
        },
      });
      throw new CommandError({
        code: answer.status === null ? 'network_error' : 'http_error',
        message:
          answer.status === null ? message : `${message} ${hintFor(action, answer.description)}`,
      });
    }
    const { outcome, value } = done(answer.json);
    const record = deps.journal.append({
      kind: 'system',
      profileId: t.profileId,
      summary: `Simulator: ${outcome}`,
      system: { level: 'info', message: `${outcome} (${trace})` },
    });
    deps.events.emit('simulator.changed', { profileId: t.profileId, action });
    return { ...value, outcome, seq: record.seq };
  }

  const hintFor = (action: SimAction, description: string) => {
    const hint: RefusalHint = REFUSAL_HINTS[action];
    return typeof hint === 'string' ? hint : hint(deps.redactor.text(description));
  };

  const room = (json: unknown): SimRoom => {
    const r = roomView(RawRoomEntry.parse(json), platformDomain);
    names.set(r.id, `"${r.subject}"`);
    return r;
  };
  const who = (id: string) => nameOf(id);

  async function state(): Promise<SimulatorState> {
    const t = target();
    const answer = await callSandbox(t.baseUrl, { method: 'GET', path: '/_sandbox/state' });
    if (!answer.ok) {
      throw new CommandError({
        code: answer.status === null ? 'network_error' : 'http_error',
        message: `The sandbox's state could not be read: ${answer.description}. Restart TP Inspector if the sandbox stopped.`,
      });
    }
    const view = stateView(RawState.parse(answer.json), t.clientId, {
      profileId: t.profileId,
      baseUrl: t.baseUrl,
    });
    platformDomain = view.platformDomain;
    for (const u of view.users) names.set(u.id, `${u.name} ${u.surname}`.trim());
    for (const r of view.rooms) names.set(r.id, `"${r.subject}"`);
    return view;
  }

  const handlers: { [K in SimCommand]: (t: Target, input: In<K>) => Promise<CommandOutput<K>> } = {
    'simulator.createUser': (t, input) =>
      act(
        t,
        'createUser',
        { method: 'POST', path: '/_sandbox/users', body: input },
        (json) => {
          const u = RawUserAnswer.parse(json);
          const full = `${u.name} ${u.surname}`.trim();
          names.set(u.id, full);
          return {
            outcome: `Created user ${full} (${u.id}).`,
            value: { user: { ...u, connected: false, scopes: [], received: [] } },
          };
        },
        `Creating user ${input.name}`,
      ),
    'simulator.createRoom': (t, input) =>
      act(
        t,
        'createRoom',
        {
          method: 'POST',
          path: '/_sandbox/rooms',
          body: {
            subject: input.subject,
            created_by: input.createdBy,
            occupants: input.occupants ?? [],
          },
        },
        (json) => {
          const r = room(json);
          return {
            outcome: `${who(input.createdBy)} created the room "${r.subject}" (${r.id}) with ${r.occupants.length} occupant(s).`,
            value: { room: r },
          };
        },
        `Creating the room "${input.subject}"`,
      ),
    'simulator.roomAction': (t, input) => {
      const path = `/_sandbox/rooms/${seg(input.room)}/${input.action}`;
      const roomName = nameOf(input.room);
      let body: Record<string, unknown>;
      let words: string;
      let attempt: string;
      switch (input.action) {
        case 'invite':
        case 'remove':
          body = { contact_id: input.contactId, by: input.by, client_id: t.clientId };
          words =
            input.action === 'invite'
              ? `${who(input.by)} invited contact ${input.contactId} to ${roomName}`
              : `${who(input.by)} removed contact ${input.contactId} from ${roomName}`;
          attempt = `${who(input.by)} ${input.action === 'invite' ? 'inviting' : 'removing'} contact ${input.contactId} ${input.action === 'invite' ? 'to' : 'from'} ${roomName}`;
          break;
        case 'join':
        case 'leave':
          body = { user_id: input.userId };
          words = `${who(input.userId)} ${input.action === 'join' ? 'joined' : 'left'} ${roomName}`;
          attempt = `${who(input.userId)} ${input.action === 'join' ? 'joining' : 'leaving'} ${roomName}`;
          break;
        case 'update':
          body = {
            by: input.by,
            ...(input.subject !== undefined ? { subject: input.subject } : {}),
            ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
          };
          words = `${who(input.by)} changed the ${[input.subject !== undefined ? 'subject' : '', input.avatar !== undefined ? 'avatar' : ''].filter(Boolean).join(' and ') || 'nothing'} of ${roomName}`;
          attempt = `${who(input.by)} changing ${roomName}`;
          break;
      }
      const event = {
        invite: 'group-invite to the contact, group-join to the others',
        remove: 'group-remove to the contact',
        join: 'group-join to the contacts in it',
        leave: 'group-leave to the contacts in it',
        update: 'group-update to the contacts in it',
      }[input.action];
      return act(
        t,
        `room.${input.action}` as const,
        { method: 'POST', path, body },
        (json) => ({
          outcome: `${words}; the sandbox delivers ${event}.`,
          value: { room: room(json) },
        }),
        attempt,
      );
    },
    'simulator.sendMessage': async (t, input) => {
      const body = await messageBody(input);
      const to =
        'contactId' in input.to ? `contact ${input.to.contactId}` : `room ${nameOf(input.to.room)}`;
      return act(
        t,
        'sendMessage',
        { method: 'POST', path: `/_sandbox/users/${seg(input.userId)}/messages`, body },
        (json) => {
          const id = z.object({ id: z.string() }).catch({ id: '' }).parse(json).id;
          return {
            outcome: `${who(input.userId)} sent a ${input.msgType} message (${id}) to ${to}.`,
            value: { messageId: id },
          };
        },
        `${who(input.userId)} sending a ${input.msgType} message to ${to}`,
      );
    },
    'simulator.otp': (t, input) =>
      act(
        t,
        'otp',
        {
          method: 'POST',
          path: `/_sandbox/users/${seg(input.userId)}/otp`,
          body: {
            client_id: t.clientId,
            target: input.target,
            ...(input.fromapp !== undefined ? { fromapp: input.fromapp } : {}),
          },
        },
        (json) => {
          const a = z
            .object({
              otp: z.string(),
              url: z.string(),
              status: z.number().nullable(),
              error: z.string().optional(),
            })
            .parse(json);
          // A one-time password is a credential until it is used: never shown or kept in clear.
          deps.redactor.addSecret(a.otp);
          const url = deps.redactor.text(a.url);
          const opened =
            a.status === null
              ? `the request failed (${deps.redactor.text(a.error ?? 'no answer')})`
              : `it answered ${a.status}`;
          return {
            outcome: `The platform client opened the ${input.target} URL for ${who(input.userId)} with a new otp: ${url}; ${opened}.`,
            value: { url, status: a.status },
          };
        },
        `Opening the ${input.target} URL for ${who(input.userId)}`,
      ),
    'simulator.disconnectUser': (t, input) =>
      act(
        t,
        'disconnectUser',
        {
          method: 'POST',
          path: `/_sandbox/users/${seg(input.userId)}/disconnect`,
          body: { client_id: t.clientId },
        },
        (json) => {
          const n = z
            .object({ revoked_tokens: z.number() })
            .catch({ revoked_tokens: 0 })
            .parse(json).revoked_tokens;
          return {
            outcome: `${who(input.userId)} disconnected from the app: ${n} token(s) revoked.`,
            value: { revokedTokens: n },
          };
        },
        `Disconnecting ${who(input.userId)}`,
      ),
    'simulator.expireTokens': (t) =>
      act(
        t,
        'expireTokens',
        { method: 'POST', path: '/_sandbox/tokens/expire', body: { client_id: t.clientId } },
        (json) => {
          const n = z.object({ expired: z.number() }).catch({ expired: 0 }).parse(json).expired;
          // The sandbox confirmed: the tokens the engine holds for this profile are expired too,
          // so the header and the Users tab say so now (auth.changed, auth.usersChanged), and the
          // next call renews them instead of being refused with a 401 first.
          const app = deps.appTokens.markExpired(t.profileId);
          const users = deps.users.markExpired(t.profileId);
          const held = [app ? 'its app token' : '', users ? `${users} user token(s)` : '']
            .filter(Boolean)
            .join(' and ');
          return {
            outcome: `Expired every access token of the app now: ${n} token(s). Refresh tokens stay valid.${held ? ` TP Inspector marked ${held} expired; the next call renews them.` : ''}`,
            value: { expired: n },
          };
        },
        'Expiring the tokens',
      ),
    'simulator.updateApp': (t, { changes }) => {
      const body: Record<string, unknown> = {};
      if (changes.scopes !== undefined) body.scopes = changes.scopes;
      if (changes.endpointUrl !== undefined) body.endpoint_url = changes.endpointUrl;
      if (changes.managementUrl !== undefined) body.management_url = changes.managementUrl;
      if (changes.directoryUrl !== undefined) body.directory_url = changes.directoryUrl;
      if (changes.signatureMethod !== undefined) body.signature_method = changes.signatureMethod;
      if (changes.tokenLifetime !== undefined) body.token_lifetime = changes.tokenLifetime;
      if (changes.rateLimit !== undefined)
        body.rate_limit = { count: changes.rateLimit.count, window_s: changes.rateLimit.windowS };
      return act(
        t,
        'updateApp',
        { method: 'PATCH', path: `/_sandbox/apps/${seg(t.clientId)}`, body },
        (json) => {
          const app = appView(RawAppAnswer.parse(json));
          // The sandbox profile follows its registration (the receiver routes by these URLs).
          deps.profiles.syncSandbox({
            endpointUrl: app.endpointUrl,
            managementUrl: app.managementUrl,
            directoryUrl: app.directoryUrl,
            scopes: app.scopes,
          });
          return {
            outcome: `Changed the app registration: ${Object.keys(body).join(', ') || 'nothing'}.`,
            value: { app },
          };
        },
        'Changing the app registration',
      );
    },
    'simulator.redeliver': (t, { id }) =>
      act(
        t,
        'redeliver',
        { method: 'POST', path: `/_sandbox/deliveries/${seg(id)}/redeliver` },
        (json) => {
          const parsed = RawDeliveries.shape.deliveries.element.parse(json);
          return {
            outcome: `The sandbox sent delivery ${id} (${parsed.type}) again.`,
            value: { delivery: deliveryView(parsed) },
          };
        },
        `Redelivering ${id}`,
      ),
  };

  return {
    state,
    run<K extends SimCommand>(name: K, input: In<K>): Promise<CommandOutput<K>> {
      const t = target();
      return (handlers[name] as (t: Target, i: In<K>) => Promise<CommandOutput<K>>)(t, input);
    },
    async deliveries(limit: number): Promise<CommandOutput<'simulator.deliveries'>> {
      const t = target();
      const answer = await callSandbox(t.baseUrl, {
        method: 'GET',
        path: `/_sandbox/deliveries?client_id=${seg(t.clientId)}`,
      });
      if (!answer.ok) {
        throw new CommandError({
          code: answer.status === null ? 'network_error' : 'http_error',
          message: `The sandbox's deliveries could not be read: ${answer.description}.`,
        });
      }
      const all = RawDeliveries.parse(answer.json).deliveries;
      return { deliveries: all.slice(0, limit).map(deliveryView), total: all.length };
    },
  };
}
export type Simulator = ReturnType<typeof createSimulatorService>;
