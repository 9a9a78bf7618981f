// Profiles (profiles.*): the apps the tool talks to, each with its platform, credentials and URLs.
import { z } from 'zod';
import {
  NoInput,
  httpUrl,
  optionalHttpUrl,
  type DomainCommands,
  type DomainEvents,
} from './common';

/**
 * A profile as the UI sees it: the client secret is never sent, only whether there is one (the
 * sandbox's own test secret is given by profiles.revealSecret, on request only).
 */
export const ProfileView = z.object({
  id: z.string(),
  name: z.string(),
  /** `sandbox` is the embedded sandbox's profile, kept in step with its registration. */
  kind: z.enum(['sandbox', 'custom']),
  baseUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  endpointUrl: z.string(),
  managementUrl: z.string(),
  directoryUrl: z.string(),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const ProfilesState = z.object({
  activeProfileId: z.string(),
  profiles: z.array(ProfileView),
});
export type ProfilesState = z.infer<typeof ProfilesState>;

/** Whether the profile's base URL answers at all (a TCP connection), and if not what to do. */
export const ProfileReachability = z.object({
  profileId: z.string(),
  baseUrl: z.string(),
  answers: z.boolean(),
  /** For a person: what does not answer and what to do; null when it answers. */
  message: z.string().nullable(),
});
export type ProfileReachability = z.infer<typeof ProfileReachability>;

/** What a person edits in a profile. The client secret is write-only: set it, never read it back. */
export const ProfileInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(80),
  baseUrl: httpUrl('baseUrl'),
  clientId: z.string().trim().min(1, 'clientId is required').max(200),
  clientSecret: z.string().min(1).max(2000).optional(),
  redirectUri: httpUrl('redirectUri'),
  scopes: z.array(z.string().regex(/^\S+$/, 'a scope has no spaces')).max(50),
  endpointUrl: optionalHttpUrl('endpointUrl').default(''),
  managementUrl: optionalHttpUrl('managementUrl').default(''),
  directoryUrl: optionalHttpUrl('directoryUrl').default(''),
});
export type ProfileInput = z.input<typeof ProfileInput>;

export const profilesCommands = {
  'profiles.list': { input: NoInput, output: ProfilesState },
  'profiles.create': { input: ProfileInput.strict(), output: ProfileView },
  'profiles.update': {
    input: z
      .object({ profileId: z.string().min(1), changes: ProfileInput.partial().strict() })
      .strict(),
    output: ProfileView,
  },
  'profiles.duplicate': {
    input: z
      .object({ profileId: z.string().min(1), name: z.string().trim().min(1).max(80).optional() })
      .strict(),
    output: ProfileView,
  },
  'profiles.delete': {
    input: z.object({ profileId: z.string().min(1) }).strict(),
    output: ProfilesState,
  },
  'profiles.select': {
    input: z.object({ profileId: z.string().min(1) }).strict(),
    output: ProfilesState,
  },
  /** A cheap check that the profile's base URL answers (the active profile by default). */
  'profiles.check': {
    input: z.object({ profileId: z.string().min(1).optional() }).strict(),
    output: ProfileReachability,
  },
  /** JSON of the chosen profiles (all by default), never with a secret. */
  'profiles.export': {
    input: z.object({ profileIds: z.array(z.string()).optional() }).strict(),
    output: z.object({ json: z.string() }),
  },
  'profiles.import': {
    input: z.object({ json: z.string().max(5_000_000) }).strict(),
    output: z.object({ imported: z.array(ProfileView), errors: z.array(z.string()) }),
  },
  /**
   * The embedded sandbox profile's client secret, for a person who asked to see or copy it (to
   * sign in a handler of their own). Refused for any other profile, whose secret stays write-only.
   * The answer is never journaled, exported or kept by the window.
   */
  'profiles.revealSecret': {
    input: z.object({ profileId: z.string().min(1) }).strict(),
    output: z.object({ clientSecret: z.string() }),
  },
} as const satisfies DomainCommands<'profiles'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const profilesEvents = {
  'profiles.changed': ProfilesState,
} as const satisfies DomainEvents<'profiles'>;
