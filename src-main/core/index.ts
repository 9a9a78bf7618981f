// createCore(host): the Electron-free engine. It wires the services and implements the contract;
// hosts (Electron main, the headless host, tests) only carry commands in and events out. This file
// is the engine's entry: the only one of src-main/core a host may import (eslint.config.js).
import { join } from 'node:path';
import { createApiClient } from './api/api-client';
import { createAppTokenService } from './auth/app-token';
import { createConnectFlowService } from './auth/connect-flow';
import { createContactBookStore } from './contacts/contact-book';
import { createContactsService } from './contacts/contacts-service';
import { createOtpService } from './auth/otp';
import type { DeliveryOptions } from './inbound/deliveries';
import { startInbound } from './inbound/inbound-service';
import { pushUrlsToSandbox } from './tunnel/push-to-sandbox';
import { createTunnelService, publicUrlsOf, type TunnelTiming } from './tunnel/tunnel-manager';
import type { TunnelStatus } from '../../src-shared/contract';
import { tokensOutliveRestart } from './auth/token-storage';
import { createUserTokenService } from './auth/user-tokens';
import type { Core } from './core';
import { createDispatch, typedInvoke, type Handlers, type Invoke } from './dispatch';
import { createEventEmitter } from './events';
import type { CoreHost } from './host-interface';
import { openSessions } from './log/sessions';
import { createRedactor } from './log/redact';
import { clientSecretKey, createProfileStore, SANDBOX_PROFILE_ID } from './profiles/profile-store';
import { createSecretVault } from './secrets/secret-vault';
import { apiHandlers } from './api/handlers';
import { composerHandlers } from './composer/handlers';
import { contactHandlers } from './contacts/handlers';
import { appHandlers, sandboxPortTaken } from './app-handlers';
import { authHandlers } from './auth/handlers';
import { inboundHandlers } from './inbound/handlers';
import { profileHandlers } from './profiles/handlers';
import { tunnelHandlers } from './tunnel/handlers';
import { sessionExportStream, sessionHandlers } from './log/session-handlers';
import { logHandlers } from './log/handlers';
import { simulatorHandlers } from './simulator/handlers';
import { collectionsHandlers } from './collections/handlers';
import { createCollectionStore } from './collections/collection-store';
import { createStagedFiles } from './composer/staged-files';
import { runnerHandlers } from './runner/handlers';
import { endpointCheckHandlers } from './endpoint-check/handlers';
import { loadHandlers } from './load/handlers';
import type { Services } from './services';

// What hosts may import besides createCore: the engine's public face (public.ts).
export * from './public';

export const JOURNAL_FILE = 'journal.ndjson';

export interface CoreOptions {
  /** How long a "connect a user" flow waits for the browser (default 5 minutes). */
  connectTimeoutMs?: number;
  /** How long a flow an otp started at the directory URL may run (default 30 s). */
  otpConnectTimeoutMs?: number;
  /** The receiver's port; else the saved one (inbound.setPort), else 5875; taken: any free one. */
  inboundPort?: number;
  /** Tunnel health-check and backoff timings; tests shorten them. */
  tunnel?: Partial<TunnelTiming>;
  /**
   * Limits of the delivery capture (body size and deadline, the rate cap on the public edge, how
   * often refusals are summarized); tests shorten them.
   */
  deliveries?: DeliveryOptions;
  /**
   * The largest platform response the API client reads (default API_MAX_RESPONSE_BYTES, 50 MiB);
   * over it the call fails and the journal keeps the first bytes.
   */
  apiMaxResponseBytes?: number;
}

