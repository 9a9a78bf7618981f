// The tunnel (tunnel.*; docs/tunnel.md): a localtunnel, or the person's own public URL, in front
// of the receiver. Its changes are also journaled as `tunnel` records (journal.ts).
import { z } from 'zod';
import { NoInput, httpUrl, type DomainCommands, type DomainEvents } from './common';
import { ProfileView } from './profiles';

/** idle: off; connecting: first registration; up; down (reason); reconnecting: waiting to retry. */
const TunnelState = z.enum(['idle', 'connecting', 'up', 'down', 'reconnecting']);
type TunnelState = z.infer<typeof TunnelState>;
/** localtunnel: a tunnel the engine runs; own-url: a public URL the person runs (ngrok, ...). */
export const TunnelMode = z.enum(['off', 'localtunnel', 'own-url']);
export type TunnelMode = z.infer<typeof TunnelMode>;
export const TunnelChange = z.object({
  state: TunnelState,
  mode: TunnelMode,
  publicUrl: z.string().optional(),
  /** Why it is down (or why it went idle). */
  reason: z.string().optional(),
  /** Retries since it was last up (1 for the first retry). */
  attempt: z.number().int().positive().optional(),
  /** reconnecting: how long until the next try. */
  retryInMs: z.number().int().nonnegative().optional(),
});
export type TunnelChange = z.infer<typeof TunnelChange>;

/** The tunnel as the UI shows it: its state, its settings and the last health check. */
export const TunnelStatus = TunnelChange.extend({
  /** The receiver the tunnel exposes, e.g. http://127.0.0.1:5875 */
  localUrl: z.string(),
  settings: z.object({
    /** The localtunnel server, e.g. https://localtunnel.me */
    host: z.string(),
    /** The wanted subdomain ('' for a random one). */
    subdomain: z.string(),
    /** The person's own public URL (ngrok, cloudflared), '' when none. */
    ownUrl: z.string(),
  }),
  lastCheck: z.object({ at: z.string(), ok: z.boolean(), detail: z.string() }).nullable(),
  /** The public URL last pushed into the sandbox app's registration, null when none. */
  pushedUrl: z.string().nullable(),
});
export type TunnelStatus = z.infer<typeof TunnelStatus>;

/** Subdomains as localtunnel servers accept them. */
const TunnelSubdomain = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{2,61}[a-z0-9]$/,
    'a subdomain is 4 to 63 lower-case letters, digits or -',
  );

export const tunnelCommands = {
  'tunnel.status': { input: NoInput, output: TunnelStatus },
  /** Opens a localtunnel to the receiver (settings left out keep their saved value). */
  'tunnel.start': {
    input: z
      .object({
        host: httpUrl('host').optional(),
        subdomain: z.union([z.literal(''), TunnelSubdomain]).optional(),
      })
      .strict(),
    output: TunnelStatus,
  },
  /** Closes the tunnel, or stops watching the own public URL. */
  'tunnel.stop': { input: NoInput, output: TunnelStatus },
  /** No tunnel: the person's public URL (ngrok, cloudflared) maps to the receiver; it is health-checked. */
  'tunnel.useOwnUrl': {
    input: z.object({ publicUrl: httpUrl('publicUrl') }).strict(),
    output: TunnelStatus,
  },
  /** Points the sandbox app's endpoint, management and directory URLs at the public URL. */
  'tunnel.pushToSandbox': {
    input: NoInput,
    output: z.object({ profile: ProfileView, status: TunnelStatus }),
  },
} as const satisfies DomainCommands<'tunnel'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const tunnelEvents = {
  'tunnel.changed': TunnelStatus,
} as const satisfies DomainEvents<'tunnel'>;
