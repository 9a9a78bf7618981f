// The embedded sandbox as the engine sees it: its base URL and its first app's registration, in the
// engine's field names. The sandbox builds it (src-main/sandbox/embedded.ts) and the host hands it
// to the engine (core/host-interface.ts), so it lives here, where both may import it.

/** The embedded sandbox's registration, so the engine can keep its profile in step. */
export interface EmbeddedSandbox {
  baseUrl: string;
  /** The port the host asked for; when baseUrl has another, it was taken (said to the person). */
  wantedPort?: number;
  /**
   * Whether it keeps its state (users, tokens, ...) in the data folder across restarts, as the
   * app's hosts start it; a sandbox that starts afresh each time (the command line's) does not, so
   * the tokens it issued are not worth storing.
   */
  keepsState?: boolean;
  /**
   * The PEM of the private key the sandbox signs RSA-SHA256 deliveries with, so the engine's
   * endpoint check signs as the sandbox does; kept in memory, never shown.
   */
  signingKeyPem?: () => string;
  app: {
    name: string;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    scopes: string[];
    endpointUrl: string;
    managementUrl: string;
    directoryUrl: string;
    /** How the sandbox signs this app's deliveries now (docs/sandbox.md, Deliveries). */
    readonly signatureMethod?: string;
  };
}
