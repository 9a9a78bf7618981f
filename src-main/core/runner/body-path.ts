// JSON paths into a response body or a delivery's data (format.ts, BodyPath): `user.name`,
// `not_authorized[0]`, `$` for the whole value. A path that leads nowhere is "not found", which a
// check words as "absent" rather than as undefined.

export type PathLookup = { found: true; value: unknown } | { found: false };

type Segment = { key: string } | { index: number };

/** `a.b[0].c` → key a, key b, index 0, key c; null when the path is not well formed. */
export function parseBodyPath(path: string): Segment[] | null {
  let text = path.trim();
  if (text === '$') return [];
  if (text.startsWith('$.')) text = text.slice(2);
  else if (text.startsWith('$[')) text = text.slice(1);
  const segments: Segment[] = [];
  const parts = text.split('.');
  for (const [i, part] of parts.entries()) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) return null;
    const [, key = '', indices = ''] = match;
    // Only the first part may be indices alone (`[0].id`, the body being a list).
    if (key === '' && (i > 0 || indices === '')) return null;
    if (key !== '') segments.push({ key });
    for (const index of indices.matchAll(/\[(\d+)\]/g)) segments.push({ index: Number(index[1]) });
  }
  return segments;
}

export function readBodyPath(value: unknown, path: string): PathLookup {
  const segments = parseBodyPath(path);
  if (!segments) return { found: false };
  let current: unknown = value;
  for (const segment of segments) {
    if ('index' in segment) {
      if (!Array.isArray(current) || segment.index >= current.length) return { found: false };
      current = current[segment.index];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current))
        return { found: false };
      if (!Object.prototype.hasOwnProperty.call(current, segment.key)) return { found: false };
      current = (current as Record<string, unknown>)[segment.key];
    }
  }
  return { found: true, value: current };
}

/** A value as a capture keeps it: text as it is, anything else as JSON. */
export function valueAsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}
