// The contract check: a response compared with the shape the catalog gives its endpoint
// (src-shared/spec/shapes.ts), reporting missing fields, extra fields and wrong types as sentences.
// zod alone would strip extra fields silently, so the schema is walked beside the value.
import type { z } from 'zod';
import {
  ContactData,
  LocationData,
  MediaData,
  StickerData,
  TextData,
  isMediaMsgType,
  type EndpointSpec,
} from '../../../src-shared/spec';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const MAX_ISSUES = 50;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object'
    ? 'an object'
    : `${typeof value} ${JSON.stringify(value)}`.slice(0, 60);
}

function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let optional = false;
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (
      (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') &&
      def.innerType
    ) {
      if (def.type !== 'nullable') optional = true;
      current = def.innerType;
      continue;
    }
    return { schema: current, optional };
  }
}

function walk(schema: z.ZodType, value: unknown, path: string, out: Set<string>): void {
  if (out.size >= MAX_ISSUES) return;
  const { schema: s } = unwrap(schema);
  const def = defOf(s);
  const at = path || 'the response';
  switch (def.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        out.add(`${at}: expected an object, got ${describe(value)}`);
        return;
      }
      const obj = value as Record<string, unknown>;
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        const childPath = path ? `${path}.${key}` : key;
        if (obj[key] === undefined) {
          if (!unwrap(child).optional) out.add(`missing field ${childPath}`);
          continue;
        }
        walk(child, obj[key], childPath, out);
      }
      for (const key of Object.keys(obj)) {
        if (!(key in (def.shape ?? {}))) out.add(`extra field ${path ? `${path}.${key}` : key}`);
      }
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) {
        out.add(`${at}: expected an array, got ${describe(value)}`);
        return;
      }
      // One path for every element ("rooms[].room"), so a problem of every element is said once.
      for (const item of value) walk(def.element!, item, `${path}[]`, out);
      return;
    }
    case 'record': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        out.add(`${at}: expected an object, got ${describe(value)}`);
        return;
      }
      for (const [key, item] of Object.entries(value)) {
        walk(def.valueType!, item, path ? `${path}.${key}` : key, out);
      }
      return;
    }
    case 'union': {
      const options = def.options ?? [];
      if (def.discriminator && value !== null && typeof value === 'object') {
        const tag = (value as Record<string, unknown>)[def.discriminator];
        const match = options.find((o) =>
          (defOf(unwrap(defOf(o).shape?.[def.discriminator!] ?? o).schema).values ?? []).includes(
            tag,
          ),
        );
        if (!match) {
          out.add(
            `${path ? `${path}.` : ''}${def.discriminator}: ${describe(tag)} is not a documented value`,
          );
          return;
        }
        walk(match, value, path, out);
        return;
      }
      // The option that fits best is the one with the fewest complaints.
      let best: Set<string> | null = null;
      for (const o of options) {
        const found = new Set<string>();
        walk(o, value, path, found);
        if (!best || found.size < best.size) best = found;
      }
      for (const issue of best ?? []) out.add(issue);
      return;
    }
    case 'unknown':
    case 'any':
      return;
    default: {
      const result = s.safeParse(value);
      if (!result.success) {
        out.add(`${at}: ${result.error.issues[0]?.message ?? 'invalid'} (got ${describe(value)})`);
      }
    }
  }
}

/** `root`: the path of `value` inside the response ('' for the response itself). */
export function compareShape(schema: z.ZodType, value: unknown, root = ''): string[] {
  const out = new Set<string>();
  walk(schema, value, root, out);
  return [...out];
}

/** `data` of a sent message by msg_type: 2.4 shows text; the others follow docs/sandbox.md, Messages. */
function messageDataShape(msgType: string): z.ZodType | null {
  if (msgType === 'text') return TextData;
  if (msgType === 'sticker') return StickerData;
  if (msgType === 'location') return LocationData;
  if (msgType === 'contact') return ContactData;
  return isMediaMsgType(msgType) ? MediaData : null;
}

/** Shape issues of a 2xx JSON response (other statuses have no documented body). */
export function responseShapeIssues(
  endpoint: EndpointSpec,
  status: number | null,
  json: unknown,
  fields: Record<string, string>,
): string[] {
  if (status === null || status < 200 || status >= 300 || !endpoint.response) return [];
  if (json === null)
    return ['the response is not JSON, but the API document says responses are JSON'];
  const issues = compareShape(endpoint.response, json);
  const msgType = fields.msg_type ?? '';
  if (endpoint.id === 'message.send' && json !== null && typeof json === 'object') {
    const shape = messageDataShape(msgType);
    const data = (json as Record<string, unknown>).data;
    if (shape && data !== undefined) {
      const suffix =
        msgType === 'text' ? '' : ' (as the sandbox sends it; the API document does not show it)';
      for (const issue of compareShape(shape, data, 'data')) issues.push(`${issue}${suffix}`);
    }
  }
  return issues;
}
