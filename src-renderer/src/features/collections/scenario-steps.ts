// A scenario's steps in words for the Scenario view's list, read from the editor's text as typed:
// its kind, its name, and the endpoint it calls or what it waits for. Lenient on purpose: a step
// the format refuses still shows what it can (the engine's problems say what is wrong).
import { parse } from 'yaml';
import { STEP_KINDS, type StepKind } from '../../../../src-shared/collections/format';

export interface StepSummary {
  index: number;
  kind: StepKind | 'unknown';
  name: string;
  /** The endpoint, or what the step waits for or does, in words. */
  detail: string;
  always: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

function detailOf(kind: StepKind, body: unknown): string {
  const b = isObj(body) ? body : {};
  const parts = (pairs: [string, unknown][]) =>
    pairs
      .filter(([, v]) => text(v))
      .map(([k, v]) => `${k} ${text(v)}`)
      .join(', ');
  switch (kind) {
    case 'request': {
      const as = text(b.as) || (b.user ? 'app-for-user' : '');
      const who = [as && `as ${as}`, text(b.user) && `user ${text(b.user)}`].filter(Boolean);
      return [text(b.endpoint) || 'no endpoint', ...who].join(' ');
    }
    case 'expect-delivery': {
      const match = parts(Object.entries(isObj(b.match) ? b.match : {}));
      const within = text(b.timeout) ? ` within ${text(b.timeout)}` : '';
      return `waits for a delivery${match ? ` (${match})` : ''}${within}`;
    }
    case 'expect-forward':
      return `waits for a forward's answer${text(b.target) ? ` from ${text(b.target)}` : ''}`;
    case 'simulate': {
      const who = parts([
        ['by', b.user],
        ['to', b.contact],
        ['room', b.room],
      ]);
      return `${text(b.action) || 'an action'}${who ? ` (${who})` : ''}`;
    }
    case 'connect-user':
      return `connects a user${text(b.name) ? ` (${text(b.name)})` : ''}`;
    case 'wait':
      return `waits ${text(body) || '?'}`;
    case 'advance-clock':
      return `moves the sandbox clock forward by ${text(body) || '?'}`;
    case 'check-endpoint':
      return `checks the handler at ${text(b.url) || 'no URL'}`;
  }
}

/** The steps, or why the text cannot be read as a list of steps yet. */
export function summarizeSteps(source: string): StepSummary[] | string {
  let doc: unknown;
  try {
    doc = parse(source);
  } catch (err) {
    return `The YAML does not parse yet: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
  }
  const steps = isObj(doc) ? doc.steps : undefined;
  if (!Array.isArray(steps)) return 'No steps: a scenario lists them under steps:.';
  return steps.map((step, index) => {
    const s = isObj(step) ? step : {};
    const kind = STEP_KINDS.find((k) => k in s) ?? 'unknown';
    return {
      index,
      kind,
      name: text(s.name) || (kind === 'unknown' ? 'a step of no known kind' : kind),
      detail: kind === 'unknown' ? `one of: ${STEP_KINDS.join(', ')}` : detailOf(kind, s[kind]),
      always: s.always === true,
    };
  });
}
