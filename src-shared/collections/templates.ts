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
 * Replaces each `{{name}}` by `lookup(name)`; a name lookup answers undefined for is left as
 * written and reported in `unknown`.
 */
export function fillTemplate(
  value: string,
  lookup: (name: string) => string | undefined,
): { text: string; unknown: string[] } {
  const unknown: string[] = [];
  const text = value.replace(PLACEHOLDER, (whole, name: string) => {
    const found = lookup(name);
    if (found === undefined) {
      if (!unknown.includes(name)) unknown.push(name);
      return whole;
    }
    return found;
  });
  return { text, unknown };
}

/** Built-in names: secrets the engine fills in and never shows, and values made fresh per use. */
export const SECRET_VARIABLES = ['client_secret', 'app_token', 'user_token'] as const;
export const DYNAMIC_VARIABLES = ['$uuid', '$timestamp', '$isoTimestamp', '$randomInt'] as const;

export function isSecretVariable(name: string): boolean {
  return (SECRET_VARIABLES as readonly string[]).includes(name);
}
