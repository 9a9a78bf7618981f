// Where a delivery's `data` differs from the documents: every issue, in order, for data of each
// category and each kind of fault (the texts are what a person reads in the record).
import { expect, it } from 'vitest';
import { classify } from '../../../../src-main/core/inbound/classify';
import { checkShape } from '../../../../src-main/core/inbound/shape-check';

const base = {
  id: 'm1',
  type: 'text',
  timestamp: '1700000000000',
  sender: 'u1@platform.test',
  owner: 'u1@platform.test',
  recipient: 'app@apps.platform.test',
  data: { body: 'hi' },
};

it('lists every issue of each kind of delivery data, in order', () => {
  const cases: [unknown, string[]][] = [
    [base, []],
    [
      { ...base, extra: 1, __proto__x: 2 },
      ['`extra` is not a documented field.', '`__proto__x` is not a documented field.'],
    ],
    [
      { ...base, timestamp: 17, sender: 'no-at', owner: 'a@b@c', recipient: 'sp ace@x' },
      [
        '`timestamp` is not a string.',
        '`sender` is not of the form <id>@<domain>.',
        '`owner` is not of the form <id>@<domain>.',
        '`recipient` is not of the form <id>@<domain>.',
      ],
    ],
    [
      { ...base, timestamp: '12a' },
      ['`timestamp` is not decimal digits (milliseconds since epoch).'],
    ],
    [
      { type: 'text' },
      [
        '`id` is missing.',
        '`timestamp` is missing.',
        '`sender` is missing.',
        '`owner` is missing.',
        '`recipient` is missing.',
        '`data` is missing.',
      ],
    ],
    [{ ...base, data: undefined }, ['`data` is missing.']],
    [{ ...base, data: [1] }, ['`data` is not an object.']],
    [
      { ...base, data: { body: 3, more: true } },
      ['`data.body` is not a string.', '`data.more` is not documented for this msg_type.'],
    ],
    [
      { ...base, type: 'location', data: { lat: 1, lon: '2', description: 5 } },
      ['`data.description` is not a string.', '`data.lon` is not a number.'],
    ],
    [{ ...base, type: 'location', data: { lat: 1, lon: 2 } }, []],
    [
      { ...base, type: 'picture', data: { url: 'u', size: '3', extra: 1 } },
      [
        '`data.mime_type` is missing.',
        '`data.size` is not a number.',
        '`data.filename` is missing.',
        '`data.extra` is not documented for this msg_type.',
      ],
    ],
    [{ ...base, type: 'sticker', data: {} }, ['`data.sticker_id` is missing.']],
    [
      {
        ...base,
        type: 'group-invite',
        room: 'r1',
        data: { subject: 's', avatar: 'a', occupants: 'x', policy: 'closed' },
      },
      [
        '`data.occupants` is not an array.',
        '`data.policy` is not "open" (the only documented value).',
      ],
    ],
    [
      { ...base, type: 'group-join', room: 5, data: { subject: 's', member: 'm', other: 1 } },
      [
        '`room` is not a string.',
        'A group event has no `room`.',
        '`data.avatar` is missing.',
        '`data.occupants` is missing.',
        '`data.policy` is missing.',
        '`data.other` is not documented for group-join.',
      ],
    ],
    [
      {
        ...base,
        type: 'group-update',
        data: { subject: 's', avatar: 'a', occupants: [], policy: 'open', changed: [] },
      },
      ['A group event has no `room`.'],
    ],
    [
      { ...base, type: 'group-archived', room: 'r', data: {} },
      [
        '`group-archived` is not a group event type the documents name.',
        '`data.subject` is missing.',
        '`data.avatar` is missing.',
        '`data.occupants` is missing.',
        '`data.policy` is missing.',
      ],
    ],
    [{ ...base, type: 'mystery' }, ['`type` "mystery" is neither a msg_type nor a group event.']],
    [{ ...base, type: '' }, ['`type` "" is neither a msg_type nor a group event.']],
    [null, ['`data` is not a JSON object (the API document describes an object).']],
    [[1, 2], ['`data` is not a JSON object (the API document describes an object).']],
    ['text', ['`data` is not a JSON object (the API document describes an object).']],
    [{ ...base, room: 'r1' }, []],
  ];
  for (const [data, issues] of cases) expect(checkShape(data, classify(data))).toEqual(issues);
});

it('checks the fields of a JSON object as JSON.parse makes it, a `__proto__` key included', () => {
  const data: unknown = JSON.parse(
    '{"id":"m","type":"text","timestamp":"1","sender":"a@b","owner":"a@b","recipient":"a@b","data":{"body":"x","extra":1},"__proto__":2}',
  );
  expect(checkShape(data, classify(data))).toEqual([
    '`__proto__` is not a documented field.',
    '`data.extra` is not documented for this msg_type.',
  ]);
});

it("calls a message's data field undocumented even when it is named as Object's own (constructor, toString)", () => {
  const data: unknown = JSON.parse(
    '{"id":"m","type":"text","timestamp":"1","sender":"a@b","owner":"a@b","recipient":"a@b","data":{"body":"x","constructor":1,"toString":2}}',
  );
  expect(checkShape(data, classify(data))).toEqual([
    '`data.constructor` is not documented for this msg_type.',
    '`data.toString` is not documented for this msg_type.',
  ]);
});
