// Looks for secrets in clear on disk: every token and client secret the sandbox knows (from its
// saved state), searched for in every file under a directory.
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

/** file → the secrets found in it in clear (only files with a find). */
export function leaksIn(dir: string, secrets: Set<string>): Record<string, number> {
  const leaks: Record<string, number> = {};
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, 'utf8');
    const found = [...secrets].filter((s) => text.includes(s)).length;
    if (found) leaks[file] = found;
  }
  return leaks;
}
