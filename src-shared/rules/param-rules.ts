// A catalog parameter's rules in words, for the help text under its field: the type, and the bounds
// and allowed values the sandbox enforces (the same ParamSpec validates there).
import type { ParamSpec } from '../spec';

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

/** A rule in words, and the phrases that, all found in a doc, mean the doc already says it. */
interface Rule {
  words: string;
  said: readonly string[];
}

function rules(p: ParamSpec): Rule[] {
  const out: Rule[] = [];
  if (p.minLength !== undefined && p.maxLength !== undefined) {
    const range = `${p.minLength} to ${p.maxLength}`;
    out.push({ words: `${range} characters`, said: [range] });
  } else if (p.maxLength !== undefined) {
    out.push({ words: `at most ${p.maxLength} characters`, said: [`${p.maxLength} characters`] });
  }
  if (p.min !== undefined && p.max !== undefined) {
    const range = `${p.min} to ${p.max}`;
    out.push({ words: range, said: [range] });
  }
  if (p.minItems !== undefined && p.maxItems !== undefined) {
    const range = `${p.minItems} to ${p.maxItems}`;
    out.push({ words: `${range} items`, said: [range] });
  }
  if (p.patternDoc) out.push({ words: p.patternDoc, said: [p.patternDoc] });
  if (p.values && p.kind === 'space_list') {
    // "Space-separated: group_add, interactive" says it when it names every value.
    out.push({ words: `items from: ${p.values.join(', ')}`, said: p.values });
  }
  if (p.appTokenOnly) {
    out.push({ words: 'only with an app-level token', said: ['only with an app-level token'] });
  }
  if (p.secret) out.push({ words: 'a secret: redacted in the log', said: ['redacted'] });
  return out;
}

/** Lower case, punctuation as spaces (a sign or a dot inside a word stays), single spaces. */
export function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_.+-]+/g, ' ')
    .replace(/(^|\s)[.+-]+(?=\s|$)/g, ' ')
    .replace(/\.(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `doc` says `phrase` as whole words, compared normalised. */
export function docSays(doc: string, phrase: string): boolean {
  const needle = normalised(phrase);
  return needle !== '' && ` ${normalised(doc)} `.includes(` ${needle} `);
}

/**
 * The parameter's rules in words for its help text, after its doc: the rules the doc already says
 * ("Latitude, -90 to 90" and -90 to 90) are left out, so the help never says a thing twice.
 */
export function ruleWords(p: ParamSpec): string[] {
  return rules(p)
    .filter((r) => !r.said.every((phrase) => docSays(p.doc, phrase)))
    .map((r) => r.words);
}

/** "required", "required when grant_type is authorization_code", or "optional". */
export function requiredWords(p: ParamSpec): string {
  if (p.required === true) return 'required';
  if (p.required === false) return 'optional';
  return `required when ${p.required.param} is ${p.required.oneOf.join(' or ')}`;
}
