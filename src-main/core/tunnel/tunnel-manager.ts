// One public way in to the receiver: a localtunnel the engine runs, or the person's own public URL
// (ngrok, cloudflared). Either way its state is always known and always told (a `tunnel` journal
// record and a `tunnel.changed` event per change): connecting → up → down (reason) → reconnecting
// (capped backoff, attempt count) → up ... A health check through the public URL proves, end to
// end, that requests reach the receiver; a tunnel that stops answering is closed and registered
// again. Nothing here throws out of a timer or a socket: every failure becomes a state.
import { errorText } from '../../../src-shared/contract/errors';
import {
  CommandError,
  type ProfileView,
  type TunnelChange,
  type TunnelMode,
  type TunnelStatus,
} from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../events';
import type { SettingsStore } from '../host-interface';
import type { Journal } from '../log';
import { checkHealth, type HealthResult } from './health-check';
import { openConnections } from './lt-connections';
import { registerTunnel } from './lt-register';
import type { PublicUrl } from './public-url';
import {
  loadTunnelSettings,
  saveTunnelSettings,
  type StoredTunnelSettings,
} from './tunnel-settings';

export interface TunnelTiming {
  /** Between health checks while up. */
  probeIntervalMs: number;
  /** No answer within this is a failed check. */
  probeTimeoutMs: number;
  /** Failed checks in a row that make the tunnel dead. */
  probeFailuresToDead: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  registerTimeoutMs: number;
}

const DEFAULT_TUNNEL_TIMING: TunnelTiming = {
  probeIntervalMs: 30_000,
  probeTimeoutMs: 10_000,
  probeFailuresToDead: 2,
  backoffInitialMs: 1_000,
  backoffMaxMs: 60_000,
  registerTimeoutMs: 15_000,
};

export interface TunnelService {
  status(): TunnelStatus;
  start(options: { host?: string; subdomain?: string }): TunnelStatus;
  useOwnUrl(publicUrl: string): TunnelStatus;
  /** Also points the sandbox app back at the receiver on loopback if the public URL was pushed. */
  stop(): Promise<TunnelStatus>;
  pushToSandbox(): Promise<{ profile: ProfileView; status: TunnelStatus }>;
  close(): Promise<void>;
}

interface Deps {
  settings: SettingsStore;
  journal: Journal;
  events: CoreEventEmitter;
  /** The receiver the tunnel exposes, e.g. http://127.0.0.1:5875 */
  localUrl: string;
  /** Filled with the local ports of the tunnel's connections to the receiver (lt-connections.ts). */
  tunnelPorts?: Set<number>;
  /** Told the public URL at each change of state, for the receiver to read (public-url.ts). */
  publicUrl?: Pick<PublicUrl, 'set'>;
  /** Points the sandbox app at a public URL; answers the sandbox profile. */
  pushUrls(publicUrl: string): Promise<ProfileView>;
  timing?: Partial<TunnelTiming>;
}

interface Link {
  publicUrl: string;
  close(): void;
}

