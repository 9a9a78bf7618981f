// A step's captures: values it keeps for the steps after it (format.ts, Captures). Sources:
// `status`, `header.<name>`, `body.<path>`, `data.<path>`, and the named values of each kind of step
// (`seq`, `user_id`, `id`, ...: step-context.ts, CaptureSource).
import { readBodyPath, valueAsText } from './body-path';
import type { CaptureSource } from './step-context';

interface CaptureResult {
  values: Record<string, string>;
  /** In words: each capture whose source the step did not have. */
  missing: string[];
}

function read(source: CaptureSource, from: string): string | undefined {
  if (from === 'status')
    return source.status === undefined || source.status === null
      ? undefined
      : String(source.status);
  if (from.startsWith('header.')) return source.headers?.[from.slice(7).toLowerCase()];
  for (const [prefix, holder] of [
    ['body', source.body],
    ['data', source.data],
  ] as const) {
    if (from === prefix || from.startsWith(`${prefix}.`) || from.startsWith(`${prefix}[`)) {
      if (!holder) return undefined;
      const path = from === prefix ? '$' : from.slice(prefix.length).replace(/^\./, '');
      const found = readBodyPath(holder.value, path);
      return found.found ? valueAsText(found.value) : undefined;
    }
  }
  return source.values[from];
}

export function takeCaptures(spec: Record<string, string>, source: CaptureSource): CaptureResult {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const [name, from] of Object.entries(spec)) {
    const value = read(source, from.trim());
    if (value === undefined) {
      const known = [
        ...(source.status !== undefined && source.status !== null ? ['status'] : []),
        ...(source.headers ? ['header.<name>'] : []),
        ...(source.body ? ['body.<path>'] : []),
        ...(source.data ? ['data.<path>'] : []),
        ...Object.keys(source.values),
      ];
      missing.push(`capture ${name}: this step has no ${from} (it has ${known.join(', ')})`);
    } else values[name] = value;
  }
  return { values, missing };
}
