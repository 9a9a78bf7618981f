// What a step saw, as fields a person can turn into checks (the Runner's Check this): each scalar
// of a response's JSON or a delivery's data JSON with its body path (body-path.ts reads them back).
// Bounded: an answer is untrusted and may be large, and the view goes to the window at each change.
import type { ObservedField } from '../../../src-shared/contract';

/** At most this many fields a step; the rest are left out (the YAML takes any path by hand). */
export const MAX_OBSERVED_FIELDS = 100;
const MAX_DEPTH = 8;
const MAX_VALUE_CHARS = 2000;

/** A key a body path can name: dots and brackets would split it. */
const PATH_KEY = /^[^.[\]]+$/;

/**
 * The scalar fields of `value` in document order. A field whose value `isSecret` says is a secret
 * is left out, as are long texts and keys a path cannot name.
 */
export function observedFields(
  value: unknown,
  isSecret: (value: string) => boolean,
): ObservedField[] {
  const fields: ObservedField[] = [];
  const walk = (node: unknown, path: string, depth: number): void => {
    if (fields.length >= MAX_OBSERVED_FIELDS) return;
    if (node === null || ['string', 'number', 'boolean'].includes(typeof node)) {
      if (path === '') return;
      const scalar = node as ObservedField['value'];
      if (typeof scalar === 'string' && (scalar.length > MAX_VALUE_CHARS || isSecret(scalar)))
        return;
      if (typeof scalar === 'number' && !Number.isFinite(scalar)) return;
      fields.push({ path, value: scalar });
      return;
    }
    if (depth >= MAX_DEPTH || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
      return;
    }
    for (const [key, inner] of Object.entries(node as Record<string, unknown>)) {
      if (!PATH_KEY.test(key)) continue;
      walk(inner, path === '' ? key : `${path}.${key}`, depth + 1);
    }
  };
  walk(value, '', 0);
  return fields;
}
