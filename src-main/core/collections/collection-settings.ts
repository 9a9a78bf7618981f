// What the engine keeps about collections in the host's settings: the folders opened recently,
// and each profile's variables (one set per environment). Collection files hold neither: a
// folder is shared through version control, these stay with the person.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { isSecretVariable } from '../../../src-shared/collections/templates';
import { CommandError, RecentCollection } from '../../../src-shared/contract';
import type { SettingsStore } from '../host-interface';
import type { Redactor } from '../log';

const SETTINGS_RECENT = 'collections.recent';
const MAX_RECENT = 10;
const profileVariablesKey = (profileId: string) => `collections.variables.${profileId}`;

function recentCollections(settings: SettingsStore): RecentCollection[] {
  const parsed = z.array(RecentCollection).safeParse(settings.get(SETTINGS_RECENT) ?? []);
  return parsed.success ? parsed.data : [];
}

/** The folders opened before that still exist, newest first. */
export function listRecent(settings: SettingsStore): RecentCollection[] {
  return recentCollections(settings).filter((r) => existsSync(r.folder));
}

export function recordRecent(settings: SettingsStore, folder: string, name: string): void {
  const others = recentCollections(settings).filter((r) => r.folder !== folder);
  const entry = { folder, name, openedAt: new Date().toISOString() };
  settings.set(SETTINGS_RECENT, [entry, ...others].slice(0, MAX_RECENT));
}

export function profileVariables(
  settings: SettingsStore,
  profileId: string,
): Record<string, string> {
  const parsed = z
    .record(z.string(), z.string())
    .safeParse(settings.get(profileVariablesKey(profileId)) ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * Settings are plain text on disk: a secret is refused here, by its name (the engine fills the
 * client secret and tokens itself) or by its value (one the engine knows as a secret).
 */
export function setProfileVariables(
  settings: SettingsStore,
  redactor: Redactor,
  profileId: string,
  variables: Record<string, string>,
): Record<string, string> {
  for (const [name, value] of Object.entries(variables)) {
    if (isSecretVariable(name)) {
      throw new CommandError({
        code: 'invalid_input',
        message: `{{${name}}} is filled in by the engine from the profile and its tokens, and is never stored as a variable: remove ${name} from the variables.`,
      });
    }
    if (redactor.holdsSecret(JSON.stringify(value))) {
      throw new CommandError({
        code: 'invalid_input',
        message: `The value of ${name} is a secret (a client secret or a token): variables are kept in clear in the settings. Use {{client_secret}}, or let a step capture the token, instead.`,
      });
    }
  }
  settings.set(profileVariablesKey(profileId), variables);
  return variables;
}
