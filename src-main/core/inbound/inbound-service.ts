// Wires the receiver to the profiles: which path belongs to which profile, and what serves it.
// For the embedded sandbox, the app's registration is pointed at the receiver at start, so that
// everything the sandbox's users do reaches the app with no setup.
import {
  CommandError,
  type DeliveryRecord,
  type ForwardRecord,
  type ForwardSettings,
  type InboundSettings,
  type InboundStatus,
} from '../../../src-shared/contract';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { CoreHost } from '../host-interface';
import type { Journal, Redactor } from '../log';
import type { OtpService } from '../auth';
import { SANDBOX_PROFILE_ID, type ProfileStore } from '../profiles';
import { createDeliveryCapture, type DeliveryOptions } from './deliveries';
import { createForwarder } from './forward';
import { receiverMatch } from './receiver-target';
import { createOtpRateLimit } from './otp-rate-limit';
import { createInboundSettings, type InboundSettingsStore } from './inbound-settings';
import { createRateCap, DEFAULT_RATE_CAP, edgeSource } from './rate-cap';
import { createRefusalLog } from './refusal-log';
import {
  pathOf,
  startReceiver,
  type InboundRoute,
  type InboundTarget,
  type Receiver,
} from './receiver';
import { createReplayer, type ReplayInput } from './replay';
import { sandboxRequest } from '../common/sandbox-request';
import { singleFlight } from '../common/single-flight';

const DEFAULT_INBOUND_PORT = 5875;
/** The port saved from the Inbound tab (inbound.setPort), used at the next start. */
const SETTINGS_INBOUND_PORT = 'inboundPort';
const SavedPort = z.number().int().min(0).max(65535);

export const defaultPaths = (profileId: string) => ({
  endpoint: `/hooks/${profileId}`,
  management: `/hooks/${profileId}/manage`,
  directory: `/hooks/${profileId}/directory`,
});

export interface InboundService {
  /** `publicUrl`: the tunnel's while it is up; the suggested URLs are then on it. */
  status(profileId: string, publicUrl?: string): InboundStatus;
  /** Per-profile response control, forward targets and RSA key. */
  readonly settings: InboundSettingsStore;
  /** Saves forward targets, refusing any that is this receiver (a loop). */
  setForwards(profileId: string, changes: Partial<ForwardSettings>): Promise<InboundSettings>;
  /** Why `target` is this receiver (a forward there would loop), or null when it is not. */
  whyReceiver(target: string): Promise<string | null>;
  replay(input: ReplayInput): Promise<DeliveryRecord | ForwardRecord>;
  /** Saves the port the receiver asks for at the next start (null: the default). */
  setPort(port: number | null, profileId: string): InboundStatus;
  /** Sets the embedded sandbox's RSA public key as the profile's (inbound.useSandboxKey). */
  useSandboxKey(profileId: string): Promise<InboundSettings>;
  close(): Promise<void>;
}

interface Deps {
  host: CoreHost;
  profiles: ProfileStore;
  otp: OtpService;
  journal: Journal;
  /** The journal deliveries are written to and judged repeats against (sessions.ts: recording). */
  captureJournal?: Journal;
  redactor: Redactor;
  /** The host's explicit port (serve --inbound-port); else the saved one, else 5875. */
  port?: number | undefined;
  /** The receiver's public URLs now (the tunnel's, the person's own): never a forward target. */
  publicUrls?: () => string[];
  deliveries?: DeliveryOptions;
  /** Local ports of the receiver's connections that the tunnel opened (tunnel/lt-connections.ts). */
  tunnelPorts?: ReadonlySet<number>;
}

