// The public face of the sandbox platform: what hosts, the CLI and tests start and read.

export type SignatureMethod = 'HMAC-SHA256' | 'HMAC-SHA1' | 'RSA-SHA256';

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

export interface SandboxOptions {
  /** Loopback port; 0 (the default) picks a free one. */
  port?: number;
  /** Apps to register; without any, one demo app is seeded. */
  apps?: Partial<SandboxApp>[];
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:43123 */
  baseUrl: string;
  apps: SandboxApp[];
  close(): Promise<void>;
}
