// Response and delivery shapes (API document §2 and 6, completed by docs/sandbox.md).
// The sandbox's tests parse its answers with these; the client uses them to read responses
// tolerantly (safeParse, keeping the raw bytes).
import { z } from 'zod';

export const TokenResponse = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.string(),
  scope: z.string(),
  refresh_token: z.string().optional(),
  user_id: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const MeResponse = z.object({
  id: z.string(),
  profile: z.object({ name: z.string(), surname: z.string(), avatar_url: z.string() }).optional(),
  lang: z.string().optional(),
  msisdn: z.string().optional(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const ContactResponse = z.object({
  contact_id: z.string(),
  display_name: z.string(),
  avatar_url: z.string(),
  capabilities: z.string(),
});
export type ContactResponse = z.infer<typeof ContactResponse>;

export const ContactRemoveResponse = z.object({ contact_id: z.string(), removed: z.literal(true) });

export const TextData = z.object({ body: z.string() });
export const StickerData = z.object({ sticker_id: z.string() });
export const LocationData = z.object({
  description: z.string().optional(),
  lat: z.number(),
  lon: z.number(),
});
export const ContactData = z.object({ vcard: z.string() });
export const MediaData = z.object({
  url: z.string(),
  mime_type: z.string(),
  size: z.number().int().nonnegative(),
  filename: z.string(),
});

export const MessageResponse = z.object({
  id: z.string(),
  type: z.string(),
  timestamp: z.string().regex(/^\d+$/),
  sender: z.string(),
  owner: z.string(),
  recipient: z.string(),
  room: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type MessageResponse = z.infer<typeof MessageResponse>;

export const BulkResponse = z.object({
  accepted: z.boolean(),
  not_authorized: z.array(z.string()),
});
export type BulkResponse = z.infer<typeof BulkResponse>;

// endpoints.ts's; the spec's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const OtpVerifyResponse = z.object({ user_id: z.string() });

const RoomData = z.object({
  subject: z.string(),
  avatar: z.string(),
  occupants: z.array(z.object({ id: z.string() })),
  policy: z.string(),
});
export const RoomEntry = z.object({ room: z.string(), data: RoomData });
export type RoomEntry = z.infer<typeof RoomEntry>;
const UserEntry = z.object({ id: z.string(), owner: z.boolean().optional() });
type UserEntry = z.infer<typeof UserEntry>;

export const ResourceInfoResponse = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), resource: UserEntry }),
  z.object({ type: z.literal('room'), resource: RoomEntry }),
]);
export const ResourceListResponse = z.object({
  users: z.array(UserEntry),
  rooms: z.array(RoomEntry),
});

/** The JSON text of `data` in a delivery: a user's message or a group event. */
export const DeliveryData = z.object({
  id: z.string(),
  type: z.string(),
  timestamp: z.string(),
  sender: z.string(),
  owner: z.string(),
  recipient: z.string(),
  room: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type DeliveryData = z.infer<typeof DeliveryData>;

export const GROUP_EVENT_TYPES = [
  'group-invite',
  'group-join',
  'group-leave',
  'group-update',
  'group-remove',
] as const;
export type GroupEventType = (typeof GROUP_EVENT_TYPES)[number];

export const SIGNATURE_METHODS = ['HMAC-SHA256', 'HMAC-SHA1', 'RSA-SHA256'] as const;
export type SignatureMethodName = (typeof SIGNATURE_METHODS)[number];
