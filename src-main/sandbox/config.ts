// Options and the --config file, validated with zod (a file from disk is a trust boundary), and the
// seed: the demo app, users and rooms a sandbox starts with when nothing else is configured.
import { z } from 'zod';
import { CONTACT_ID_PATTERN, SCOPE_NAMES, SIGNATURE_METHODS } from '../../src-shared/spec';
import { newSecret } from './ids';
import type { AppRecord, RateLimit } from './state/records';
import type { SandboxConfig, SandboxSeedRoom, SandboxSeedUser } from './types';
import { NewUserFields } from './users';

const httpUrl = z
  .string()
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/.test(s), 'must be an http(s) URL or ""');

const RateLimitSchema = z.object({
  count: z.number().int().positive(),
  window_s: z.number().positive(),
});

export const AppConfigSchema = z.object({
  name: z.string().min(1).max(128).optional(),
  client_id: z.string().regex(new RegExp(CONTACT_ID_PATTERN)).optional(),
  client_secret: z.string().min(1).max(256).optional(),
  redirect_uri: z.string().url().optional(),
  scopes: z.array(z.enum(SCOPE_NAMES as [string, ...string[]])).optional(),
  endpoint_url: httpUrl.optional(),
  management_url: httpUrl.optional(),
  directory_url: httpUrl.optional(),
  signature_method: z.enum(SIGNATURE_METHODS).optional(),
  token_lifetime: z.number().positive().optional(),
  code_lifetime: z.number().positive().optional(),
  rate_limit: RateLimitSchema.optional(),
  rotate_refresh_tokens: z.boolean().optional(),
  repeat_refresh_token: z.boolean().optional(),
});

const SeedUserSchema = NewUserFields.extend({
  id: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
  avatar_url: httpUrl.optional(),
});

const SeedRoomSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
  subject: z.string().min(1).max(256),
  avatar: httpUrl.optional(),
  created_by: z.string(),
  occupants: z.array(z.string()).optional(),
});

export const SandboxConfigSchema = z.object({
  platform_domain: z
    .string()
    .regex(/^[a-z0-9.-]{1,200}$/)
    .optional(),
  token_lifetime: z.number().positive().optional(),
  code_lifetime: z.number().positive().optional(),
  otp_lifetime: z.number().positive().optional(),
  rate_limit: RateLimitSchema.optional(),
  rotate_refresh_tokens: z.boolean().optional(),
  repeat_refresh_token: z.boolean().optional(),
  max_file_bytes: z.number().int().positive().optional(),
  apps: z.array(AppConfigSchema).optional(),
  users: z.array(SeedUserSchema).optional(),
  rooms: z.array(SeedRoomSchema).optional(),
  delivery: z
    .object({
      retry_delays_ms: z.array(z.number().nonnegative()).max(20).optional(),
      timeout_ms: z.number().positive().optional(),
    })
    .optional(),
});

const DEFAULT_RATE_LIMIT: RateLimit = { count: 10_000_000, window_s: 86_400 };

export function buildApps(config: SandboxConfig): AppRecord[] {
  const given = config.apps?.length ? config.apps : [{}];
  const apps = given.map((a): AppRecord => ({
    name: a.name ?? 'Acme Orders',
    client_id: a.client_id ?? 'acme-orders',
    client_secret: a.client_secret ?? newSecret(),
    redirect_uri: a.redirect_uri ?? 'http://127.0.0.1:47615/callback',
    scopes: a.scopes ?? ['basic', 'user_phone'],
    endpoint_url: a.endpoint_url ?? '',
    management_url: a.management_url ?? '',
    directory_url: a.directory_url ?? '',
    signature_method: a.signature_method ?? 'HMAC-SHA256',
    token_lifetime: a.token_lifetime ?? config.token_lifetime ?? 36000,
    code_lifetime: a.code_lifetime ?? config.code_lifetime ?? 60,
    rate_limit: a.rate_limit ?? config.rate_limit ?? DEFAULT_RATE_LIMIT,
    rotate_refresh_tokens: a.rotate_refresh_tokens ?? config.rotate_refresh_tokens ?? true,
    repeat_refresh_token: a.repeat_refresh_token ?? config.repeat_refresh_token ?? true,
  }));
  const ids = new Set(apps.map((a) => a.client_id));
  if (ids.size !== apps.length) throw new Error('Two apps have the same client_id.');
  return apps;
}

export const SEED_USERS: SandboxSeedUser[] = [
  { name: 'Ana', surname: 'Souza', msisdn: '+5511987654321', lang: 'pt' },
  { name: 'Jonas', surname: 'Weber', msisdn: '+4915123456789', lang: 'de' },
  { name: 'Priya', surname: 'Natarajan', msisdn: '+919812345678', lang: 'en' },
  { name: 'Chloé', surname: 'Martin', msisdn: '+33612345678', lang: 'fr' },
];

/** Seed rooms name their creator and occupants by index into SEED_USERS. */
export const SEED_ROOMS: (Omit<SandboxSeedRoom, 'created_by' | 'occupants'> & {
  created_by: number;
  occupants: number[];
})[] = [
  { subject: 'Weekend hiking', created_by: 0, occupants: [1, 2] },
  { subject: 'Book club', created_by: 2, occupants: [3] },
];
