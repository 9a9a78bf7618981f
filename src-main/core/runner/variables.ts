// `{{name}}` in a step, resolved before anything is sent. Precedence, highest first: the run's own
// values (--var), values captured by earlier steps, the scenario's variables, the profile's (one set
// per environment, so staging can override a collection's default), the collection's. Built-ins: the secrets the engine holds (client_secret, app_token, user_token: filled
// in, never shown) and values made fresh at each use ($uuid, $timestamp, $isoTimestamp, $randomInt).
import { randomInt, randomUUID } from 'node:crypto';
import {
  DYNAMIC_VARIABLES,
  isSecretVariable,
  splitTemplate,
} from '../../../src-shared/collections/templates';

export const REDACTED = '‹redacted›';

export interface VariableLayers {
  run: Record<string, string>;
  captured: Record<string, string>;
  scenario: Record<string, string>;
  collection: Record<string, string>;
  profile: Record<string, string>;
  /** The profile's own facts, under every other layer: client_id and base_url. */
  builtin?: Record<string, string>;
}

/** A built-in secret's value, or undefined when there is none to give (with why, in words). */
export type SecretLookup = (name: string) => Promise<SecretFound>;

export function lookupVariable(layers: VariableLayers, name: string): string | undefined {
  // Not a loop over an array of the layers: this runs for every `{{name}}` of every step.
  const has = (layer: Record<string, string> | undefined) =>
    layer !== undefined && Object.prototype.hasOwnProperty.call(layer, name);
  if (has(layers.run)) return layers.run[name];
  if (has(layers.captured)) return layers.captured[name];
  if (has(layers.scenario)) return layers.scenario[name];
  if (has(layers.profile)) return layers.profile[name];
  if (has(layers.collection)) return layers.collection[name];
  if (has(layers.builtin)) return layers.builtin![name];
  return undefined;
}

function dynamicValue(name: string): string | undefined {
  switch (name) {
    case '$uuid':
      return randomUUID();
    case '$timestamp':
      return String(Math.floor(Date.now() / 1000));
    case '$isoTimestamp':
      return new Date().toISOString();
    case '$randomInt':
      return String(randomInt(0, 1001));
    default:
      return undefined;
  }
}

/** A string with a `{{name}}` in the copy being filled: its holder, its key and its parts. */
interface Slot {
  holder: Record<string | number, unknown>;
  key: string | number;
  /** splitTemplate's parts: text, then name, placeholder and text for each variable. */
  parts: string[];
}

/**
 * `value` with every array and object on the way to a string holding a `{{name}}` copied (the
 * rest shared with `value`), each such string in `slots` and its names in `names`, in order of
 * first use. A step is mostly strings without a variable: one walk finds the few, and nothing else
 * is made (mapping every string of the step afresh cost a run of request steps ~5% of its time).
 * Keys are left as they are.
 */
