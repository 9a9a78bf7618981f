// The public face of the sandbox platform: what hosts, the CLI and tests start and read.

import type { SignatureMethodName } from '../../src-shared/spec';

/** 'HMAC-SHA256' | 'HMAC-SHA1' | 'RSA-SHA256', as listed in the catalog. */
type SignatureMethod = SignatureMethodName;

/** An app registered on the sandbox, in the field names of the platform's registration. */
export interface SandboxApp {
  name: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  scopes: string[];
  endpoint_url: string;
  management_url: string;
  directory_url: string;
  signature_method: SignatureMethod;
}

/** Per-app settings beyond the registration (each defaults to the sandbox-wide value). */
interface SandboxAppSettings {
  token_lifetime: number;
  code_lifetime: number;
  rate_limit: { count: number; window_s: number };
  rotate_refresh_tokens: boolean;
  /**
   * Without rotation, whether a refresh's answer names the unchanged refresh token again (true by
   * default); false leaves `refresh_token` out, as a platform may (API document §5.5 is silent).
   */
  repeat_refresh_token: boolean;
}

export interface SandboxSeedUser {
  id?: string;
  name: string;
  surname: string;
  msisdn?: string;
  lang?: string;
  avatar_url?: string;
}

export interface SandboxSeedRoom {
  id?: string;
  subject: string;
  avatar?: string;
  /** A user id of `users`. */
  created_by: string;
  occupants?: string[];
}

/** The JSON of `--config FILE`; every field optional. Documented in docs/sandbox.md. */
export interface SandboxConfig {
  /** `platform.test` by default. */
  platform_domain?: string;
  /** Seconds; 36000 by default. */
  token_lifetime?: number;
  /** Seconds; 60 by default. */
  code_lifetime?: number;
  /** Seconds a one-time password stays valid; 600 by default. */
  otp_lifetime?: number;
  /** Per app and endpoint; 10,000,000 a day by default. */
  rate_limit?: { count: number; window_s: number };
  rotate_refresh_tokens?: boolean;
  repeat_refresh_token?: boolean;
  /** Largest accepted file part; 25 MiB by default. */
  max_file_bytes?: number;
  /** Apps to register; without any, the demo app "Acme Orders" is seeded. */
  apps?: (Partial<SandboxApp> & Partial<SandboxAppSettings>)[];
  /** Users to create; when absent a few realistic users are seeded. */
  users?: SandboxSeedUser[];
  /** Rooms to create (with `users`); when `users` is absent a few are seeded. */
  rooms?: SandboxSeedRoom[];
  delivery?: {
    /** Gaps between delivery attempts; [1000, 2000, 4000, 8000] by default (five attempts). */
    retry_delays_ms?: number[];
    /** How long one attempt may take; 10000 by default (PLATFORM_DELIVERY_DEADLINE_MS). */
    timeout_ms?: number;
  };
}

export interface SandboxOptions extends SandboxConfig {
  /** Loopback port; 0 (the default) picks a free one. */
  port?: number;
  /**
   * Load the state from this JSON file when it exists, and write it there shortly after each
   * change and on close (docs/sandbox.md, The state file).
   */
  state_file?: string;
  /** Serve HTTPS with a self-signed certificate made at start (RunningSandbox.certificatePem). */
  https?: boolean;
  /**
   * The RSA private key (PEM) to sign RSA-SHA256 deliveries with, instead of one made on first
   * need: `tp check --signing-key`, whose handler holds the public half before the check starts.
   */
  signing_key_pem?: string;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:43123 */
  baseUrl: string;
  apps: SandboxApp[];
  platformDomain: string;
  /** PEM of the self-signed certificate when serving HTTPS, to trust it; null over HTTP. */
  certificatePem: string | null;
  /** The state_file it keeps its state in; null when it keeps it in memory only. */
  stateFile: string | null;
  /** Writes the whole state as JSON (to `file`, or to the state_file option). */
  saveState(file?: string): Promise<void>;
  /**
   * The PEM of the private key it signs RSA-SHA256 deliveries with (made on first need): for the
   * engine's endpoint check, which signs as this sandbox does. Never shown or written anywhere.
   */
  signingKeyPem(): string;
  /** Requests that hit an unexpected exception (answered 400, never 500): 0 in a healthy run. */
  internalErrors(): number;
  close(): Promise<void>;
}
