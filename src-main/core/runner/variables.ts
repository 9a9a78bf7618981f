// `{{name}}` in a step, resolved before anything is sent. Precedence, highest first: the run's own
// values (--var), values captured by earlier steps, the scenario's variables, the profile's (one set
// per environment, so staging can override a collection's default), the collection's. Built-ins: the secrets the engine holds (client_secret, app_token, user_token: filled
// in, never shown) and values made fresh at each use ($uuid, $timestamp, $isoTimestamp, $randomInt).
import { randomInt, randomUUID } from 'node:crypto';
import {
  DYNAMIC_VARIABLES,
  fillTemplate,
  isSecretVariable,
  templateNames,
} from '../../../src-shared/collections/templates';

export const REDACTED = '‹redacted›';

export interface VariableLayers {
  run: Record<string, string>;
  captured: Record<string, string>;
  scenario: Record<string, string>;
  collection: Record<string, string>;
  profile: Record<string, string>;
}

/** A built-in secret's value, or undefined when there is none to give (with why, in words). */
export type SecretLookup = (name: string) => Promise<{ value: string } | { missing: string }>;

export function lookupVariable(layers: VariableLayers, name: string): string | undefined {
  for (const layer of [
    layers.run,
    layers.captured,
    layers.scenario,
    layers.profile,
    layers.collection,
  ]) {
    if (Object.prototype.hasOwnProperty.call(layer, name)) return layer[name];
  }
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

/** Every string inside a value (a step as parsed), keys left as they are. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

function mapStrings<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === 'string') return fill(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, fill)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, fill);
    return out as T;
  }
  return value;
}

export interface Resolved<T> {
  value: T;
  /** Names no layer defines, with why when it is a built-in that has no value. */
  unknown: { name: string; why: string | null }[];
  /** The secret values filled in: the run shows them as ‹redacted› wherever they appear. */
  secrets: string[];
}

/** Fills every `{{name}}` inside `value`; the secrets are asked for only when used. */
export async function resolveTemplates<T>(
  value: T,
  layers: VariableLayers,
  secret: SecretLookup,
): Promise<Resolved<T>> {
  const names = new Set(strings(value).flatMap(templateNames));
  const secrets = new Map<string, string>();
  const unknown: Resolved<T>['unknown'] = [];
  for (const name of names) {
    if (isSecretVariable(name)) {
      const found = await secret(name);
      if ('value' in found) secrets.set(name, found.value);
      else unknown.push({ name, why: found.missing });
    } else if (
      !(DYNAMIC_VARIABLES as readonly string[]).includes(name) &&
      lookupVariable(layers, name) === undefined
    ) {
      unknown.push({ name, why: null });
    }
  }
  const lookup = (name: string) =>
    secrets.get(name) ?? dynamicValue(name) ?? lookupVariable(layers, name);
  const filled = mapStrings(value, (text) => fillTemplate(text, lookup).text);
  return { value: filled, unknown, secrets: [...secrets.values()] };
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
