// Parameters shared by several endpoints of the catalog: who is acted for, the sender contact,
// msg_type and the type-specific parameters of API document §4.7 (also used by the bulk send
// and by the simulator's user messages).
import { MEDIA_MSG_TYPES, MSG_TYPES, type MsgType } from './msg-types';
import { CONTACT_ID_DOC, CONTACT_ID_PATTERN, type ParamSpec } from './params';

// endpoints.ts's; the spec's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const contactId = (doc: string): ParamSpec => ({
  name: 'contact_id',
  kind: 'string',
  required: true,
  pattern: CONTACT_ID_PATTERN,
  patternDoc: CONTACT_ID_DOC,
  doc,
});

// endpoints.ts's; the spec's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const userId: ParamSpec = {
  name: 'user_id',
  kind: 'string',
  required: false,
  minLength: 1,
  maxLength: 128,
  appTokenOnly: true,
  doc: 'Only with an app-level token: the connected user to act for',
};

// endpoints.ts's; the spec's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const noPush: ParamSpec = {
  name: 'no_push',
  kind: 'boolean',
  required: false,
  doc: 'true suppresses the push notification (true, false, 1 or 0; default false)',
};

export const msgType: ParamSpec = {
  name: 'msg_type',
  kind: 'string',
  required: true,
  values: MSG_TYPES,
  valueError: 'unsupported_msg_type',
  doc: 'text, sticker, location, picture, movie, sound, voice, file or contact',
};

const forTypes = (types: readonly MsgType[]) => ({ param: 'msg_type', oneOf: types });

/** The type-specific parameters of 4.7 (also used by the bulk send). */
export const MESSAGE_PARAMS: readonly ParamSpec[] = [
  {
    name: 'text',
    kind: 'string',
    required: forTypes(['text']),
    onlyWhen: forTypes(['text']),
    msgTypes: ['text'],
    minLength: 1,
    maxLength: 4096,
    doc: 'Body of the text message (1 to 4096 characters)',
  },
  {
    name: 'sticker_id',
    kind: 'string',
    required: forTypes(['sticker']),
    onlyWhen: forTypes(['sticker']),
    msgTypes: ['sticker'],
    minLength: 1,
    maxLength: 128,
    doc: 'Sticker id',
  },
  {
    name: 'geo_description',
    kind: 'string',
    required: false,
    onlyWhen: forTypes(['location']),
    msgTypes: ['location'],
    maxLength: 1024,
    doc: 'Description of the place (optional)',
  },
  {
    name: 'geo_lat',
    kind: 'double',
    required: forTypes(['location']),
    onlyWhen: forTypes(['location']),
    msgTypes: ['location'],
    min: -90,
    max: 90,
    doc: 'Latitude, -90 to 90',
  },
  {
    name: 'geo_lon',
    kind: 'double',
    required: forTypes(['location']),
    onlyWhen: forTypes(['location']),
    msgTypes: ['location'],
    min: -180,
    max: 180,
    doc: 'Longitude, -180 to 180',
  },
  {
    name: 'vcard',
    kind: 'vcard',
    required: forTypes(['contact']),
    onlyWhen: forTypes(['contact']),
    msgTypes: ['contact'],
    maxLength: 65536,
    doc: 'Address-book contact XML (API document §2.5)',
  },
  {
    name: 'file',
    kind: 'file',
    required: forTypes(MEDIA_MSG_TYPES),
    onlyWhen: forTypes(MEDIA_MSG_TYPES),
    msgTypes: MEDIA_MSG_TYPES,
    doc: 'The file (multipart); its Content-Type must be accepted for the msg_type',
  },
];