export function createTunnelService(deps: Deps): TunnelService {
  const t: TunnelTiming = { ...DEFAULT_TUNNEL_TIMING, ...deps.timing };
  const local = new URL(deps.localUrl);
  const loaded = loadTunnelSettings(deps.settings);
  let settings: StoredTunnelSettings = loaded.value;
  if (loaded.warning) warn(loaded.warning);

  let mode: TunnelMode = 'off';
  let change: TunnelChange = { state: 'idle', mode };
  let lastCheck: TunnelStatus['lastCheck'] = null;
  let pushedUrl: string | null = null;
  /** The public URL of the current mode once it was up; what a push sends. */
  let currentUrl: string | null = null;
  // Every start, stop and failure begins a new generation: callbacks of an older one are ignored.
  let gen = 0;
  let link: Link | null = null;
  let aborter: AbortController | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let probeFailures = 0;
  /** The name the server gave, asked for again on re-registration so the URL stays the same. */
  let lastId: string | undefined;

  function warn(message: string) {
    deps.journal.append({ kind: 'system', summary: message, system: { level: 'warn', message } });
  }

  const status = (): TunnelStatus => ({
    ...change,
    localUrl: deps.localUrl,
    settings: { ...settings },
    lastCheck,
    pushedUrl,
  });

  function setState(next: Omit<TunnelChange, 'mode'>) {
    change = { ...next, mode };
    deps.publicUrl?.set(change.publicUrl);
    deps.journal.append({ kind: 'tunnel', summary: summarize(change), tunnel: change });
    deps.events.emit('tunnel.changed', status());
  }

  function teardown() {
    gen++;
    if (timer) clearTimeout(timer);
    timer = null;
    aborter?.abort();
    aborter = null;
    link?.close();
    link = null;
  }

  function begin(next: TunnelMode) {
    teardown();
    mode = next;
    attempt = 0;
    probeFailures = 0;
    lastId = undefined;
    currentUrl = null;
    lastCheck = null;
    setState({ state: 'connecting' });
    void connect(gen);
  }

  async function openLink(g: number): Promise<Link> {
    if (mode === 'own-url') return { publicUrl: settings.ownUrl.replace(/\/+$/, ''), close() {} };
    aborter = new AbortController();
    const reg = await registerTunnel(settings.host, settings.subdomain || lastId, {
      timeoutMs: t.registerTimeoutMs,
      signal: aborter.signal,
    });
    lastId = reg.id;
    const conns = openConnections(reg, {
      localHost: local.hostname,
      localPort: Number(local.port),
      onFailure: (reason) => failure(g, reason),
      ...(deps.tunnelPorts ? { tunnelPorts: deps.tunnelPorts } : {}),
    });
    return { publicUrl: reg.url, close: () => conns.close() };
  }

  async function connect(g: number) {
    let opened: Link;
    try {
      opened = await openLink(g);
    } catch (err) {
      failure(g, errorText(err));
      return;
    }
    if (g !== gen) return opened.close();
    link = opened;
    const health = await checkHealth(opened.publicUrl, t.probeTimeoutMs);
    if (g !== gen) return;
    recordCheck(health);
    if (!health.ok) return failure(g, deadReason(opened.publicUrl, health));
    attempt = 0;
    probeFailures = 0;
    currentUrl = opened.publicUrl;
    setState({ state: 'up', publicUrl: opened.publicUrl });
    // Once pushed, the sandbox follows the public URL (a new name after re-registering, or a
    // switch between the tunnel and the own URL).
    if (pushedUrl !== null && pushedUrl !== opened.publicUrl) void repush();
    scheduleProbe(g);
  }

  function scheduleProbe(g: number) {
    timer = setTimeout(() => {
      timer = null;
      if (g !== gen || !link) return;
      const url = link.publicUrl;
      void checkHealth(url, t.probeTimeoutMs).then((health) => {
        if (g !== gen) return;
        recordCheck(health);
        if (health.ok) probeFailures = 0;
        else if (++probeFailures >= t.probeFailuresToDead)
          return failure(g, deadReason(url, health));
        scheduleProbe(g);
      });
    }, t.probeIntervalMs);
  }

  function failure(g: number, reason: string) {
    if (g !== gen) return;
    const publicUrl = link?.publicUrl ?? currentUrl ?? undefined;
    teardown();
    const retry = gen;
    attempt++;
    setState({ state: 'down', reason, ...(publicUrl ? { publicUrl } : {}) });
    const delay = Math.min(t.backoffMaxMs, t.backoffInitialMs * 2 ** Math.min(attempt - 1, 30));
    setState({ state: 'reconnecting', reason, attempt, retryInMs: delay });
    timer = setTimeout(() => {
      timer = null;
      if (retry === gen) void connect(retry);
    }, delay);
  }

  function recordCheck(health: HealthResult) {
    lastCheck = { at: new Date().toISOString(), ok: health.ok, detail: health.detail };
    deps.events.emit('tunnel.changed', status());
  }

  async function repush() {
    try {
      await service.pushToSandbox();
    } catch (err) {
      warn(
        `The tunnel's public URL changed to ${currentUrl}, and the sandbox app could not be pointed at it (${errorText(err)}). Push it again from the tunnel panel.`,
      );
    }
  }

  // The public URL is gone: without this the sandbox would deliver into the void.
  async function restoreSandbox() {
    const was = pushedUrl;
    pushedUrl = null;
    try {
      await deps.pushUrls(deps.localUrl);
      deps.journal.append({
        kind: 'system',
        summary: `The sandbox app delivers to ${deps.localUrl} again`,
        system: {
          level: 'info',
          message: `The tunnel stopped, so the sandbox app's URLs point at the receiver on loopback (${deps.localUrl}) again instead of ${was}.`,
        },
      });
    } catch (err) {
      warn(
        `The tunnel stopped, and the sandbox app could not be pointed back at ${deps.localUrl} (${errorText(err)}); it still delivers to ${was}.`,
      );
    }
    deps.events.emit('tunnel.changed', status());
  }

  const service: TunnelService = {
    status,
    start({ host, subdomain }) {
      settings = {
        ...settings,
        ...(host !== undefined ? { host: host.replace(/\/+$/, '') } : {}),
        ...(subdomain !== undefined ? { subdomain } : {}),
      };
      saveTunnelSettings(deps.settings, settings);
      begin('localtunnel');
      return status();
    },
    useOwnUrl(publicUrl) {
      settings = { ...settings, ownUrl: publicUrl.replace(/\/+$/, '') };
      saveTunnelSettings(deps.settings, settings);
      begin('own-url');
      return status();
    },
    async stop() {
      teardown();
      currentUrl = null;
      mode = 'off';
      if (change.state !== 'idle') setState({ state: 'idle', reason: 'stopped by the user' });
      if (pushedUrl !== null) await restoreSandbox();
      return status();
    },
    async pushToSandbox() {
      const url = currentUrl;
      if (!url) {
        throw new CommandError({
          code: 'conflict',
          message:
            'There is no public URL yet. Start the tunnel, or give your own public URL, and wait until it is up.',
        });
      }
      const profile = await deps.pushUrls(url);
      pushedUrl = url;
      deps.journal.append({
        kind: 'system',
        summary: `The sandbox app now delivers to ${url}`,
        system: {
          level: 'info',
          message: `The sandbox app's endpoint, management and directory URLs now point at ${url}.`,
        },
      });
      deps.events.emit('tunnel.changed', status());
      return { profile, status: status() };
    },
    async close() {
      teardown();
    },
  };
  return service;
}

function deadReason(url: string, health: HealthResult) {
  return `The health check through ${url} failed: ${health.detail}.`;
}

function summarize(c: TunnelChange): string {
  const what = c.mode === 'own-url' ? 'Own public URL' : 'Tunnel';
  switch (c.state) {
    case 'idle':
      return `${what} stopped`;
    case 'connecting':
      return c.mode === 'own-url' ? `${what}: checking` : `${what}: connecting`;
    case 'up':
      return `${what} up at ${c.publicUrl}`;
    case 'down':
      return `${what} down: ${c.reason}`;
    case 'reconnecting':
      return `${what}: retry ${c.attempt} in ${Math.round((c.retryInMs ?? 0) / 100) / 10} s`;
  }
}