export async function createCore(host: CoreHost, options: CoreOptions = {}): Promise<Core> {
  const journalRef: { append?: (message: string) => void } = {};
  const events = createEventEmitter((err) =>
    journalRef.append?.(`An event listener failed: ${String(err)}`),
  );
  const redactor = createRedactor();
  // The journal of the active session (the first session is JOURNAL_FILE itself).
  const sessions = openSessions(
    host.paths.dataDir,
    join(host.paths.dataDir, JOURNAL_FILE),
    (record, line) => events.emit('log.appended', record, line),
    redactor,
    // Whoever runs the host hears about a journal index being rebuilt (docs/journal.md).
    (message) => process.stderr.write(`${message}\n`),
  );
  const journal = sessions.journal;
  const logSystem = (level: 'info' | 'warn' | 'error', message: string) =>
    journal.append({ kind: 'system', summary: message, system: { level, message } });
  journalRef.append = (message) => logSystem('error', message);

  const vault = createSecretVault(host);
  const profiles = createProfileStore(host, vault, redactor);
  profiles.onChange((state) => events.emit('profiles.changed', state));
  const outliveRestart = tokensOutliveRestart(host.sandbox);
  const appTokens = createAppTokenService({
    profiles,
    journal,
    redactor,
    events,
    vault,
    tokensOutliveRestart: outliveRestart,
  });
  const users = createUserTokenService({
    host,
    profiles,
    journal,
    redactor,
    events,
    vault,
    tokensOutliveRestart: outliveRestart,
    appToken: {
      current: (profileId) => appTokens.ensure(profileId),
      renew: (profileId, refused) => appTokens.renew(profileId, refused),
    },
  });
  const connect = createConnectFlowService({
    profiles,
    users,
    journal,
    redactor,
    events,
    openExternal: (url) => host.openExternal(url),
    ...(options.connectTimeoutMs ? { timeoutMs: options.connectTimeoutMs } : {}),
    ...(options.otpConnectTimeoutMs ? { otpTimeoutMs: options.otpConnectTimeoutMs } : {}),
  });
  const api = createApiClient({
    journal,
    redactor,
    ...(options.apiMaxResponseBytes ? { maxResponseBytes: options.apiMaxResponseBytes } : {}),
    profiles,
    tokens: {
      app: (profileId) => appTokens.ensure(profileId),
      renewApp: (profileId, refused) => appTokens.renew(profileId, refused),
      user: (profileId, userId) => users.accessToken(profileId, userId),
      renewUser: (profileId, userId, refused) => users.renew(profileId, userId, refused),
    },
  });

  const otp = createOtpService({ api, connect, users, journal, redactor, events });
  // The receiver's connections that the tunnel opened: the receiver caps those per source.
  const tunnelPorts = new Set<number>();
  // The tunnel is made after the receiver (it needs its URL); until then there is no public URL.
  const tunnelRef: { current?: { status(): TunnelStatus } } = {};
  const inbound = await startInbound({
    tunnelPorts,
    host,
    profiles,
    otp,
    journal,
    // While an archived session is shown, a repeat is judged in the session deliveries go to.
    captureJournal: sessions.recording,
    redactor,
    port: options.inboundPort,
    publicUrls: () => publicUrlsOf(tunnelRef.current?.status()),
    ...(options.deliveries ? { deliveries: options.deliveries } : {}),
  });

  // Never started here: a tunnel opens only when the person asks for one.
  const tunnel = createTunnelService({
    settings: host.settings,
    journal,
    events,
    localUrl: inbound.status(profiles.state().activeProfileId).baseUrl,
    tunnelPorts,
    pushUrls: (url) => pushUrlsToSandbox(host, profiles, url),
    ...(options.tunnel ? { timing: options.tunnel } : {}),
  });
  tunnelRef.current = tunnel;

  if (journal.unreadableLines > 0) {
    logSystem(
      'warn',
      `${journal.unreadableLines} line(s) of the journal could not be read and were skipped.`,
    );
  }
  for (const key of vault.unreadable) {
    logSystem(
      'warn',
      key === clientSecretKey(SANDBOX_PROFILE_ID)
        ? "The embedded sandbox's stored client secret could not be read back, so the sandbox made a new one: a copy of the sandbox profile gets no token with its old secret; duplicate the sandbox profile again (Profiles)."
        : `The stored secret ${key} could not be read back; enter it again.`,
    );
  }
  for (const warning of profiles.loadWarnings) logSystem('warn', warning);
  const contactBook = createContactBookStore(host, (message) => logSystem('warn', message));
  const contacts = createContactsService({ host, profiles, users, api, events, book: contactBook });
  for (const warning of sessions.warnings) logSystem('warn', warning);
  logSystem(
    'info',
    `TP Inspector ${host.appVersion} started${host.sandbox ? ` with the sandbox at ${host.sandbox.baseUrl}` : ''}.`,
  );
  for (const notice of host.notices ?? []) logSystem('info', notice);
  const portTaken = sandboxPortTaken(host.sandbox);
  if (portTaken !== null) {
    logSystem(
      'warn',
      `The sandbox's port ${portTaken} was taken, so it listens on ${host.sandbox!.baseUrl} this time: a copied sandbox profile with port ${portTaken} does not answer until the sandbox is back there. Free the port and restart, or edit that profile.`,
    );
  }

  // Watches the open collections: closed with the engine.
  const collections = createCollectionStore({
    settings: host.settings,
    emit: (change) => events.emit('collections.changed', change),
  });

  const services: Services = {
    host,
    events,
    journal,
    redactor,
    vault,
    profiles,
    appTokens,
    users,
    connect,
    otp,
    api,
    inbound,
    tunnel,
    sessions,
    contacts,
    collections,
    stagedFiles: createStagedFiles(),
  };
  // The runner calls the other domains' commands, through the dispatch made from these handlers.
  const invokeRef: { current?: Invoke } = {};
  const invokeLate: Invoke = (name, input) => {
    if (!invokeRef.current) throw new Error('the engine is not ready');
    return invokeRef.current(name, input);
  };
  const handlers: Handlers = {
    ...appHandlers(services),
    ...profileHandlers(services),
    ...authHandlers(services),
    ...apiHandlers(services),
    ...composerHandlers(services),
    ...inboundHandlers(services),
    ...tunnelHandlers(services),
    ...sessionHandlers(services),
    ...logHandlers(services),
    ...contactHandlers(services),
    ...simulatorHandlers(services),
    ...collectionsHandlers(services),
    ...runnerHandlers(services, invokeLate),
    ...endpointCheckHandlers(services, invokeLate),
    ...loadHandlers(services),
  };

  const dispatch = createDispatch(
    handlers,
    (err) =>
      logSystem(
        'error',
        `Internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      ),
    redactor.text,
  );

  const invoke = typedInvoke(dispatch);
  invokeRef.current = invoke;

  let closed = false;
  return {
    dispatch,
    invoke,
    events,
    exportSession: sessionExportStream(services),
    async close() {
      if (closed) return;
      closed = true;
      collections.close();
      await connect.close();
      await tunnel.close();
      await inbound.close();
      journal.close();
    },
  };
}