function findTemplates(value: unknown, names: Set<string>, slots: Slot[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  // An array's indices are its keys here.
  const source = value as Record<string | number, unknown>;
  const list = Array.isArray(value) ? value : null;
  const keys = list ? null : Object.keys(source);
  const length = list ? list.length : keys!.length;
  let copy: Record<string | number, unknown> | null = null;
  for (let i = 0; i < length; i++) {
    const key = keys ? keys[i]! : i;
    const v = source[key];
    let parts: string[] | null = null;
    let inner: unknown;
    if (typeof v === 'string') {
      parts = splitTemplate(v);
      if (!parts) continue;
      for (let n = 1; n < parts.length; n += 3) names.add(parts[n]!);
    } else if (v !== null && typeof v === 'object') {
      inner = findTemplates(v, names, slots);
      if (inner === v) continue;
    } else continue;
    copy ??= list ? (list.slice() as unknown as Record<number, unknown>) : { ...source };
    if (parts) slots.push({ holder: copy, key, parts });
    else copy[key] = inner;
  }
  return copy ?? value;
}

export interface Resolved<T> {
  value: T;
  /** Names no layer defines, with why when it is a built-in that has no value. */
  unknown: { name: string; why: string | null }[];
  /** The secret values filled in: the run shows them as ‹redacted› wherever they appear. */
  secrets: string[];
}

/** A built-in secret's value, or why there is none. */
type SecretFound = { value: string } | { missing: string };

/** A value's variables, found in one walk; its built-in secrets are looked up before it is filled. */
interface TemplatePlan<T> {
  /** The built-in secrets the value uses, in order of first use. */
  readonly secretNames: readonly string[];
  /** The value filled in (once), with what was found for each of secretNames. */
  fill(layers: VariableLayers, found: ReadonlyMap<string, SecretFound>): Resolved<T>;
}

function planTemplates<T>(value: T): TemplatePlan<T> {
  const names = new Set<string>();
  const slots: Slot[] = [];
  // In a box of its own, so that a lone string is a slot too: the filled value is read back from it.
  const copy = findTemplates([value], names, slots) as [T];
  const secretNames: string[] = [];
  for (const name of names) if (isSecretVariable(name)) secretNames.push(name);
  return {
    secretNames,
    fill(layers, found) {
      const secrets: string[] = [];
      const unknown: Resolved<T>['unknown'] = [];
      for (const name of names) {
        if (isSecretVariable(name)) {
          const got = found.get(name) ?? { missing: 'it was not looked up' };
          if ('value' in got) secrets.push(got.value);
          else unknown.push({ name, why: got.missing });
        } else if (
          !(DYNAMIC_VARIABLES as readonly string[]).includes(name) &&
          lookupVariable(layers, name) === undefined
        ) {
          unknown.push({ name, why: null });
        }
      }
      for (const { holder, key, parts } of slots) {
        let text = parts[0]!;
        for (let n = 1; n < parts.length; n += 3) {
          const name = parts[n]!;
          const got = isSecretVariable(name) ? found.get(name) : undefined;
          // A dynamic value is made afresh at each use; an unknown name stays as written.
          const filled =
            got && 'value' in got
              ? got.value
              : (dynamicValue(name) ?? lookupVariable(layers, name) ?? parts[n + 1]!);
          text += filled + parts[n + 2]!;
        }
        holder[key] = text;
      }
      return { value: copy[0], unknown, secrets };
    },
  };
}

/** Asks for each secret in turn. */
async function lookupSecrets(
  names: readonly string[],
  secret: SecretLookup,
): Promise<Map<string, SecretFound>> {
  const found = new Map<string, SecretFound>();
  for (const name of names) found.set(name, await secret(name));
  return found;
}

const NO_SECRETS: ReadonlyMap<string, SecretFound> = new Map();

/**
 * Fills every `{{name}}` inside `value`; the secrets are asked for only when used. A value that
 * uses no built-in secret is filled at once (not a promise): the runner does this for every step.
 */
export function resolveTemplates<T>(
  value: T,
  layers: VariableLayers,
  secret: SecretLookup,
): Resolved<T> | Promise<Resolved<T>> {
  const plan = planTemplates(value);
  if (plan.secretNames.length === 0) return plan.fill(layers, NO_SECRETS);
  return lookupSecrets(plan.secretNames, secret).then((found) => plan.fill(layers, found));
}

/** Where a step is, for a person: `send.yaml, step 2 "Send a text"`. */
export function stepPlace(file: string, index: number, name: string): string {
  return `${file}, step ${index + 1} "${name}"`;
}

/** The words for variables no layer defines: which, where, and what to do. */
export function unknownVariablesText(place: string, unknown: Resolved<unknown>['unknown']): string {
  const parts = unknown.map(({ name, why }) =>
    why
      ? `{{${name}}} has no value: ${why}`
      : `{{${name}}} is not defined. Define it in collection.yaml under \`variables\`, in the profile's variables, or run with --var ${name}=value`,
  );
  return `${place}: ${parts.join('. ')}. Nothing was sent.`;
}

/** Text with every secret the run filled in replaced by ‹redacted›. */
export function hideSecrets(text: string, secrets: ReadonlySet<string>): string {
  let out = text;
  for (const secret of secrets)
    if (secret && out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}
