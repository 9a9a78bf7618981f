// Validates a request's parameters against an endpoint of the catalog. Pure: the sandbox runs it
// on every request and the client can run it before sending.
import type { EndpointSpec } from './endpoints';
import type { ErrorCode } from './errors';
import type { ParamCondition, ParamSpec, ParamValue } from './params';
import { splitSpaceList } from './scopes';

export interface ParamInput {
  /** Text fields (query or form), each with every value given. */
  fields: ReadonlyMap<string, readonly string[]>;
  /** Names of the file parts of a multipart body. */
  files: ReadonlySet<string>;
}

interface ValidationOptions {
  /** Structural check of a `vcard` value: null when valid, otherwise what is wrong. */
  vcard?: (xml: string) => string | null;
}

type ValidationResult =
  { ok: true; params: Params } | { ok: false; error: ErrorCode; description: string };

/** Validated values with typed getters; absent optional parameters are undefined. */
export class Params {
  constructor(private readonly values: ReadonlyMap<string, ParamValue>) {}
  has(name: string): boolean {
    return this.values.has(name);
  }
  str(name: string): string | undefined {
    const v = this.values.get(name);
    return typeof v === 'string' ? v : undefined;
  }
  num(name: string): number | undefined {
    const v = this.values.get(name);
    return typeof v === 'number' ? v : undefined;
  }
  bool(name: string): boolean | undefined {
    const v = this.values.get(name);
    return typeof v === 'boolean' ? v : undefined;
  }
  list(name: string): string[] | undefined {
    const v = this.values.get(name);
    return Array.isArray(v) ? v : undefined;
  }
}

function conditionHolds(cond: ParamCondition, fields: ParamInput['fields']): boolean {
  const first = fields.get(cond.param)?.[0];
  return first !== undefined && cond.oneOf.includes(first);
}

function isRequired(p: ParamSpec, fields: ParamInput['fields']): boolean {
  return typeof p.required === 'boolean' ? p.required : conditionHolds(p.required, fields);
}

const compiled = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source);
    compiled.set(source, re);
  }
  return re;
}

const DOUBLE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$/;

type Check = { ok: true; value: ParamValue } | { ok: false; error: ErrorCode; description: string };

const bad = (description: string, error: ErrorCode = 'invalid_request'): Check => ({
  ok: false,
  error,
  description,
});

function checkString(p: ParamSpec, raw: string): Check {
  const length = [...raw].length;
  if (p.minLength !== undefined && length < p.minLength) {
    return bad(`${p.name} must be at least ${p.minLength} characters long.`);
  }
  if (p.maxLength !== undefined && length > p.maxLength) {
    return bad(`${p.name} must be at most ${p.maxLength} characters long (got ${length}).`);
  }
  if (p.pattern !== undefined && !regex(p.pattern).test(raw)) {
    return bad(`${p.name} must be ${p.patternDoc ?? `of the form ${p.pattern}`}.`);
  }
  if (p.values !== undefined && !p.values.includes(raw)) {
    return bad(
      `${p.name} "${raw.slice(0, 64)}" is not one of ${p.values.join(', ')}.`,
      p.valueError,
    );
  }
  return { ok: true, value: raw };
}

function checkValue(p: ParamSpec, raw: string, options: ValidationOptions): Check {
  switch (p.kind) {
    case 'string':
      return checkString(p, raw);
    case 'boolean':
      if (raw === 'true' || raw === '1') return { ok: true, value: true };
      if (raw === 'false' || raw === '0') return { ok: true, value: false };
      return bad(`${p.name} must be true, false, 1 or 0.`);
    case 'double': {
      const n = Number(raw);
      if (!DOUBLE.test(raw) || !Number.isFinite(n)) return bad(`${p.name} must be a number.`);
      if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max)) {
        return bad(`${p.name} must be between ${p.min} and ${p.max} (got ${n}).`);
      }
      return { ok: true, value: n };
    }
    case 'url': {
      if (raw === '') return { ok: true, value: '' };
      let url: URL | null = null;
      try {
        url = new URL(raw);
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || raw.length > 2048) {
        return bad(`${p.name} must be an absolute http(s) URL.`);
      }
      return { ok: true, value: raw };
    }
    case 'space_list': {
      const items = [...new Set(splitSpaceList(raw))];
      if (p.minItems !== undefined && items.length < p.minItems) {
        return bad(`${p.name} must list at least ${p.minItems} value(s).`);
      }
      if (p.maxItems !== undefined && items.length > p.maxItems) {
        return bad(`${p.name} must list at most ${p.maxItems} values (got ${items.length}).`);
      }
      for (const item of items) {
        if (p.values !== undefined && !p.values.includes(item)) {
          return bad(
            `${p.name}: "${item.slice(0, 64)}" is not one of ${p.values.join(', ')}.`,
            p.valueError,
          );
        }
        if (p.pattern !== undefined && !regex(p.pattern).test(item)) {
          return bad(`${p.name}: "${item.slice(0, 64)}" is not a valid value.`);
        }
      }
      return { ok: true, value: items };
    }
    case 'vcard': {
      const length = checkString({ ...p, kind: 'string' }, raw);
      if (!length.ok) return length;
      const problem = options.vcard?.(raw) ?? null;
      return problem === null ? { ok: true, value: raw } : bad(`${p.name}: ${problem}`);
    }
    case 'file':
      return bad(`${p.name} must be sent as a file part of a multipart/form-data body.`);
  }
}

export function validateParams(
  endpoint: Pick<EndpointSpec, 'params'>,
  input: ParamInput,
  options: ValidationOptions = {},
): ValidationResult {
  const values = new Map<string, ParamValue>();
  for (const p of endpoint.params) {
    const raws = input.fields.get(p.name);
    const hasFile = input.files.has(p.name);
    if (p.onlyWhen && !conditionHolds(p.onlyWhen, input.fields)) {
      if (hasFile) {
        return {
          ok: false,
          error: 'invalid_request',
          description: `A ${p.name} part is only accepted with ${p.onlyWhen.param} ${p.onlyWhen.oneOf.join(', ')}.`,
        };
      }
      continue;
    }
    const required = isRequired(p, input.fields);
    if (p.kind === 'file') {
      if (raws !== undefined) {
        return {
          ok: false,
          error: 'invalid_request',
          description: `${p.name} must be a file part, not a text field.`,
        };
      }
      if (required && !hasFile) {
        return {
          ok: false,
          error: 'invalid_request',
          description: `${p.name} is missing: this msg_type needs a file part (multipart/form-data).`,
        };
      }
      continue;
    }
    if (hasFile) {
      return {
        ok: false,
        error: 'invalid_request',
        description: `${p.name} must be a text field, not a file.`,
      };
    }
    if (raws !== undefined && raws.length > 1) {
      return {
        ok: false,
        error: 'invalid_request',
        description: `${p.name} is given more than once.`,
      };
    }
    const raw = raws?.[0];
    if (raw === undefined || (raw === '' && required)) {
      if (required) {
        return { ok: false, error: 'invalid_request', description: `${p.name} is missing.` };
      }
      continue;
    }
    const checked = checkValue(p, raw, options);
    if (!checked.ok) return checked;
    values.set(p.name, checked.value);
  }
  return { ok: true, params: new Params(values) };
}
