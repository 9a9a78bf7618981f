// `--profile NAME`: a saved profile of the app, and its client secret from the environment.
import type { Core } from '../core/index';
import type { ProfileView } from '../../src-shared/contract';
import { UsageError } from './args';

export const CLIENT_SECRET_ENV = 'TP_CLIENT_SECRET';

export interface ChosenProfile {
  id: string;
  name: string;
  sandbox: boolean;
}

function findByName(profiles: ProfileView[], name: string): ProfileView | undefined {
  const exact = profiles.find((p) => p.name === name);
  if (exact) return exact;
  const loose = profiles.filter((p) => p.name.toLowerCase() === name.trim().toLowerCase());
  return loose.length === 1 ? loose[0] : undefined;
}

/**
 * The profile named `name`. One that is not the sandbox needs `yes` (the run may change that
 * platform's state) and a client secret: TP_CLIENT_SECRET when set (kept as the app keeps secrets),
 * else the one the app already holds.
 */
export async function chooseProfile(
  core: Core,
  name: string,
  options: {
    yes: boolean;
    env: NodeJS.ProcessEnv;
    dataDir: string;
    command?: 'run' | 'check' | 'load' | 'mcp';
  },
): Promise<ChosenProfile> {
  const { profiles } = await core.invoke('profiles.list', {});
  const profile = findByName(profiles, name);
  if (!profile) {
    throw new UsageError(
      `No profile is named "${name}" in ${options.dataDir}. The saved profiles are ${profiles.map((p) => `"${p.name}"`).join(', ')}: give one of these to --profile, --data-dir for another data folder, or leave --profile out to run against a fresh embedded sandbox.`,
    );
  }
  const chosen = { id: profile.id, name: profile.name, sandbox: profile.kind === 'sandbox' };
  if (chosen.sandbox) return chosen;
  if (!options.yes) {
    throw new UsageError(
      `Profile "${profile.name}" is not the sandbox: the run may change the state of ${profile.baseUrl} (send messages, add and remove contacts). Add --yes to confirm.`,
    );
  }
  const secret = options.env[CLIENT_SECRET_ENV];
  if (secret !== undefined && secret !== '') {
    await core.invoke('profiles.update', {
      profileId: profile.id,
      changes: { clientSecret: secret },
    });
  } else if (!profile.hasClientSecret) {
    throw new UsageError(
      `Profile "${profile.name}" has no client secret here: set ${CLIENT_SECRET_ENV} in the environment (${CLIENT_SECRET_ENV}=… npm run -s tp -- ${options.command ?? 'run'} …).`,
    );
  }
  return chosen;
}
