// `{{name}}` in a collection's values: finding the names a value uses and replacing them. The
// runner resolves a step's values with these before anything is sent; the composer shows the
// resolved values with the same function, so what is previewed is what is run.

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** The names a value uses, in order of first use. */
export function templateNames(value: string): string[] {
  const names = new Set<string>();
  for (const match of value.matchAll(PLACEHOLDER)) names.add(match[1] ?? '');
  return [...names];
}

/**
 * `value` cut at each `{{name}}`: its text before the first, then for each the name, the
 * placeholder as written and the text after it; null when it has none. For the runner, which looks
 * at every string of every step it runs and fills the few with a variable once it knows them (one
 * search of each; matchAll would make a RegExp and an iterator at each call).
 */
export function splitTemplate(value: string): string[] | null {
  if (!value.includes('{{')) return null;
  let parts: string[] | null = null;
  let from = 0;
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(value); m !== null; m = PLACEHOLDER.exec(value)) {
    (parts ??= []).push(value.slice(from, m.index), m[1]!, m[0]);
    from = PLACEHOLDER.lastIndex;
  }
  parts?.push(value.slice(from));
  return parts;
}

/**
 * Replaces each `{{name}}` by `lookup(name)`; a name lookup answers undefined for is left as
 * written and reported in `unknown`.
 */
export function fillTemplate(
  value: string,
  lookup: (name: string) => string | undefined,
): { text: string; unknown: string[] } {
  const unknown: string[] = [];
  if (!value.includes('{{')) return { text: value, unknown };
  // A loop of exec, not replace() with a function (V8's slow path, a few µs a string the runner
  // fills). lastIndex is put back after each lookup, which may fill a template of its own.
  let text = '';
  let from = 0;
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(value); m !== null; m = PLACEHOLDER.exec(value)) {
    const after = PLACEHOLDER.lastIndex;
    const name = m[1]!;
    const found = lookup(name);
    PLACEHOLDER.lastIndex = after;
    text += value.slice(from, m.index);
    if (found === undefined) {
      if (!unknown.includes(name)) unknown.push(name);
      text += m[0];
    } else text += found;
    from = after;
  }
  return { text: from === 0 ? value : text + value.slice(from), unknown };
}

/** Built-in names: secrets the engine fills in and never shows, and values made fresh per use. */
const SECRET_VARIABLES = ['client_secret', 'app_token', 'user_token'] as const;
export const DYNAMIC_VARIABLES = ['$uuid', '$timestamp', '$isoTimestamp', '$randomInt'] as const;

export function isSecretVariable(name: string): boolean {
  return (SECRET_VARIABLES as readonly string[]).includes(name);
}
