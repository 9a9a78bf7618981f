// Simulator calls about apps, tokens, the consent answer, deliveries and the whole state.
import { z } from 'zod';
import { AppConfigSchema } from '../config';
import { contactJson } from '../contacts';
import { ApiError } from '../http/reply';
import { checkAuthorize, decide } from '../oauth/authorize';
import { expireAll } from '../oauth/tokens';
import { roomEntry } from '../rooms';
import type {
  AppAnswer,
  DeliveriesAnswer,
  DeliveryAnswer,
  ExpireAnswer,
  Sent,
  StateAnswer,
} from '../../../src-shared/sandbox-api/simulator-answers';
import { clockAnswer } from './clock';
import { getUser, parseBody, pickApp, type SimHandler } from './common';

const AuthorizeBody = z.object({
  client_id: z.string(),
  redirect_uri: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  state: z.string(),
  user_id: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  scope: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  otp: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  response_type: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  decision: z.enum(['approve', 'deny']),
});

export const postAuthorize: SimHandler = ({ ctx, body }) => {
  const { store } = ctx;
  const input = parseBody(AuthorizeBody, body);
  const base = { ...input, response_type: input.response_type ?? 'code' };
  // A denial with an otp is still a denial: check the request as if the registered scopes were asked.
  const app = store.app(input.client_id);
  const asked =
    input.decision === 'deny' && input.otp !== undefined && app
      ? { ...base, otp: undefined, scope: input.scope ?? app.scopes.join(' ') }
      : base;
  const check = checkAuthorize(store, asked);
  if (check.kind === 'fatal') throw new ApiError('invalid_request', check.description);
  if (check.kind === 'redirect') return { redirect: check.url };
  if (input.decision === 'approve') {
    if (input.user_id === undefined) throw new ApiError('invalid_request', 'user_id is missing.');
    getUser(store, input.user_id);
  }
  return { redirect: decide(store, check, input.user_id ?? '', input.decision === 'approve') };
};

const AppPatch = AppConfigSchema.omit({ client_id: true, client_secret: true }).strict();

export const patchApp: SimHandler<Sent<typeof AppAnswer>> = ({ ctx, args, body }) => {
  const app = pickApp(ctx.store, args[0]);
  const patch = parseBody(AppPatch, body);
  Object.assign(app, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
  if (patch.rate_limit) ctx.rateLimiter.reset(app.client_id);
  return app;
};

const AppOnly = z.object({ client_id: z.string().optional() });

export const postExpire: SimHandler<Sent<typeof ExpireAnswer>> = ({ ctx, body }) => {
  const app = pickApp(ctx.store, parseBody(AppOnly, body).client_id);
  return { client_id: app.client_id, expired: expireAll(ctx.store, app.client_id) };
};

export const getDeliveries: SimHandler<Sent<typeof DeliveriesAnswer>> = ({ ctx, query }) => {
  const clientId = query.get('client_id');
  const list = ctx.store.deliveries.filter((d) => clientId === null || d.client_id === clientId);
  return { deliveries: [...list].reverse() };
};

export const postRedeliver: SimHandler<Sent<typeof DeliveryAnswer>> = ({ ctx, args }) => {
  const delivery = ctx.store.deliveries.find((d) => d.id === args[0]);
  if (!delivery)
    throw new ApiError('not_found', `No delivery has id ${(args[0] ?? '').slice(0, 64)}.`);
  if (delivery.status === 'pending') {
    throw new ApiError(
      'invalid_request',
      `Delivery ${delivery.id} is still being attempted; wait for it to end.`,
    );
  }
  ctx.deliveries.redeliver(delivery);
  return delivery;
};

export const getState: SimHandler<Sent<typeof StateAnswer>> = ({ ctx }) => {
  const { store } = ctx;
  return {
    platform_domain: store.platformDomain,
    clock: clockAnswer(store.clock),
    settings: {
      max_file_bytes: ctx.maxFileBytes,
      otp_lifetime: ctx.otpLifetimeMs / 1000,
      delivery: {
        retry_delays_ms: ctx.deliverySettings.retryDelaysMs,
        timeout_ms: ctx.deliverySettings.timeoutMs,
      },
    },
    apps: store.apps,
    users: [...store.users.values()],
    connections: [...store.connections.values()],
    contacts: [...store.contacts.values()].map((c) => ({
      client_id: c.client_id,
      ...contactJson(c),
      owners: c.owners,
    })),
    rooms: [...store.rooms.values()].map((r) => ({
      ...roomEntry(store, r),
      created_by: r.created_by,
    })),
    messages: [...store.users.keys()].map((id) => ({
      user_id: id,
      received: store.messages.filter((m) => m.recipients.includes(id)).map((m) => m.message),
    })),
    app_messages: store.messages
      .filter((m) => m.direction === 'app_to_user')
      .map((m) => ({ message: m.message, recipients: m.recipients, no_push: m.no_push })),
    user_messages: store.messages
      .filter((m) => m.direction === 'user_to_app')
      .map((m) => m.message),
    deliveries: [...store.deliveries].reverse(),
  };
};

/** Saves now (besides on exit); only to the --state file, never to a path a caller names. */
export const postSave: SimHandler = async ({ ctx }) => {
  if (!ctx.state) {
    throw new ApiError(
      'invalid_request',
      'The sandbox was started without a state file (--state FILE).',
    );
  }
  await ctx.state.save();
  return { saved: ctx.state.file };
};