export async function startInbound({
  host,
  profiles,
  otp,
  journal,
  captureJournal = journal,
  redactor,
  port,
  deliveries,
  tunnelPorts,
  publicUrls = () => [],
}: Deps): Promise<InboundService> {
  const settings = createInboundSettings(host.settings);
  const forwarder = createForwarder(journal, redactor);
  // Set once the receiver listens; forwards read it after a delivery was recorded, so by then.
  let receiverBaseUrl = '';
  const receiverUrls = () => ({ receiverBaseUrl, publicUrls: publicUrls() });
  const sandboxKey = singleFlight<string | null>();
  const capture = createDeliveryCapture({
    journal: captureJournal,
    redactor,
    settings,
    forwarder,
    receiverUrls,
    // Deliveries that arrive together before the sandbox's key is known share one fetch of it.
    findRsaKey: (profile) => {
      const sandbox = host.sandbox;
      return profile.id === SANDBOX_PROFILE_ID && sandbox
        ? sandboxKey(profile.id, () => fetchSandboxKey(sandbox.baseUrl, settings))
        : Promise.resolve(null);
    },
    ...(deliveries ? { options: deliveries } : {}),
  });
  // Every request is routed, and the profiles change rarely: path → (profile, URL) is a map built
  // on the first request after a change. Where two URLs share a path, the first in profile order
  // wins, management before directory before endpoint. Each profile (with its client secret) is
  // read once per map too: a change of a profile or of its secret goes through the profile store,
  // which tells onChange, so the next request after it reads the new one (not a copy of the
  // profile and a vault lookup for every delivery).
  let routes: Map<string, InboundRoute> | null = null;
  profiles.onChange(() => (routes = null));
  const buildRoutes = () => {
    const map = new Map<string, InboundRoute>();
    for (const { id } of profiles.state().profiles) {
      const found = profiles.get(id);
      if (!found) continue;
      // Shared by the requests until the next change: frozen, so none can alter it for the others.
      const profile = Object.freeze(found);
      const add = (path: string | null, target: InboundTarget) => {
        if (path !== null && !map.has(path)) map.set(path, Object.freeze({ profile, target }));
      };
      const defaults = defaultPaths(id);
      add(pathOf(profile.managementUrl), 'management');
      add(defaults.management, 'management');
      add(pathOf(profile.directoryUrl), 'directory');
      add(defaults.directory, 'directory');
      add(pathOf(profile.endpointUrl), 'endpoint');
      add(defaults.endpoint, 'endpoint');
    }
    return map;
  };
  const route = (pathname: string): InboundRoute | null => {
    routes ??= buildRoutes();
    return routes.get(pathname) ?? null;
  };

  // The Electron app has no command line for it: a port saved in the settings (from the Inbound
  // tab) applies at the next start, unless the host names one.
  const readSaved = () => {
    const parsed = SavedPort.safeParse(host.settings.get(SETTINGS_INBOUND_PORT));
    return parsed.success ? parsed.data : null;
  };
  const wantedPort = port ?? readSaved() ?? DEFAULT_INBOUND_PORT;
  const refusals = createRefusalLog(journal, deliveries?.refusalSummaryMs);
  // Only requests from the public edge are capped: the sandbox and the benches send from this
  // machine, as fast as they like, and must never be turned away.
  const capOptions = deliveries?.rateCap === undefined ? DEFAULT_RATE_CAP : deliveries.rateCap;
  const rateCap = capOptions ? createRateCap(capOptions) : null;
  const otpLimit = createOtpRateLimit(journal);
  const receiver: Receiver = await startReceiver(wantedPort, {
    route,
    refused: (source, kind, detail) => refusals.refused(source, kind, detail),
    // The capture's own promise, not an async wrapper around it: one more for every delivery.
    handle({ profile, target }, req, res, url) {
      if (target === 'endpoint') {
        const source =
          rateCap && edgeSource(req, tunnelPorts?.has(req.socket.remotePort!) ?? false);
        const retryAfter = source ? rateCap!.take(source) : null;
        if (retryAfter === null) return capture.handle(profile, req, res);
        refusals.refused(
          source!,
          'rate cap',
          `more than ${capOptions!.perSecond} deliveries a second (burst ${capOptions!.burst}) at ${profile.name}'s endpoint URL; answered 429, retry after ${retryAfter} s.`,
        );
        return tooManyRequests(req, res, retryAfter);
      }
      // Each otp visit costs a call to the platform: a source over its limit gets a 429 instead.
      if (!otpLimit.admit(req, res)) return Promise.resolve();
      // Async, so that a URL that cannot be parsed is a rejection (a 500), never a throw.
      return (async () => otp.handle(profile, target, req, res, url()))();
    },
  });
  receiverBaseUrl = receiver.baseUrl;

  const suggested = (profileId: string, base = receiver.baseUrl) => {
    const d = defaultPaths(profileId);
    return {
      endpointUrl: `${base}${d.endpoint}`,
      managementUrl: `${base}${d.management}`,
      directoryUrl: `${base}${d.directory}`,
    };
  };

  if (host.sandbox)
    await pointSandboxAtReceiver(host, profiles, journal, suggested(SANDBOX_PROFILE_ID));

  const replay = createReplayer({
    journal,
    profiles,
    capture,
    forwarder,
    settings,
    receiverBaseUrl: () => receiver.baseUrl,
  });

  const status = (profileId: string, publicUrl?: string): InboundStatus => ({
    baseUrl: receiver.baseUrl,
    wantedPort,
    savedPort: readSaved(),
    fromHost: port !== undefined,
    ...(publicUrl ? { publicUrl } : {}),
    suggested: suggested(profileId, publicUrl?.replace(/\/+$/, '') || receiver.baseUrl),
  });

  const whyReceiver = async (target: string) =>
    (await receiverMatch(target, receiver.baseUrl, publicUrls()))?.why ?? null;

  return {
    status,
    setPort(next, profileId) {
      host.settings.set(SETTINGS_INBOUND_PORT, next);
      return status(profileId);
    },
    settings,
    async setForwards(profileId, changes) {
      for (const target of changes.targets ?? []) {
        const why = await whyReceiver(target);
        if (why) {
          throw new CommandError({
            code: 'invalid_input',
            message: `${target} is this receiver (${why}): a delivery forwarded there would come back and be forwarded again for ever. Forward to your own server's URL instead (another port or host).`,
          });
        }
      }
      return settings.setForwards(profileId, changes);
    },
    whyReceiver,
    replay,
    async useSandboxKey(profileId) {
      if (!host.sandbox) {
        throw new CommandError({
          code: 'not_found',
          message:
            'No embedded sandbox runs in this TP Inspector. Paste your platform’s public key instead.',
        });
      }
      const pem = await fetchSandboxKey(host.sandbox.baseUrl, settings).catch(() => null);
      if (!pem) {
        throw new CommandError({
          code: 'network_error',
          message: `The sandbox's key could not be read from ${host.sandbox.baseUrl}/_sandbox/signing-key.pem. Restart TP Inspector if it keeps failing.`,
        });
      }
      // The sandbox profile's key is fetched again at each start; another profile keeps it.
      return settings.setPublicKey(profileId, pem, { persist: profileId !== SANDBOX_PROFILE_ID });
    },
    close: async () => {
      await receiver.close();
      refusals.close();
    },
  };
}

