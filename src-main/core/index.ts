// createCore(host): the Electron-free engine. It builds the services, each given what it uses, in
// the order they need each other, and implements the contract; hosts (Electron main, the headless
// host, tests) only carry commands in and events out. This file is the engine's entry: the only one
// of src-main/core a host may import (eslint.config.js).
import { join } from 'node:path';
import { createApiClient } from './api/api-client';
import { recordStartupNotices } from './app/startup-notices';
import { createAppTokenService } from './auth/app-token';
import { createConnectFlowService } from './auth/connect-flow';
import { createOtpService } from './auth/otp';
import { tokensOutliveRestart } from './auth/token-storage';
import { createUserTokenService } from './auth/user-tokens';
import { createCollectionStore } from './collections/collection-store';
import { createStagedFiles } from './composer/staged-files';
import { createContactBookStore } from './contacts/contact-book';
import { createContactsService } from './contacts/contacts-service';
import type { Core } from './core';
import { typedInvoke } from './dispatch';
import { engineDispatch } from './engine-dispatch';
import { createEventEmitter } from './events';
import type { CoreHost } from './host-interface';
import type { DeliveryOptions } from './inbound/deliveries';
import { startInbound } from './inbound/inbound-service';
import { createRedactor } from './log/redact';
import { sessionExportStream } from './log/session-handlers';
import { openSessions } from './log/sessions';
import { createProfileStore } from './profiles/profile-store';
import { createSecretVault } from './secrets/secret-vault';
import type { Services } from './services';
import { createPublicUrl } from './tunnel/public-url';
import { pushUrlsToSandbox } from './tunnel/push-to-sandbox';
import { createTunnelService, type TunnelTiming } from './tunnel/tunnel-manager';

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
   * The largest platform response read (default API_MAX_RESPONSE_BYTES, 50 MiB): the API client's,
   * the token endpoint's and the otp's; over it the call fails and the journal keeps the first bytes.
   */
  apiMaxResponseBytes?: number;
}

export async function createCore(host: CoreHost, options: CoreOptions = {}): Promise<Core> {
  // The journal, which every service records into, and the emitter it announces records through.
  const events = createEventEmitter();
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
  const logSystem = (level: 'warn' | 'error', message: string) =>
    journal.append({ kind: 'system', summary: message, system: { level, message } });
  // The emitter was made first, so the journal subscribes to its listeners' failures.
  events.onListenerError((err) => logSystem('error', `An event listener failed: ${String(err)}`));

  // The profiles and their secrets, the tokens, and the API client that calls with them.
  const vault = createSecretVault(host);
  const profiles = createProfileStore(host, vault, redactor);
  profiles.onChange((state) => events.emit('profiles.changed', state));
  const outliveRestart = tokensOutliveRestart(host.sandbox);
  // Every call to the platform reads its answer up to the same limit (the API client's, the token
  // endpoint's, the otp's).
  const answerLimit = options.apiMaxResponseBytes
    ? { maxResponseBytes: options.apiMaxResponseBytes }
    : {};
  const appTokens = createAppTokenService({
    profiles,
    journal,
    redactor,
    events,
    vault,
    tokensOutliveRestart: outliveRestart,
    ...answerLimit,
  });
  const users = createUserTokenService({
    host,
    profiles,
    journal,
    redactor,
    events,
    vault,
    tokensOutliveRestart: outliveRestart,
    ...answerLimit,
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
    ...answerLimit,
  });
  const api = createApiClient({
    journal,
    redactor,
    ...answerLimit,
    profiles,
    tokens: {
      app: (profileId) => appTokens.ensure(profileId),
      renewApp: (profileId, refused) => appTokens.renew(profileId, refused),
      user: (profileId, userId) => users.accessToken(profileId, userId),
      renewUser: (profileId, userId, refused) => users.renew(profileId, userId, refused),
    },
  });
  const otp = createOtpService({ api, connect, users, journal, redactor, events });

  // The receiver, then the tunnel that exposes its local URL. What the tunnel tells the receiver
  // back, it writes into these two, which the receiver reads: the local ports of the connections
  // it opened (the receiver caps those per source) and its public URL (never a forward target).
  const tunnelPorts = new Set<number>();
  const publicUrl = createPublicUrl();
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
    publicUrls: publicUrl.urls,
    ...(options.deliveries ? { deliveries: options.deliveries } : {}),
  });
  // A run's inbound set-up shows in the Inbound tab while it is in force.
  inbound.settings.onRunSetup((profileId, runSetup) =>
    events.emit('inbound.runSetupChanged', { profileId, runSetup }),
  );
  // Never started here: a tunnel opens only when the person asks for one.
  const tunnel = createTunnelService({
    settings: host.settings,
    journal,
    events,
    localUrl: inbound.status(profiles.state().activeProfileId).baseUrl,
    tunnelPorts,
    publicUrl,
    pushUrls: (url) => pushUrlsToSandbox(host, profiles, url),
    ...(options.tunnel ? { timing: options.tunnel } : {}),
  });

  const contacts = createContactsService({
    host,
    profiles,
    users,
    api,
    events,
    book: createContactBookStore(host, (message) => logSystem('warn', message)),
  });
  // Watches the open collections: closed with the engine.
  const collections = createCollectionStore({
    settings: host.settings,
    emit: (change) => events.emit('collections.changed', change),
  });

  // What the services found unreadable while opening, that the engine started, the host's notices.
  recordStartupNotices(journal, {
    appVersion: host.appVersion,
    sandbox: host.sandbox,
    unreadableJournalLines: journal.unreadableLines,
    unreadableSecrets: vault.unreadable,
    profileWarnings: profiles.loadWarnings,
    sessionWarnings: sessions.warnings,
    hostNotices: host.notices,
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
  const dispatch = engineDispatch(services, (err) =>
    logSystem(
      'error',
      `Internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    ),
  );

  let closed = false;
  return {
    dispatch,
    invoke: typedInvoke(dispatch),
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
