// A structural diff of two JSON-like values: which paths were added, removed or changed, leaf by
// leaf, so two deliveries that differ by one word of their text say `data.message.text` rather
// than "the body differs". Each change says whether it sits under a volatile field (an id, a
// timestamp, a token, a signature): those differ between any two records of the same thing, so a
// view hides them by default and lists how many it hid. Pure, and tolerant of any input: what is
// compared came from outside (deliveries, responses).

/** One step of a path: an object's key or an array's index. */
type PathStep = string | number;

interface DiffChange {
  path: PathStep[];
  kind: 'added' | 'removed' | 'changed';
  /** Absent for `added`. */
  left?: unknown;
  /** Absent for `removed`. */
  right?: unknown;
  /** Under a volatile field: see isVolatileKey. */
  volatile: boolean;
}

interface StructuralDiff {
  changes: DiffChange[];
  /** Leaves equal on both sides. */
  same: number;
  /** Set when the changes were cut at MAX_CHANGES (the rest were not listed). */
  truncated: boolean;
}

/** Changes listed at most: a view of more is no use, and the input is untrusted. */
export const MAX_CHANGES = 2000;
/** Nesting followed at most; deeper values are compared whole (as their JSON text). */
const MAX_DEPTH = 64;

/**
 * The words a volatile key ends with (`message_id`, `x-request-id`, `access_token`,
 * `X-Signature`, `created_at`, `Date`). Only the last word counts: `signature_method` and
 * `expires_in` are not volatile, they are the same for every record of a kind.
 */
const VOLATILE_LAST_WORDS = new Set([
  'id',
  'ids',
  'uuid',
  'guid',
  'nonce',
  'timestamp',
  'ts',
  'date',
  'time',
  'at',
  'etag',
  'token',
  'tokens',
  'signature',
  'secret',
  'authorization',
  'cookie',
]);

/** Whether values under this key differ between any two records (ids, timestamps, tokens, signatures). */
export function isVolatileKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words[words.length - 1];
  return last !== undefined && VOLATILE_LAST_WORDS.has(last);
}

/** A path as a person reads it: `data.message.text`, `headers["content-type"]`, `items[2]`. */
export function pathText(path: readonly PathStep[]): string {
  let text = '';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(step)) text += text === '' ? step : `.${step}`;
    else text += `[${JSON.stringify(step)}]`;
  }
  return text;
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compares whole (JSON text): for values nested past MAX_DEPTH. */
function sameWhole(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/** The changes from `left` to `right`, in the order of left's keys, then keys only right has. */
export function structuralDiff(left: unknown, right: unknown): StructuralDiff {
  const out: StructuralDiff = { changes: [], same: 0, truncated: false };
  const add = (change: DiffChange) => {
    if (out.changes.length >= MAX_CHANGES) out.truncated = true;
    else out.changes.push(change);
  };
  const walk = (a: unknown, b: unknown, path: PathStep[], volatile: boolean) => {
    if (path.length >= MAX_DEPTH) {
      if (sameWhole(a, b)) out.same++;
      else add({ path, kind: 'changed', left: a, right: b, volatile });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) {
        const p = [...path, i];
        if (i >= b.length) add({ path: p, kind: 'removed', left: a[i], volatile });
        else if (i >= a.length) add({ path: p, kind: 'added', right: b[i], volatile });
        else walk(a[i], b[i], p, volatile);
      }
      return;
    }
    if (isPlain(a) && isPlain(b)) {
      for (const key of Object.keys(a)) {
        const p = [...path, key];
        const v = volatile || isVolatileKey(key);
        if (!Object.hasOwn(b, key)) add({ path: p, kind: 'removed', left: a[key], volatile: v });
        else walk(a[key], b[key], p, v);
      }
      for (const key of Object.keys(b)) {
        if (Object.hasOwn(a, key)) continue;
        const v = volatile || isVolatileKey(key);
        add({ path: [...path, key], kind: 'added', right: b[key], volatile: v });
      }
      return;
    }
    // Leaves, or values of different shapes (an object and an array, a string and null).
    if (Object.is(a, b)) out.same++;
    else add({ path, kind: 'changed', left: a, right: b, volatile });
  };
  walk(left, right, [], false);
  return out;
}
