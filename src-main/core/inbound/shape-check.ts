// Where a delivery's `data` differs from the API document (2.4, 6.1) and docs/sandbox.md
// (Deliveries, Group events): missing or mistyped fields, fields nobody documented, malformed addresses. These
// are flags for a person, never reasons to refuse a delivery: the real platform may differ.
import { MEDIA_MSG_TYPES, type MsgType } from '../../../src-shared/spec';
import type { DeliveryClassification } from '../../../src-shared/contract';

// Every delivery is checked: the lists and patterns are made once, and the fields are walked with
// for…in rather than Object.keys/entries (no array per object). A JSON.parse object has no
// inherited enumerable keys, so both see the same fields in the same order.
const TOP_FIELDS = ['id', 'type', 'timestamp', 'sender', 'owner', 'recipient', 'room', 'data'];
const STRING_FIELDS = ['id', 'type', 'timestamp', 'sender', 'owner', 'recipient'];
const ADDRESS_FIELDS = ['sender', 'owner', 'recipient', 'room'] as const;
const DIGITS = /^\d+$/;
const ADDRESS = /^[^@\s]+@[^@\s]+$/;

const MESSAGE_DATA: Record<MsgType, Record<string, 'string' | 'number' | 'string?'>> = {
  text: { body: 'string' },
  sticker: { sticker_id: 'string' },
  location: { description: 'string?', lat: 'number', lon: 'number' },
  contact: { vcard: 'string' },
  picture: {},
  movie: {},
  sound: {},
  voice: {},
  file: {},
};
const MEDIA_DATA = {
  url: 'string',
  mime_type: 'string',
  size: 'number',
  filename: 'string',
} as const;
const ROOM_DATA = ['subject', 'avatar', 'occupants', 'policy'];
const GROUP_EXTRA: Record<string, string[]> = {
  'group-invite': [],
  'group-join': ['member'],
  'group-leave': ['member'],
  'group-update': ['changed'],
  'group-remove': ['member'],
};

export function checkShape(parsed: unknown, c: DeliveryClassification): string[] {
  const issues: string[] = [];
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return ['`data` is not a JSON object (the API document describes an object).'];
  }
  const d = parsed as Record<string, unknown>;
  for (const field of STRING_FIELDS) {
    if (!(field in d)) issues.push(`\`${field}\` is missing.`);
    else if (typeof d[field] !== 'string') issues.push(`\`${field}\` is not a string.`);
  }
  for (const field in d) {
    if (!TOP_FIELDS.includes(field)) issues.push(`\`${field}\` is not a documented field.`);
  }
  if (typeof d.timestamp === 'string' && !DIGITS.test(d.timestamp)) {
    issues.push('`timestamp` is not decimal digits (milliseconds since epoch).');
  }
  for (const field of ADDRESS_FIELDS) {
    const v = d[field];
    if (field === 'room' && v === undefined) continue;
    if (field !== 'room' && typeof v === 'string' && !ADDRESS.test(v)) {
      issues.push(`\`${field}\` is not of the form <id>@<domain>.`);
    }
    if (field === 'room' && typeof v !== 'string') issues.push('`room` is not a string.');
  }
  const data = d.data;
  if (data === undefined) {
    issues.push('`data` is missing.');
    return issues;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    issues.push('`data` is not an object.');
    return issues;
  }
  const inner = data as Record<string, unknown>;
  if (c.category === 'message' && c.msgType) {
    const media = (MEDIA_MSG_TYPES as readonly string[]).includes(c.msgType);
    const expected: Record<string, string> = media
      ? MEDIA_DATA
      : MESSAGE_DATA[c.msgType as MsgType];
    checkFields(inner, expected, issues);
  } else if (c.category === 'group-invite' || c.category === 'group-event') {
    if (typeof d.room !== 'string') issues.push('A group event has no `room`.');
    const extras = GROUP_EXTRA[c.type];
    if (!extras) issues.push(`\`${c.type}\` is not a group event type the documents name.`);
    const allowed = [...ROOM_DATA, ...(extras ?? [])];
    for (const f of ROOM_DATA) if (!(f in inner)) issues.push(`\`data.${f}\` is missing.`);
    for (const f of extras ?? []) if (!(f in inner)) issues.push(`\`data.${f}\` is missing.`);
    for (const f of Object.keys(inner)) {
      if (!allowed.includes(f)) issues.push(`\`data.${f}\` is not documented for ${c.type}.`);
    }
    if ('occupants' in inner && !Array.isArray(inner.occupants)) {
      issues.push('`data.occupants` is not an array.');
    }
    if ('policy' in inner && inner.policy !== 'open') {
      issues.push('`data.policy` is not "open" (the only documented value).');
    }
  } else if (c.category === 'unknown') {
    issues.push(`\`type\` ${JSON.stringify(c.type)} is neither a msg_type nor a group event.`);
  }
  return issues;
}

function checkFields(
  inner: Record<string, unknown>,
  expected: Record<string, string>,
  issues: string[],
) {
  for (const field in expected) {
    const kind = expected[field]!;
    const optional = kind.endsWith('?');
    const type = optional ? kind.slice(0, -1) : kind;
    const v = inner[field];
    if (v === undefined) {
      if (!optional) issues.push(`\`data.${field}\` is missing.`);
      continue;
    }
    if (typeof v !== type) issues.push(`\`data.${field}\` is not a ${type}.`);
  }
  for (const field in inner) {
    if (!Object.hasOwn(expected, field))
      issues.push(`\`data.${field}\` is not documented for this msg_type.`);
  }
}
