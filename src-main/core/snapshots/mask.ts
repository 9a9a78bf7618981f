// Volatile fields of a snapshot: values that differ at every run though nothing changed (ids,
// times, tokens, signatures). They are replaced by MASKED before a value is stored or compared, so
// a snapshot fails only on a change a person would call one. Masked by default: by the field's
// name, and by the value's shape (an ISO time, a UUID, a long random id, an epoch time), wherever
// they are; a check adds field names or body paths of its own (format.ts, SnapshotCheck).
import { parseBodyPath } from '../runner';

export const MASKED = '‹masked›';

/**
 * Names of fields whose value changes at every run: `id`, `user_id`, `created_at`, `token`..., and
 * the addresses of a delivery's data (`sender`, `recipient`, `owner`: a user or contact made for
 * the run, API document §6).
 */
const VOLATILE_NAME =
  /^(id|ids|seq|nonce|otp|timestamp|time|date|created|updated|expires|sender|recipient|owner|occupants|user|contact|room)$|(_id|_ids|Id|Ids|_at|_time|_date|token|Token|secret|Secret|signature|Signature|password)$/;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** Anywhere in the text: `bob-<uuid>@…` is an id made for the run as much as the UUID alone. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** 16 characters or more of an id's alphabet, with letters and digits mixed: a random id or key. */
const RANDOM_ID = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_\-+/=.:]{16,}$/;

/** A value that looks generated: the same request answers another one at the next run. */
function looksVolatile(value: unknown): boolean {
  if (typeof value === 'number')
    // Epoch seconds (2001 to 2286) or milliseconds: a count is rarely that large.
    return (
      Number.isInteger(value) && ((value >= 1e9 && value < 1e10) || (value >= 1e12 && value < 1e13))
    );
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return ISO_TIME.test(text) || UUID.test(text) || RANDOM_ID.test(text);
}

const isVolatileName = (name: string): boolean => VOLATILE_NAME.test(name);

interface Masked {
  value: unknown;
  /** The body paths masked, in the order met (`id`, `list[0].created_at`). */
  paths: string[];
}

const joinKey = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Canonical body paths (`a.b[0]`) of `paths`, those that are not well formed left out. */
function canonicalPaths(paths: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const path of paths) {
    const segments = parseBodyPath(path);
    if (!segments) continue;
    let text = '';
    for (const s of segments) text = 'index' in s ? `${text}[${s.index}]` : joinKey(text, s.key);
    out.add(text === '' ? '$' : text);
  }
  return out;
}

/**
 * `value` with its volatile fields replaced by MASKED. `extra`: field names (masked wherever they
 * are) and body paths (`data.body`, `list[0].text`) a check or a stored snapshot adds.
 */
export function maskVolatile(value: unknown, extra: readonly string[] = []): Masked {
  const names = new Set(extra.filter((e) => /^[^.[\]]+$/.test(e) && e !== '$'));
  const paths = canonicalPaths(extra);
  const masked: string[] = [];
  const walk = (node: unknown, path: string, key: string | null): unknown => {
    const shown = path === '' ? '$' : path;
    const leaf = node === null || typeof node !== 'object';
    // A name masks a value, not a whole object: `user: { name: Ada }` keeps the name compared.
    const byName = leaf && key !== null && (isVolatileName(key) || names.has(key));
    if (paths.has(shown) || byName || looksVolatile(node)) {
      masked.push(shown);
      return MASKED;
    }
    // The items of a list go by the list's name: each of `ids: [...]` is an id.
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${path}[${i}]`, key));
    if (node !== null && typeof node === 'object')
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [k, walk(v, joinKey(path, k), k)]),
      );
    return node;
  };
  return { value: walk(value, '', null), paths: masked };
}
