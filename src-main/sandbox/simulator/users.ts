// Users played by the simulator: create, send a message to a contact or into a room (delivered to
// the app), get an otp opened on the app's URL, disconnect.
import { z } from 'zod';
import {
  MESSAGE_PARAMS,
  endpointById,
  validateParams,
  type MsgType,
} from '../../../src-shared/spec';
import { findContact } from '../contacts';
import { ApiError } from '../http/reply';
import { newMessageId, newSecret } from '../ids';
import { messageData, precheckMessage } from '../message-data';
import { disconnect as revokeUser } from '../oauth/tokens';
import { hasUser } from '../rooms';
import { NewUserFields, createUser } from '../users';
import { vcardProblem } from '../../../src-shared/spec/vcard-check';
import type {
  DisconnectAnswer,
  MessageSentAnswer,
  OtpAnswer,
  Sent,
  UserAnswer,
} from '../../../src-shared/sandbox-api/simulator-answers';
import { getRoom, getUser, parseBody, pickApp, type SimHandler } from './common';

const NewUserBody = NewUserFields.extend({
  avatar_url: z
    .string()
    .regex(/^https?:\/\/\S+$/)
    .max(2048)
    .optional(),
});

export const postUser: SimHandler<Sent<typeof UserAnswer>> = ({ ctx, body }) =>
  createUser(ctx.store, ctx.baseUrl, parseBody(NewUserBody, body));

const SEND_PARAMS = [
  endpointById('message.send').params.find((p) => p.name === 'msg_type'),
  ...MESSAGE_PARAMS,
].filter((p) => p !== undefined);

const FilePart = z.object({
  filename: z.string().min(1).max(255),
  mime_type: z.string().min(1).max(255),
  base64: z.string(),
});

const MessageBody = z
  .object({
    contact_id: z.string().optional(),
    room: z.string().optional(),
    client_id: z.string().optional(),
    file: FilePart.optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean()]));

export const postMessage: SimHandler<Sent<typeof MessageSentAnswer>> = ({ ctx, args, body }) => {
  const { store } = ctx;
  const user = getUser(store, args[0] ?? '');
  const input = parseBody(MessageBody, body);
  if ((input.contact_id === undefined) === (input.room === undefined)) {
    throw new ApiError('invalid_request', 'Give exactly one of contact_id and room.');
  }
  const fields = new Map<string, string[]>();
  for (const [k, v] of Object.entries(input)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      fields.set(k, [String(v)]);
  }
  const checked = validateParams(
    { params: SEND_PARAMS },
    { fields, files: new Set(input.file ? ['file'] : []) },
    { vcard: vcardProblem },
  );
  if (!checked.ok) throw new ApiError(checked.error, checked.description);
  const msgType = checked.params.str('msg_type') as MsgType;
  const file = input.file && {
    filename: input.file.filename,
    mime_type: input.file.mime_type.toLowerCase(),
    bytes: Buffer.from(input.file.base64, 'base64'),
  };
  if (file && file.bytes.length > ctx.maxFileBytes) {
    throw new ApiError(
      'payload_too_large',
      `The file is over the limit of ${ctx.maxFileBytes} bytes.`,
    );
  }
  precheckMessage(msgType, file);
  const base = {
    id: newMessageId(),
    type: msgType,
    timestamp: ctx.store.clock.now().toString(),
    sender: store.userAddress(user.id),
  };
  if (input.contact_id !== undefined) {
    const app = pickApp(store, input.client_id);
    const contact = findContact(store, app, input.contact_id);
    if (!contact)
      throw new ApiError('not_found', `contact_id ${input.contact_id.slice(0, 64)} is unknown.`);
    if (!contact.owners.includes(user.id)) {
      throw new ApiError(
        'not_authorized',
        `User ${user.id} does not own contact ${contact.contact_id}.`,
      );
    }
    const message = {
      ...base,
      owner: store.userAddress(user.id),
      recipient: store.contactAddress(app.client_id, contact.contact_id),
      data: messageData(ctx, msgType, checked.params, file),
    };
    store.messages.push({
      client_id: app.client_id,
      direction: 'user_to_app',
      message,
      recipients: [],
      no_push: false,
    });
    if (contact.capabilities.includes('interactive')) ctx.deliveries.enqueue(app, message);
    return message;
  }
  const room = getRoom(store, input.room ?? '');
  if (!hasUser(room, user.id))
    throw new ApiError('not_authorized', `User ${user.id} is not in room ${room.id}.`);
  const data = messageData(ctx, msgType, checked.params, file);
  const message = {
    ...base,
    owner: store.userAddress(user.id),
    recipient: `${room.id}@${store.platformDomain}`,
    room: room.id,
    data,
  };
  for (const o of room.occupants) {
    if (o.kind !== 'contact') continue;
    const app = store.app(o.client_id);
    const contact = app && findContact(store, app, o.contact_id);
    if (!app || !contact) continue;
    const toContact = {
      ...message,
      owner: store.userAddress(o.invited_by),
      recipient: store.contactAddress(o.client_id, o.contact_id),
    };
    store.messages.push({
      client_id: app.client_id,
      direction: 'user_to_app',
      message: toContact,
      recipients: [],
      no_push: false,
    });
    if (contact.capabilities.includes('interactive')) ctx.deliveries.enqueue(app, toContact);
  }
  return message;
};

const OtpBody = z.object({
  client_id: z.string().optional(),
  target: z.enum(['management', 'directory']),
  fromapp: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional(),
});

export const postOtp: SimHandler<Sent<typeof OtpAnswer>> = async ({ ctx, args, body }) => {
  const { store } = ctx;
  const user = getUser(store, args[0] ?? '');
  const input = parseBody(OtpBody, body);
  const app = pickApp(store, input.client_id);
  const base = input.target === 'management' ? app.management_url : app.directory_url;
  if (!base) {
    throw new ApiError(
      'invalid_request',
      `The app has no ${input.target}_url registered (PATCH /_sandbox/apps/${app.client_id}).`,
    );
  }
  const otp = newSecret();
  store.otps.set(otp, {
    otp,
    client_id: app.client_id,
    user_id: user.id,
    expires_at: ctx.store.clock.now() + ctx.otpLifetimeMs,
    used: false,
  });
  const url = new URL(base);
  url.searchParams.set('otp', otp);
  if (input.target === 'management' && input.fromapp !== undefined) {
    url.searchParams.set('fromapp', String(input.fromapp));
  }
  try {
    // Opened as a browser would: redirects (e.g. on to /tp/authorize with the otp) are followed.
    const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return { otp, url: url.toString(), status: res.status };
  } catch (err) {
    return { otp, url: url.toString(), status: null, error: (err as Error).message };
  }
};

const AppOnly = z.object({ client_id: z.string().optional() });

export const postDisconnect: SimHandler<Sent<typeof DisconnectAnswer>> = ({ ctx, args, body }) => {
  const user = getUser(ctx.store, args[0] ?? '');
  const app = pickApp(ctx.store, parseBody(AppOnly, body).client_id);
  const revoked = revokeUser(ctx.store, app.client_id, user.id);
  return { user_id: user.id, client_id: app.client_id, connected: false, revoked_tokens: revoked };
};
