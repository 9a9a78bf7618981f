// The records the sandbox keeps. Plain JSON-able objects, so the whole state can be saved to a
// file and loaded again (state/persist.ts).
import type { SandboxApp } from '../types';

export interface RateLimit {
  count: number;
  window_s: number;
}

/** A registered app: the public SandboxApp fields plus the sandbox's per-app settings. */
export interface AppRecord extends SandboxApp {
  token_lifetime: number;
  code_lifetime: number;
  rate_limit: RateLimit;
  rotate_refresh_tokens: boolean;
  /** Without rotation: whether a refresh's answer names the unchanged refresh token again. */
  repeat_refresh_token: boolean;
}

export interface UserRecord {
  id: string;
  name: string;
  surname: string;
  avatar_url: string;
  lang: string;
  msisdn: string;
}

export interface ContactRecord {
  client_id: string;
  contact_id: string;
  display_name: string;
  avatar_url: string;
  capabilities: string[];
  /** User ids, in the order they took ownership. */
  owners: string[];
}

export type Occupant =
  | { kind: 'user'; user_id: string }
  | { kind: 'contact'; client_id: string; contact_id: string; invited_by: string };

export interface RoomRecord {
  id: string;
  subject: string;
  avatar: string;
  created_by: string;
  occupants: Occupant[];
}

export interface AccessTokenRecord {
  token: string;
  client_id: string;
  /** null for an app token. */
  user_id: string | null;
  scopes: string[];
  expires_at: number;
  /** The authorization code this token descends from (revoked together on code reuse). */
  grant_id: string | null;
}

export interface RefreshTokenRecord {
  token: string;
  client_id: string;
  user_id: string;
  scopes: string[];
  grant_id: string;
}

export interface CodeRecord {
  code: string;
  client_id: string;
  redirect_uri: string;
  user_id: string;
  scopes: string[];
  expires_at: number;
  used: boolean;
}

export interface ConnectionRecord {
  client_id: string;
  user_id: string;
  /** The scopes of the latest grant. */
  scopes: string[];
}

export interface OtpRecord {
  otp: string;
  client_id: string;
  user_id: string;
  expires_at: number;
  used: boolean;
}

/** A message the app sent (or a user sent to the app), with who received it. */
export interface MessageRecord {
  client_id: string;
  direction: 'app_to_user' | 'user_to_app';
  message: Record<string, unknown>;
  /** User ids that received it (app_to_user). */
  recipients: string[];
  no_push: boolean;
}

export interface MediaRecord {
  id: string;
  mime_type: string;
  filename: string;
  base64: string;
}

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  /** null when no answer arrived. */
  status: number | null;
  duration_ms: number;
  response_body: string;
  error?: string;
}

export interface DeliveryRecord {
  id: string;
  client_id: string;
  type: string;
  url: string;
  data: string;
  signature: string;
  signature_method: string;
  status: 'pending' | 'delivered' | 'failed' | 'undelivered';
  created_at: string;
  attempts: DeliveryAttempt[];
}