/** The rate cap's answer: the body is not read (the connection closes after the answer). */
function tooManyRequests(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number) {
  req.resume();
  res.writeHead(429, {
    'content-type': 'text/plain; charset=utf-8',
    'retry-after': String(retryAfterSeconds),
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end('Too many requests from this source. Retry after the Retry-After time.\n');
  return Promise.resolve();
}

/** The sandbox's RSA public key (/_sandbox/signing-key.pem), fetched once when first needed. */
async function fetchSandboxKey(baseUrl: string, settings: InboundSettingsStore) {
  const res = await sandboxRequest(`${baseUrl}/_sandbox/signing-key.pem`);
  if (!res.ok) return null;
  const pem = res.text;
  // Not persisted: the sandbox may make a new key pair at its next start.
  settings.setPublicKey(SANDBOX_PROFILE_ID, pem, { persist: false });
  return pem;
}

async function pointSandboxAtReceiver(
  host: CoreHost,
  profiles: ProfileStore,
  journal: Journal,
  urls: { endpointUrl: string; managementUrl: string; directoryUrl: string },
) {
  const sandbox = host.sandbox!;
  const body = {
    endpoint_url: urls.endpointUrl,
    management_url: urls.managementUrl,
    directory_url: urls.directoryUrl,
  };
  try {
    const res = await sandboxRequest(
      `${sandbox.baseUrl}/_sandbox/apps/${encodeURIComponent(sandbox.app.clientId)}`,
      { method: 'PATCH', json: body },
    );
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${res.text.slice(0, 200)}`);
    profiles.syncSandbox({
      endpointUrl: urls.endpointUrl,
      managementUrl: urls.managementUrl,
      directoryUrl: urls.directoryUrl,
    });
  } catch (err) {
    journal.append({
      kind: 'system',
      summary: 'The sandbox app could not be pointed at the receiver',
      system: {
        level: 'warn',
        message: `The sandbox app's endpoint, management and directory URLs could not be set to the receiver's URLs (${String(err)}). Deliveries and one-time passwords from the sandbox will not reach TP Inspector.`,
      },
    });
  }
}
