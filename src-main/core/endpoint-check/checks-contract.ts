// The checks of what the handler accepts and refuses: every delivery the platform sends, each
// signature method, forgeries, data whose bytes a re-serialization would change, and what the
// handler does not know yet (docs/endpoint-check.md says why each one).
import { SIGNATURE_METHODS, type SignatureMethodName } from '../../../src-shared/spec/shapes';
import type { CheckContext, CheckDefinition } from './check-context';
import { judgeAccepted, judgeRefused, judgeTolerated } from './judge';
import { groupEvent, groupEventSamples, messageSamples, textMessage } from './sample-deliveries';

const DELIVERIES = 'docs/sandbox.md, Deliveries';
const text = () => JSON.stringify(textMessage());

function acceptsChecks(): CheckDefinition[] {
  const messages = messageSamples().map((m) => ({ ...m, rule: 'API document §6' }));
  const groups = groupEventSamples().map((g) => ({
    ...g,
    rule: g.key === 'group-invite' ? 'API document §6.1' : 'docs/sandbox.md, Group events',
  }));
  return [...messages, ...groups].map(({ key, name, data, rule }) => ({
    id: `accepts.${key}`,
    name: `Accepts ${name}`,
    rule,
    run: async (ctx) => {
      const sent = [await ctx.send(`accepts.${key}`, ctx.valid(JSON.stringify(data)))];
      return { ...judgeAccepted(sent, `${name[0]!.toUpperCase()}${name.slice(1)}`), sent };
    },
  }));
}

const methodId = (m: SignatureMethodName) => `signature.${m.toLowerCase()}`;

function signatureChecks(): CheckDefinition[] {
  return SIGNATURE_METHODS.map((method) => ({
    id: methodId(method),
    name: `Verifies ${method}`,
    rule: DELIVERIES,
    run: async (ctx) => {
      if (method !== ctx.signing.method) {
        return {
          outcome: 'not-configured' as const,
          reason: `The app signs with ${ctx.signing.method}, and a handler need verify only its app's method: nothing was sent signed with ${method}.`,
          advice: `To check ${method}, give the check that method (--signature-method ${method}) with a handler of an app that uses it.`,
          sent: [],
        };
      }
      const sent = [await ctx.send(methodId(method), ctx.valid(text()))];
      return { ...judgeAccepted(sent, `A text message signed with ${method}`), sent };
    },
  }));
}

/** The app's method's sibling: what a handler that trusts `signature_method` would take. */
function otherMethod(ctx: CheckContext): SignatureMethodName {
  return ctx.signing.method === 'HMAC-SHA256' ? 'HMAC-SHA1' : 'HMAC-SHA256';
}

interface Forgery {
  key: string;
  name: string;
  form: (ctx: CheckContext) => Record<string, string>;
}

const FORGERIES: Forgery[] = [
  {
    key: 'wrong-signature',
    name: 'a wrong signature',
    form: (ctx) => {
      const data = text();
      const wrong = ctx.sign(JSON.stringify(textMessage('something else')));
      return { data, signature: wrong, signature_method: ctx.signing.method };
    },
  },
  {
    key: 'no-signature',
    name: 'no signature and no signature_method',
    form: () => ({ data: text() }),
  },
  {
    key: 'other-bytes',
    name: 'a signature of other bytes (one byte of data changed)',
    form: (ctx) => {
      const data = text();
      const signed = ctx.valid(data);
      return { ...signed, data: data.replace('Hello from Ana', 'Hello from Anb') } as Record<
        string,
        string
      >;
    },
  },
  {
    key: 'other-secret',
    name: "a signature with another app's secret",
    form: (ctx) => {
      const data = text();
      const method = ctx.signing.method;
      return { data, signature: ctx.signWith(method, data, 'other'), signature_method: method };
    },
  },
  {
    key: 'other-method',
    name: 'a valid signature by a signature_method the app does not use',
    form: (ctx) => {
      const data = text();
      const method = otherMethod(ctx);
      // An app without a client secret (RSA-SHA256 only): the forger keys the HMAC with its own.
      const key = ctx.signing.clientSecret === '' ? 'other' : 'app';
      return { data, signature: ctx.signWith(method, data, key), signature_method: method };
    },
  },
  {
    key: 'empty-data',
    name: "an empty data with another delivery's signature",
    form: (ctx) => ({ ...ctx.valid(text()), data: '' }) as Record<string, string>,
  },
];

