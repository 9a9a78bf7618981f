// What every handler works with: the state, the settings, and the services around them.
import type { Deliveries, DeliverySettings } from './deliveries/queue';
import type { RateLimiter } from './rate-limit';
import type { StateWriter } from './state/state-writer';
import type { Store } from './state/store';

export interface SandboxContext {
  store: Store;
  /** Set once the server listens; media URLs are built from it. */
  baseUrl: string;
  maxFileBytes: number;
  otpLifetimeMs: number;
  deliveries: Deliveries;
  deliverySettings: DeliverySettings;
  /**
   * The --state file's writer, if any: told of every change (written shortly after), and used by
   * POST /_sandbox/state/save.
   */
  state: StateWriter | undefined;
  rateLimiter: RateLimiter;
}
