// Profiles: which platform and which app registration the engine talks to. The client secret is
// kept apart from the rest: sealed by the host where it can seal, in memory only where it cannot.
// The embedded sandbox's profile is rewritten from the sandbox's registration at every start.
import { z } from 'zod';
import type { ProfileView, ProfilesState } from '../contract';
import type { CoreHost } from '../host';
import type { Redactor } from '../log/redact';

const StoredProfile = z.object({
  id: z.string().min(1),
  name: z.string(),
  kind: z.enum(['sandbox', 'custom']),
  baseUrl: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  endpointUrl: z.string(),
  managementUrl: z.string(),
  directoryUrl: z.string(),
});
type StoredProfile = z.infer<typeof StoredProfile>;

const SETTINGS_PROFILES = 'profiles';
const SETTINGS_ACTIVE = 'activeProfileId';
const SETTINGS_SEALED_SECRETS = 'sealedSecrets';
export const SANDBOX_PROFILE_ID = 'sandbox';

export interface Profile extends StoredProfile {
  clientSecret: string | undefined;
}

export interface ProfileStore {
  state(): ProfilesState;
  /** The profile by id, or the active one; throws a CommandError-friendly Error when unknown. */
  get(profileId?: string): Profile | undefined;
  activeId(): string;
  /** Problems met while loading, to be logged by the caller. */
  readonly loadWarnings: string[];
}

export function createProfileStore(host: CoreHost, redactor: Redactor): ProfileStore {
  const loadWarnings: string[] = [];
  const memorySecrets = new Map<string, string>();

  const rawProfiles = host.settings.get(SETTINGS_PROFILES);
  const parsed = z.array(StoredProfile).safeParse(rawProfiles ?? []);
  let profiles: StoredProfile[] = parsed.success ? parsed.data : [];
  if (!parsed.success) {
    // Keep what could not be read, so nothing the user typed is lost, and start clean.
    host.settings.set(`${SETTINGS_PROFILES}.unreadable-${Date.now()}`, rawProfiles);
    loadWarnings.push(
      'The saved profiles could not be read; they were set aside and the defaults restored.',
    );
  }

  if (host.sandbox) {
    const { baseUrl, app } = host.sandbox;
    const sandboxProfile: StoredProfile = {
      id: SANDBOX_PROFILE_ID,
      name: `Sandbox (${app.name})`,
      kind: 'sandbox',
      baseUrl,
      clientId: app.clientId,
      redirectUri: app.redirectUri,
      scopes: app.scopes,
      endpointUrl: app.endpointUrl,
      managementUrl: app.managementUrl,
      directoryUrl: app.directoryUrl,
    };
    profiles = [sandboxProfile, ...profiles.filter((p) => p.id !== SANDBOX_PROFILE_ID)];
    // The embedded sandbox makes a new secret at every start: it lives in memory only.
    memorySecrets.set(SANDBOX_PROFILE_ID, app.clientSecret);
  }
  host.settings.set(SETTINGS_PROFILES, profiles);

  const sealed = z
    .record(z.string(), z.string())
    .safeParse(host.settings.get(SETTINGS_SEALED_SECRETS) ?? {});
  const sealedSecrets = sealed.success ? sealed.data : {};

  const secretOf = (id: string): string | undefined => {
    const inMemory = memorySecrets.get(id);
    if (inMemory !== undefined) return inMemory;
    const sealedValue = sealedSecrets[id];
    if (sealedValue === undefined || !host.secrets.available) return undefined;
    try {
      const plain = host.secrets.unseal(sealedValue);
      memorySecrets.set(id, plain);
      return plain;
    } catch {
      loadWarnings.push(
        `The client secret of profile ${id} could not be unsealed; enter it again.`,
      );
      return undefined;
    }
  };
  for (const p of profiles) redactor.addSecret(secretOf(p.id));

  let activeId = String(host.settings.get(SETTINGS_ACTIVE) ?? '');
  if (!profiles.some((p) => p.id === activeId)) activeId = profiles[0]?.id ?? '';

  const view = (p: StoredProfile): ProfileView => ({
    ...p,
    hasClientSecret: secretOf(p.id) !== undefined,
  });

  return {
    loadWarnings,
    state: () => ({ activeProfileId: activeId, profiles: profiles.map(view) }),
    activeId: () => activeId,
    get(profileId) {
      const id = profileId ?? activeId;
      const p = profiles.find((candidate) => candidate.id === id);
      return p ? { ...p, clientSecret: secretOf(p.id) } : undefined;
    },
  };
}
