// A structural diff of two JSON values: each place where they differ, by body path (format.ts,
// BodyPath), as a value changed, a field added or a field removed. This is what a failed snapshot
// check says, so a person sees what changed rather than two payloads to compare by eye.

type Difference =
  | { kind: 'changed'; path: string; expected: unknown; actual: unknown }
  | { kind: 'added'; path: string; actual: unknown }
  | { kind: 'removed'; path: string; expected: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const keyPath = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
const shownPath = (path: string) => (path === '' ? '$' : path);

/** Every difference from `expected` to `actual`, depth first, keys in `expected`'s order first. */
export function structuralDiff(expected: unknown, actual: unknown, path = ''): Difference[] {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const out: Difference[] = [];
    const length = Math.max(expected.length, actual.length);
    for (let i = 0; i < length; i++) {
      const at = `${path}[${i}]`;
      if (i >= actual.length) out.push({ kind: 'removed', path: at, expected: expected[i] });
      else if (i >= expected.length) out.push({ kind: 'added', path: at, actual: actual[i] });
      else out.push(...structuralDiff(expected[i], actual[i], at));
    }
    return out;
  }
  if (isRecord(expected) && isRecord(actual)) {
    const out: Difference[] = [];
    for (const [key, value] of Object.entries(expected)) {
      const at = keyPath(path, key);
      if (Object.prototype.hasOwnProperty.call(actual, key))
        out.push(...structuralDiff(value, actual[key], at));
      else out.push({ kind: 'removed', path: at, expected: value });
    }
    for (const [key, value] of Object.entries(actual))
      if (!Object.prototype.hasOwnProperty.call(expected, key))
        out.push({ kind: 'added', path: keyPath(path, key), actual: value });
    return out;
  }
  if (JSON.stringify(expected) === JSON.stringify(actual)) return [];
  return [{ kind: 'changed', path: shownPath(path), expected, actual }];
}

const MAX_VALUE = 80;
const MAX_SHOWN = 20;

function valueWords(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/** `data.body: "Hello" → "Hi"; added: data.extra = 1; removed: data.old`, the first 20. */
export function diffWords(differences: readonly Difference[]): string {
  const shown = differences.slice(0, MAX_SHOWN).map((d) => {
    if (d.kind === 'changed')
      return `${d.path}: ${valueWords(d.expected)} → ${valueWords(d.actual)}`;
    if (d.kind === 'added') return `added: ${d.path} = ${valueWords(d.actual)}`;
    return `removed: ${d.path} (was ${valueWords(d.expected)})`;
  });
  const more = differences.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}
