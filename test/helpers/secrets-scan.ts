// Looks for secrets in clear on disk: every token and client secret the sandbox knows (from its
// saved state), searched for in every file under a directory, in every form text gives a secret.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningSandbox } from '../../src-main/sandbox/index';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function collect(state: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(state)) state.forEach((v) => collect(v, found));
  else if (state && typeof state === 'object') {
    for (const [key, value] of Object.entries(state)) {
      if (
        typeof value === 'string' &&
        /^(token|client_secret|access_token|refresh_token)$/.test(key) &&
        value.length >= 16
      ) {
        found.add(value);
      } else collect(value, found);
    }
  }
  return found;
}

/** Every secret the sandbox holds now (client secret, access and refresh tokens). */
export async function sandboxSecrets(sandbox: RunningSandbox, scratchDir: string) {
  const file = join(scratchDir, `sandbox-state-${Date.now()}.json`);
  await sandbox.saveState(file);
  try {
    return collect(JSON.parse(readFileSync(file, 'utf8')), new Set());
  } finally {
    rmSync(file, { force: true });
  }
}

const jsonEscape = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * Every form a secret takes in text, written here apart from the engine's redactor so that a test
 * does not check the code against itself: as it is; percent-encoded (either case of hex), as in a
 * URL; form-encoded (`+` for a space), as in a query string or a form body; each of those escaped
 * inside a JSON string (also as encoders that write `\/` and `\uXXXX` do), and escaped twice (a
 * JSON body kept as text in a JSON line).
 */
function secretForms(secret: string): string[] {
  const encoded = [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    new URLSearchParams({ s: secret }).toString().slice(2),
    encodeURIComponent(secret).replace(/%20/g, '+'),
  ];
  const forms = new Set<string>();
  for (const e of encoded) {
    const ascii = jsonEscape(e)
      .replace(/\//g, '\\/')
      .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    for (const form of [e, jsonEscape(e), ascii, jsonEscape(jsonEscape(e)), jsonEscape(ascii)])
      forms.add(form);
  }
  return [...forms];
}

/** The secrets found in the text in any of their forms (secretForms). */
export function secretsIn(text: string, secrets: Iterable<string>): string[] {
  return [...secrets].filter((s) => secretForms(s).some((form) => text.includes(form)));
}

/** file → the secrets found in it in any form (only files with a find). */
export function leaksIn(dir: string, secrets: Set<string>): Record<string, number> {
  const leaks: Record<string, number> = {};
  for (const file of filesUnder(dir)) {
    const found = secretsIn(readFileSync(file, 'utf8'), secrets).length;
    if (found) leaks[file] = found;
  }
  return leaks;
}
