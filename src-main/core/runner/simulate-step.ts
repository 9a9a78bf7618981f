// A `simulate` step: a platform user's action on the embedded sandbox, through the simulator's
// commands (sandbox profile only). Captures: `id` (the user a create-user made, the room a
// create-room made, the message a send-message sent), also as user_id, room_id and message_id;
// `seq` (the simulator's journal record); `status` for an otp (what the app's URL answered).
// update-app changes the sandbox app's registration (signature method, rate limit, refresh tokens...).
import type { SimulateStep } from '../../../src-shared/collections/format';
import type { StepContext, StepOutcome } from './step-context';

type Done = { seq: number; values: Record<string, string> };

/** The fields an action cannot do without, in words when one is missing. */
function need(step: SimulateStep, fields: (keyof SimulateStep)[]): string | null {
  const missing = fields.filter((f) => step[f] === undefined || step[f] === '');
  if (missing.length === 0) return null;
  return `simulate ${step.action} needs ${missing.map((f) => `\`${f}\``).join(' and ')}: add ${missing.length === 1 ? 'it' : 'them'} to the step (a user id, a room id, or a variable a step captured).`;
}

const REQUIRED: Record<SimulateStep['action'], (keyof SimulateStep)[]> = {
  'create-user': [],
  'send-message': ['user'],
  invite: ['room', 'contact', 'user'],
  remove: ['room', 'contact', 'user'],
  join: ['room', 'user'],
  leave: ['room', 'user'],
  'update-room': ['room', 'user'],
  'create-room': ['user'],
  otp: ['user'],
  'expire-tokens': [],
  disconnect: ['user'],
  'update-app': ['app'],
};

async function act(ctx: StepContext, s: SimulateStep): Promise<Done> {
  const user = s.user ?? '';
  // The run's profile, not the one the window shows.
  const profileId = ctx.profile.id;
  switch (s.action) {
    case 'create-user': {
      const out = await ctx.invoke('simulator.createUser', {
        profileId,
        name: s.name ?? 'Scenario',
        surname: s.surname ?? 'User',
      });
      return { seq: out.seq, values: { id: out.user.id, user_id: out.user.id } };
    }
    case 'send-message': {
      if (s.contact === undefined && s.room === undefined)
        throw new Error(
          'simulate send-message needs `contact` or `room`: where the user sends it.',
        );
      const out = await ctx.invoke('simulator.sendMessage', {
        profileId,
        userId: user,
        to: s.room !== undefined ? { room: s.room } : { contactId: s.contact ?? '' },
        msgType: s.msg_type ?? 'text',
        params: s.params ?? {},
      });
      return { seq: out.seq, values: { id: out.messageId, message_id: out.messageId } };
    }
    case 'invite':
    case 'remove': {
      const out = await ctx.invoke('simulator.roomAction', {
        profileId,
        action: s.action,
        room: s.room ?? '',
        contactId: s.contact ?? '',
        by: user,
      });
      return { seq: out.seq, values: { id: out.room.id, room_id: out.room.id } };
    }
    case 'join':
    case 'leave': {
      const out = await ctx.invoke('simulator.roomAction', {
        profileId,
        action: s.action,
        room: s.room ?? '',
        userId: user,
      });
      return { seq: out.seq, values: { id: out.room.id, room_id: out.room.id } };
    }
    case 'update-room': {
      const avatar = s.params?.avatar;
      const out = await ctx.invoke('simulator.roomAction', {
        profileId,
        action: 'update',
        room: s.room ?? '',
        by: user,
        ...(s.subject ? { subject: s.subject } : {}),
        ...(avatar ? { avatar } : {}),
      });
      return { seq: out.seq, values: { id: out.room.id, room_id: out.room.id } };
    }
    case 'create-room': {
      const out = await ctx.invoke('simulator.createRoom', {
        profileId,
        subject: s.subject ?? s.name ?? 'Scenario room',
        createdBy: user,
        occupants: s.occupants ?? [],
      });
      return { seq: out.seq, values: { id: out.room.id, room_id: out.room.id } };
    }
    case 'otp': {
      const out = await ctx.invoke('simulator.otp', {
        profileId,
        userId: user,
        target: s.target ?? 'management',
      });
      return { seq: out.seq, values: out.status === null ? {} : { status: String(out.status) } };
    }
    case 'expire-tokens': {
      const out = await ctx.invoke('simulator.expireTokens', { profileId });
      return { seq: out.seq, values: { expired: String(out.expired) } };
    }
    case 'disconnect': {
      const out = await ctx.invoke('simulator.revokeOnPlatform', {
        profileId,
        userId: user,
      });
      return { seq: out.seq, values: {} };
    }
    case 'update-app': {
      const app = s.app ?? {};
      const out = await ctx.invoke('simulator.updateApp', {
        profileId,
        changes: {
          ...(app.signature_method ? { signatureMethod: app.signature_method } : {}),
          ...(app.rate_limit
            ? { rateLimit: { count: app.rate_limit.count, windowS: app.rate_limit.window_s } }
            : {}),
          ...(app.token_lifetime ? { tokenLifetime: app.token_lifetime } : {}),
          ...(app.scopes ? { scopes: app.scopes } : {}),
          ...(app.rotate_refresh_tokens !== undefined
            ? { rotateRefreshTokens: app.rotate_refresh_tokens }
            : {}),
          ...(app.repeat_refresh_token !== undefined
            ? { repeatRefreshToken: app.repeat_refresh_token }
            : {}),
        },
      });
      return { seq: out.seq, values: {} };
    }
  }
}

export async function runSimulateStep(ctx: StepContext, step: SimulateStep): Promise<StepOutcome> {
  const refuse = (failure: string): StepOutcome => ({
    checks: [],
    records: [],
    source: { values: {} },
    failure,
  });
  if (!ctx.sandbox)
    return refuse(
      `simulate steps play the embedded sandbox's users, and the profile "${ctx.profile.name}" is not the sandbox. Run this scenario against the sandbox profile, or leave the step out.`,
    );
  const missing = need(step, REQUIRED[step.action]);
  if (missing) return refuse(missing);
  const done = await act(ctx, step);
  return {
    checks: [],
    records: [done.seq],
    source: { values: { seq: String(done.seq), ...done.values } },
  };
}
