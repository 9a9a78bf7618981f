// The `data` of the deliveries the check sends: every kind the platform delivers, with realistic
// values (docs/sandbox.md, Deliveries, Messages and Group events; API document §6 and §6.1). Each
// has an id of its own, so a handler that de-duplicates by id takes every one as new.
import { randomUUID } from 'node:crypto';

const PLATFORM = 'platform.test';
const APP = 'app.test';
const USER = `u-check-ana@${PLATFORM}`;
const CONTACT = `c-check-bot@${APP}`;
const ROOM = 'r-check-room';

/** The JSON object of one delivery's `data`. */
type DeliveryData = Record<string, unknown>;

export const newMessageId = () => `m-check-${randomUUID()}`;

function envelope(type: string, data: unknown, extra: Record<string, unknown> = {}): DeliveryData {
  return {
    id: newMessageId(),
    type,
    timestamp: String(Date.now()),
    sender: USER,
    owner: USER,
    recipient: CONTACT,
    ...extra,
    data,
  };
}

const media = (file: string, mime: string, size: number) => ({
  url: `https://media.${PLATFORM}/_sandbox/media/0f3a9c/${file}`,
  mime_type: mime,
  size,
  filename: file,
});

const VCARD =
  '<contact xmlns="platform:x:contact"><name>Chloé</name><surname>Martin</surname><phone type="mobile">33612345678</phone></contact>';

/** The longest text a message carries (docs/sandbox.md, Messages: 1 to 4096 characters). */
const LONG_TEXT = 'Ünïcödé ✓ '.repeat(409) + 'end!!!';

/** A user's message of each msg_type, by check id suffix. */
export function messageSamples(): Array<{ key: string; name: string; data: DeliveryData }> {
  return [
    { key: 'text', name: 'a text message', data: envelope('text', { body: 'Hello from Ana' }) },
    {
      key: 'text-long',
      name: `a text of ${LONG_TEXT.length} characters (the limit)`,
      data: envelope('text', { body: LONG_TEXT }),
    },
    { key: 'sticker', name: 'a sticker', data: envelope('sticker', { sticker_id: 'st-wave-01' }) },
    {
      key: 'location',
      name: 'a location',
      data: envelope('location', { description: 'Praça da Sé', lat: -23.5503, lon: -46.6339 }),
    },
    { key: 'contact', name: 'a vCard contact', data: envelope('contact', { vcard: VCARD }) },
    {
      key: 'picture',
      name: 'a picture',
      data: envelope('picture', media('photo.jpg', 'image/jpeg', 48213)),
    },
    {
      key: 'movie',
      name: 'a movie',
      data: envelope('movie', media('clip.mp4', 'video/mp4', 1832211)),
    },
    {
      key: 'sound',
      name: 'a sound',
      data: envelope('sound', media('song.mp3', 'audio/mpeg', 402117)),
    },
    {
      key: 'voice',
      name: 'a voice message',
      data: envelope('voice', media('voice.ogg', 'audio/ogg', 22410)),
    },
    {
      key: 'file',
      name: 'a file',
      data: envelope('file', media('report.pdf', 'application/pdf', 90211)),
    },
    {
      key: 'room-message',
      name: 'a message in a room',
      data: envelope('text', { body: 'Hello, group' }, { room: ROOM }),
    },
  ];
}

const roomData = (extra: Record<string, unknown> = {}) => ({
  subject: 'Weekend trip',
  avatar: `https://media.${PLATFORM}/_sandbox/media/a1b2/avatar.png`,
  occupants: [{ id: USER }, { id: CONTACT }, { id: `u-check-jonas@${PLATFORM}` }],
  policy: 'open',
  ...extra,
});

/** The group invite and each group event (docs/sandbox.md, Group events). */
export function groupEventSamples(): Array<{ key: string; name: string; data: DeliveryData }> {
  const member = { member: { id: `u-check-jonas@${PLATFORM}` } };
  return [
    ['group-invite', 'the group invite', roomData()],
    ['group-join', 'a participant joining', roomData(member)],
    ['group-leave', 'a participant leaving', roomData(member)],
    ['group-update', 'a subject change', roomData({ changed: ['subject'] })],
    ['group-remove', 'the contact removed', roomData({ member: { id: CONTACT } })],
  ].map(([key, name, data]) => ({
    key: key as string,
    name: name as string,
    data: envelope(key as string, data, { room: ROOM }),
  }));
}

export const textMessage = (body = 'Hello from Ana') => envelope('text', { body });
export const groupEvent = (type: string) => envelope(type, roomData(), { room: ROOM });
