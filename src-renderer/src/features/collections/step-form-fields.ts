// The Scenario view's Add step form: for each step kind (format.ts, STEP_KINDS), the fields of its
// keys as docs/collections.md lists them, with the fixed sets as choices (the catalog's endpoints,
// the simulated actions, the message types), and the step object the filled form makes. Empty
// fields are left out of the step, so the YAML holds only what the person gave.
import {
  SimulateAction,
  STEP_KINDS,
  type StepKind,
} from '../../../../src-shared/collections/format';
import { ENDPOINTS, MSG_TYPES, type EndpointSpec } from '../../../../src-shared/spec';

export interface StepField {
  /** Where the value goes in the step's body: `match.kind`, `params.text`; '' for the body itself. */
  key: string;
  label: string;
  kind: 'text' | 'select' | 'number';
  /** A select's choices; '' (none) comes first unless `required`. */
  options?: readonly string[];
  required?: boolean;
  placeholder?: string;
  /** Written in a list of values, separated by commas (create-room's occupants). */
  list?: boolean;
}

/** Outside the step's body: the check of a request's status, the step's capture. */
export const EXPECT_STATUS_KEY = '@expect.status';
export const CAPTURE_NAME_KEY = '@capture.name';
export const CAPTURE_FROM_KEY = '@capture.from';

export const STEP_KIND_WORDS: Record<StepKind, string> = {
  request: 'request: call an endpoint',
  simulate: 'simulate: a sandbox user acts',
  'expect-delivery': 'expect-delivery: wait for a delivery',
  'expect-forward': "expect-forward: wait for a forward's answer",
  'connect-user': 'connect-user: connect a user',
  wait: 'wait: a duration',
  'advance-clock': "advance-clock: move the sandbox's clock",
  'check-endpoint': "check-endpoint: check a handler's endpoint",
};
export const FORM_KINDS: readonly StepKind[] = STEP_KINDS;

const ENDPOINT_IDS = (ENDPOINTS as readonly EndpointSpec[]).map((e) => e.id);
const user: StepField = { key: 'user', label: 'User', kind: 'text', placeholder: '{{ada}}' };
const contact: StepField = { key: 'contact', label: 'Contact', kind: 'text' };
const room: StepField = { key: 'room', label: 'Room', kind: 'text' };
const timeout = (placeholder: string): StepField => ({
  key: 'timeout',
  label: 'Timeout',
  kind: 'text',
  placeholder,
});

/** Which of simulate's keys each action takes (docs/collections.md, simulate). */
const ACTION_KEYS: Record<SimulateAction, readonly string[]> = {
  'create-user': ['name', 'surname'],
  'send-message': ['user', 'contact', 'room', 'msg_type', 'params.text'],
  invite: ['user', 'contact', 'room'],
  remove: ['user', 'contact', 'room'],
  join: ['user', 'room'],
  leave: ['user', 'room'],
  'update-room': ['user', 'room', 'subject'],
  'create-room': ['user', 'subject', 'occupants'],
  otp: ['user', 'target'],
  'expire-tokens': [],
  disconnect: ['user'],
  'update-app': [],
};

const SIMULATE_FIELDS: readonly StepField[] = [
  user,
  contact,
  room,
  { key: 'msg_type', label: 'Message type', kind: 'select', options: MSG_TYPES },
  { key: 'params.text', label: 'Text', kind: 'text' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'surname', label: 'Surname', kind: 'text' },
  { key: 'subject', label: 'Subject', kind: 'text' },
  { key: 'target', label: 'Otp for', kind: 'select', options: ['management', 'directory'] },
  { key: 'occupants', label: 'Occupants', kind: 'text', list: true, placeholder: 'bob, carol' },
];

const endpointOf = (id: string | undefined) =>
  (ENDPOINTS as readonly EndpointSpec[]).find((e) => e.id === id);

