// Profiles: which platform and which app registration the engine talks to. The client secret is
// kept apart, in the secret vault. The embedded sandbox's profile is rewritten from the sandbox's
// registration at every start and cannot be edited here (duplicate it to make a variant).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  CommandError,
  ProfileInput,
  type ProfileView,
  type ProfilesState,
} from '../../../src-shared/contract';
import type { CoreHost } from '../host-interface';
import type { Redactor } from '../log';
import { loadStoredSecrets, type SecretVault } from '../secrets';

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
export const SANDBOX_PROFILE_ID = 'sandbox';
const EXPORT_FORMAT = 'tp-inspector-profiles';
const EXPORT_VERSION = 1;

/**
 * A schema's type complaint in words ("is missing", "must be a list, not text"); other messages
 * as they are, after a colon.
 */
function typeWords(message: string): string {
  const m = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (!m) return `: ${message}`;
  const noun = (t: string) => TYPE_NOUNS[t] ?? `a ${t}`;
  return m[2] === 'undefined' ? 'is missing' : `must be ${noun(m[1]!)}, not ${noun(m[2]!)}`;
}
const TYPE_NOUNS: Record<string, string> = {
  string: 'text',
  array: 'a list',
  object: 'an object',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

export const clientSecretKey = (profileId: string) => `profile:${profileId}:clientSecret`;

/**
 * The embedded sandbox's client secret from the last start, for the host to start the sandbox
 * with; undefined the first time, where secrets stay in memory, or when it cannot be read back
 * (the sandbox then makes a new one).
 */
export function storedSandboxSecret(
  host: Pick<CoreHost, 'settings' | 'secrets' | 'paths'>,
): string | undefined {
  return loadStoredSecrets(host).secrets.get(clientSecretKey(SANDBOX_PROFILE_ID));
}

export interface Profile extends StoredProfile {
  clientSecret: string | undefined;
}

export interface ProfileStore {
  state(): ProfilesState;
  /** The profile by id, or the active one. */
  get(profileId?: string): Profile | undefined;
  /** Like get, but a CommandError naming the profile when there is none. */
  require(profileId?: string): Profile;
  activeId(): string;
  create(input: z.output<typeof ProfileInput>): ProfileView;
  update(profileId: string, changes: Partial<z.output<typeof ProfileInput>>): ProfileView;
  duplicate(profileId: string, name?: string): ProfileView;
  remove(profileId: string): ProfilesState;
  select(profileId: string): ProfilesState;
  exportJson(profileIds?: string[]): string;
  importJson(json: string): { imported: ProfileView[]; errors: string[] };
  /** Follows a change of the embedded sandbox's registration. */
  syncSandbox(
    changes: Partial<
      Pick<
        StoredProfile,
        'endpointUrl' | 'managementUrl' | 'directoryUrl' | 'scopes' | 'redirectUri'
      >
    >,
  ): void;
  /** Called after every change, with the new state (the core emits profiles.changed). */
  onChange(listener: (state: ProfilesState) => void): void;
  /** Problems met while loading, to be logged by the caller. */
  readonly loadWarnings: string[];
}

export function createProfileStore(
  host: CoreHost,
  vault: SecretVault,
  redactor: Redactor,
): ProfileStore {
  const loadWarnings: string[] = [];
  const listeners: ((state: ProfilesState) => void)[] = [];

  const rawProfiles = host.settings.get(SETTINGS_PROFILES);
  const parsed = z.array(StoredProfile).safeParse(rawProfiles ?? []);
  let profiles: StoredProfile[] = parsed.success ? parsed.data : [];
  if (!parsed.success) {
    // Keep what could not be read, so nothing the user typed is lost, and start clean.
    host.settings.set(`profilesUnreadable-${Date.now()}`, rawProfiles);
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
    // Stored like any profile's secret, so the host starts the sandbox with it again and a copy of
    // this profile still gets tokens after a restart (storedSandboxSecret).
    vault.set(clientSecretKey(SANDBOX_PROFILE_ID), app.clientSecret);
  } else {
    profiles = profiles.filter((p) => p.kind !== 'sandbox');
  }
  for (const p of profiles) redactor.addSecret(vault.get(clientSecretKey(p.id)));

  let activeId = String(host.settings.get(SETTINGS_ACTIVE) ?? '');
  if (!profiles.some((p) => p.id === activeId)) activeId = profiles[0]?.id ?? '';

  const view = (p: StoredProfile): ProfileView => ({
    ...p,
    hasClientSecret: vault.get(clientSecretKey(p.id)) !== undefined,
  });
  const state = (): ProfilesState => ({ activeProfileId: activeId, profiles: profiles.map(view) });
  const save = () => {
    host.settings.set(SETTINGS_PROFILES, profiles);
    host.settings.set(SETTINGS_ACTIVE, activeId);
    const s = state();
    for (const listener of listeners) listener(s);
  };
  const find = (id: string) => profiles.find((p) => p.id === id);
  // The receiver reads a profile for every delivery. Not `{ ...p, clientSecret }`: V8 gives every
  // object built by a spread followed by more properties a hidden class of its own.
  const withSecret = (p: StoredProfile): Profile => {
    const profile = Object.assign({}, p) as Profile;
    profile.clientSecret = vault.get(clientSecretKey(p.id));
    return profile;
  };
  const requireStored = (id: string): StoredProfile => {
    const p = find(id);
    if (!p)
      throw new CommandError({
        code: 'not_found',
        message: `There is no profile ${JSON.stringify(id)}.`,
      });
    return p;
  };
  const requireEditable = (id: string): StoredProfile => {
    const p = requireStored(id);
    if (p.kind === 'sandbox') {
      throw new CommandError({
        code: 'conflict',
        message:
          "The sandbox profile follows the embedded sandbox's registration, so it cannot be edited or deleted. Duplicate it to make your own variant.",
      });
    }
    return p;
  };
  const uniqueName = (wanted: string) => {
    const names = new Set(profiles.map((p) => p.name));
    if (!names.has(wanted)) return wanted;
    for (let i = 2; ; i++) if (!names.has(`${wanted} (${i})`)) return `${wanted} (${i})`;
  };
  // Every caller saves after it, so onChange tells of a new secret too: the receiver keeps each
  // profile, secret included, until onChange (inbound-service.ts, routes).
  const setSecret = (id: string, secret: string | undefined) => {
    if (secret === undefined) return;
    redactor.addSecret(secret);
    vault.set(clientSecretKey(id), secret);
  };
  const newId = () => `p_${randomBytes(6).toString('hex')}`;

  const create: ProfileStore['create'] = (input) => {
    const { clientSecret, ...rest } = input;
    const profile: StoredProfile = {
      ...rest,
      id: newId(),
      kind: 'custom',
      name: uniqueName(rest.name),
    };
    profiles.push(profile);
    setSecret(profile.id, clientSecret);
    save();
    return view(profile);
  };

  return {
    loadWarnings,
    state,
    activeId: () => activeId,
    onChange: (listener) => void listeners.push(listener),
    get(profileId) {
      const p = find(profileId ?? activeId);
      return p ? withSecret(p) : undefined;
    },
    require(profileId) {
      return withSecret(requireStored(profileId ?? activeId));
    },
    create,
    update(profileId, changes) {
      const p = requireEditable(profileId);
      const { clientSecret, ...rest } = changes;
      const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      Object.assign(p, defined);
      setSecret(p.id, clientSecret);
      save();
      return view(p);
    },
    duplicate(profileId, name) {
      const source = requireStored(profileId);
      const copy: StoredProfile = {
        ...structuredClone(source),
        id: newId(),
        kind: 'custom',
        name: uniqueName(name ?? `${source.name} copy`),
      };
      profiles.push(copy);
      setSecret(copy.id, vault.get(clientSecretKey(source.id)));
      save();
      return view(copy);
    },
    remove(profileId) {
      requireEditable(profileId);
      profiles = profiles.filter((p) => p.id !== profileId);
      vault.delete(clientSecretKey(profileId));
      if (activeId === profileId) activeId = profiles[0]?.id ?? '';
      save();
      return state();
    },
    select(profileId) {
      requireStored(profileId);
      activeId = profileId;
      save();
      return state();
    },
    syncSandbox(changes) {
      const p = find(SANDBOX_PROFILE_ID);
      if (!p) return;
      Object.assign(p, changes);
      save();
    },
    exportJson(profileIds) {
      const chosen = profileIds ? profiles.filter((p) => profileIds.includes(p.id)) : profiles;
      // No ids, no kinds, and never a secret: an export is meant to be shared.
      const entries = chosen.map(({ id: _id, kind: _kind, ...rest }) => rest);
      return JSON.stringify(
        { format: EXPORT_FORMAT, version: EXPORT_VERSION, profiles: entries },
        null,
        2,
      );
    },
    importJson(json) {
      let doc: unknown;
      try {
        doc = JSON.parse(json);
      } catch (err) {
        throw new CommandError({
          code: 'invalid_input',
          message: `The file is not JSON (${(err as Error).message}). Choose a profiles export from TP Inspector.`,
        });
      }
      const version = (doc as { version?: unknown })?.version;
      if (typeof version === 'number' && version > EXPORT_VERSION) {
        throw new CommandError({
          code: 'invalid_input',
          message: `The file is version ${version} of the profiles export, written by a newer TP Inspector; this one reads version ${EXPORT_VERSION}. Update TP Inspector, or export again from the version you have.`,
        });
      }
      const list = (doc as { profiles?: unknown })?.profiles;
      if ((doc as { format?: unknown })?.format !== EXPORT_FORMAT || !Array.isArray(list)) {
        throw new CommandError({
          code: 'invalid_input',
          message: `The file is not a TP Inspector profiles export (expected "format": "${EXPORT_FORMAT}" and a "profiles" list).`,
        });
      }
      const imported: ProfileView[] = [];
      const errors: string[] = [];
      list.forEach((entry, i) => {
        // Secrets are never imported, even if someone added them by hand.
        const candidate = { ...(entry as object), clientSecret: undefined };
        const parsedEntry = ProfileInput.safeParse(candidate);
        if (!parsedEntry.success) {
          // "baseUrl must be an http:// URL" already names its field; other messages get the path.
          const why = parsedEntry.error.issues
            .map((x) => {
              const path = x.path.join('.');
              return x.message.startsWith(`${path} `)
                ? x.message
                : `${path} ${typeWords(x.message)}`;
            })
            .join('; ');
          const name = (entry as { name?: unknown })?.name;
          const which =
            typeof name === 'string' && name.trim() ? ` (the entry named "${name.trim()}")` : '';
          errors.push(`Profile ${i + 1} was not imported: ${why}${which}.`);
          return;
        }
        imported.push(create(parsedEntry.data));
      });
      return { imported, errors };
    },
  };
}