function refusesChecks(): CheckDefinition[] {
  return FORGERIES.map(({ key, name, form }) => ({
    id: `refuses.${key}`,
    name: `Refuses ${name}`,
    rule: DELIVERIES,
    run: async (ctx) => {
      const sent = await ctx.send(`refuses.${key}`, form(ctx));
      return { ...judgeRefused(sent, `A delivery with ${name}`), sent: [sent] };
    },
  }));
}

/** Each: the JSON text of a delivery written as other encoders write it, signed as it is. */
const RAW_FORMS: Array<{ key: string; name: string; data: () => string }> = [
  {
    key: 'non-ascii',
    name: 'non-ASCII text, raw and as a \\u escape',
    data: () => text().replace('Hello from Ana', 'Ol\\u00e1, caf\u00e9 \u2713 \ud83c\udf0d'),
  },
  {
    key: 'escaped-slashes',
    name: 'slashes escaped as \\/',
    data: () =>
      JSON.stringify(messageSamples().find((m) => m.key === 'picture')!.data).replace(/\//g, '\\/'),
  },
  {
    key: 'form-spaces-plus',
    name: 'spaces between JSON tokens and a + in the text',
    data: () => JSON.stringify(textMessage('1 + 1 = 2 & 50% off'), null, 1).replace(/\n\s*/g, ' '),
  },
  {
    key: 'key-order',
    name: 'keys in another order (data first)',
    data: () => {
      const { data, ...rest } = textMessage();
      return JSON.stringify({ data, ...Object.fromEntries(Object.entries(rest).reverse()) });
    },
  },
  {
    key: 'number-format',
    name: 'numbers written 1.0 and -0.50',
    data: () =>
      JSON.stringify({ ...textMessage(), type: 'location', data: { lat: 1.5, lon: -0.5 } })
        .replace('"lat":1.5', '"lat":1.0')
        .replace('"lon":-0.5', '"lon":-0.50'),
  },
];

function rawBytesChecks(): CheckDefinition[] {
  return RAW_FORMS.map(({ key, name, data }) => ({
    id: `raw-bytes.${key}`,
    name: `Verifies the exact bytes: ${name}`,
    rule: DELIVERIES,
    run: async (ctx) => {
      const sent = [await ctx.send(`raw-bytes.${key}`, ctx.valid(data()))];
      const verdict = judgeAccepted(sent, `A delivery whose data has ${name}`);
      if (verdict.outcome === 'fail' && sent[0]!.status !== null && sent[0]!.status < 500) {
        verdict.advice =
          'Verify the signature over the `data` field exactly as it arrived (after form decoding), before any JSON parse: JSON.stringify(JSON.parse(data)) is other bytes.';
      }
      return { ...verdict, sent };
    },
  }));
}

const UNKNOWN: Array<{ key: string; name: string; data: () => string }> = [
  {
    key: 'unknown-field',
    name: 'A text message with fields the handler does not know',
    data: () => {
      const m = textMessage();
      return JSON.stringify({ ...m, x_new: { nested: [1, 2] }, data: { body: 'Hi', x_new: true } });
    },
  },
  {
    key: 'unknown-msg-type',
    name: 'A message of an unknown msg_type',
    data: () => JSON.stringify({ ...textMessage(), type: 'hologram', data: { hologram_id: 'h1' } }),
  },
  {
    key: 'unknown-group-event',
    name: 'A group event of an unknown type',
    data: () => JSON.stringify(groupEvent('group-archive')),
  },
];

function forwardChecks(): CheckDefinition[] {
  return UNKNOWN.map(({ key, name, data }) => ({
    id: `forward.${key}`,
    name: `Tolerates ${name[0]!.toLowerCase()}${name.slice(1)}`,
    rule: 'API document §6.1',
    run: async (ctx) => {
      const sent = await ctx.send(`forward.${key}`, ctx.valid(data()));
      return { ...judgeTolerated(sent, name), sent: [sent] };
    },
  }));
}

export function contractChecks(): CheckDefinition[] {
  return [
    ...acceptsChecks(),
    ...signatureChecks(),
    ...refusesChecks(),
    ...rawBytesChecks(),
    ...forwardChecks(),
  ];
}
