// A catalog parameter's rules in words, for the help text under its field: the type, and the bounds
// and allowed values the sandbox enforces (the same ParamSpec validates there).
import type { ParamSpec } from '../../../../src-main/core/spec';

const KIND_WORDS: Record<ParamSpec['kind'], string> = {
  string: 'string',
  boolean: 'boolean',
  double: 'number (double)',
  space_list: 'space-separated list',
  url: 'URL',
  vcard: 'contact XML',
  file: 'file (multipart)',
};

export function kindWords(p: ParamSpec): string {
  return KIND_WORDS[p.kind];
}

export function ruleWords(p: ParamSpec): string[] {
  const rules: string[] = [];
  if (p.minLength !== undefined && p.maxLength !== undefined) {
    rules.push(`${p.minLength} to ${p.maxLength} characters`);
  } else if (p.maxLength !== undefined) rules.push(`at most ${p.maxLength} characters`);
  if (p.min !== undefined && p.max !== undefined) rules.push(`${p.min} to ${p.max}`);
  if (p.minItems !== undefined && p.maxItems !== undefined) {
    rules.push(`${p.minItems} to ${p.maxItems} items`);
  }
  if (p.patternDoc) rules.push(p.patternDoc);
  if (p.values && p.kind === 'space_list') rules.push(`items from: ${p.values.join(', ')}`);
  if (p.appTokenOnly) rules.push('only with an app-level token');
  if (p.secret) rules.push('a secret: redacted in the log');
  return rules;
}

/** "required", "required when grant_type is authorization_code", or "optional". */
export function requiredWords(p: ParamSpec): string {
  if (p.required === true) return 'required';
  if (p.required === false) return 'optional';
  return `required when ${p.required.param} is ${p.required.oneOf.join(' or ')}`;
}