/** The fields of `kind` for the values filled so far (the endpoint's parameters, the action's keys). */
export function fieldsOf(kind: StepKind, values: Record<string, string>): StepField[] {
  switch (kind) {
    case 'request': {
      const endpoint = endpointOf(values.endpoint);
      const params: StepField[] = (endpoint?.params ?? [])
        .filter((p) => !p.secret)
        .map((p) => ({
          key: `params.${p.name}`,
          label: p.name,
          kind: p.values ? 'select' : 'text',
          ...(p.values ? { options: p.values } : {}),
        }));
      return [
        {
          key: 'endpoint',
          label: 'Endpoint',
          kind: 'select',
          options: ENDPOINT_IDS,
          required: true,
        },
        { key: 'as', label: 'Acts as', kind: 'select', options: ['app', 'app-for-user', 'user'] },
        user,
        ...params,
        { key: EXPECT_STATUS_KEY, label: 'Expected status', kind: 'number', placeholder: '200' },
      ];
    }
    case 'simulate': {
      const action = SimulateAction.safeParse(values.action);
      const keys = action.success ? ACTION_KEYS[action.data] : [];
      return [
        {
          key: 'action',
          label: 'Action',
          kind: 'select',
          options: SimulateAction.options,
          required: true,
        },
        ...SIMULATE_FIELDS.filter((f) => keys.includes(f.key)),
      ];
    }
    case 'expect-delivery':
      return [
        {
          key: 'match.kind',
          label: 'Kind',
          kind: 'select',
          options: ['message', 'group-invite', 'group-event'],
        },
        { key: 'match.msg_type', label: 'Message type', kind: 'select', options: MSG_TYPES },
        { key: 'match.event', label: 'Group event', kind: 'text', placeholder: 'join' },
        { ...user, key: 'match.user' },
        { ...contact, key: 'match.contact' },
        { ...room, key: 'match.room' },
        { key: 'match.text', label: 'Text it contains', kind: 'text' },
        timeout('10s'),
        {
          key: 'signature',
          label: 'Signature',
          kind: 'select',
          options: ['valid', 'invalid', 'missing', 'unsupported', 'any'],
        },
      ];
    case 'expect-forward':
      return [
        { key: 'target', label: 'Target URL starts with', kind: 'text' },
        timeout('10s'),
        { key: 'status', label: 'Expected status', kind: 'number', placeholder: '200' },
      ];
    case 'connect-user':
      return [
        { key: 'name', label: 'Name', kind: 'text', placeholder: 'Ada' },
        { key: 'surname', label: 'Surname', kind: 'text' },
        timeout('5m'),
      ];
    case 'wait':
      return [{ key: '', label: 'Duration', kind: 'text', required: true, placeholder: '500ms' }];
    case 'advance-clock':
      return [{ key: '', label: 'Forward by', kind: 'text', required: true, placeholder: '1h' }];
    case 'check-endpoint':
      return [
        {
          key: 'url',
          label: 'Handler URL',
          kind: 'text',
          required: true,
          placeholder: '{{handler_url}}',
        },
        {
          key: 'only',
          label: 'Only checks',
          kind: 'text',
          list: true,
          placeholder: 'accepts., refuses.',
        },
        { key: 'skip', label: 'Skip checks', kind: 'text', list: true, placeholder: 'burst' },
        { key: 'burst', label: 'Burst', kind: 'number', placeholder: '50' },
        {
          key: 'signature_method',
          label: 'Signature method',
          kind: 'select',
          options: ['HMAC-SHA256', 'HMAC-SHA1', 'RSA-SHA256'],
        },
      ];
  }
}

type Obj = Record<string, unknown>;

function put(target: Obj, key: string, value: unknown): void {
  const [head, ...rest] = key.split('.');
  if (rest.length === 0) {
    target[head!] = value;
    return;
  }
  const inner = (target[head!] ??= {}) as Obj;
  put(inner, rest.join('.'), value);
}

/** The step the filled form makes: its name, its kind's body, its check and capture. */
export function stepFromForm(
  kind: StepKind,
  name: string,
  values: Record<string, string>,
): Record<string, unknown> {
  const fields = fieldsOf(kind, values);
  const body: Obj = {};
  let whole: unknown;
  const step: Obj = {};
  if (name.trim()) step.name = name.trim();
  for (const field of fields) {
    const raw = values[field.key]?.trim() ?? '';
    if (!raw) continue;
    const value = field.list
      ? raw
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : field.kind === 'number' && /^\d+$/.test(raw)
        ? Number(raw)
        : raw;
    if (field.key === EXPECT_STATUS_KEY) step.expect = { status: value };
    else if (field.key === '') whole = value;
    else put(body, field.key, value);
  }
  // These kinds take one value, not an object of keys.
  step[kind] = kind === 'wait' || kind === 'advance-clock' ? whole : body;
  const captureName = values[CAPTURE_NAME_KEY]?.trim();
  const captureFrom = values[CAPTURE_FROM_KEY]?.trim();
  if (captureName && captureFrom) step.capture = { [captureName]: captureFrom };
  // The step's keys in the format's order: name, the kind, expect, capture.
  const { expect, capture, ...rest } = step;
  return { ...rest, ...(expect ? { expect } : {}), ...(capture ? { capture } : {}) };
}
