// createCore(host): the Electron-free engine. It wires the services and implements the contract;
// hosts (Electron main, the headless host, tests) only carry commands in and events out.
import { join } from 'node:path';
import { createAppTokenService } from './auth/app-token';
import type { Core } from './core';
import { createDispatch, typedInvoke, type Handlers } from './dispatch';
import { createEventEmitter } from './events';
import type { CoreHost } from './host';
import { openJournal } from './log/journal';
import { createRedactor } from './log/redact';
import { createProfileStore } from './profiles/profile-store';

export type { Core } from './core';
export type { CoreHost } from './host';

export const JOURNAL_FILE = 'journal.ndjson';

export async function createCore(host: CoreHost): Promise<Core> {
  const journalRef: { append?: (message: string) => void } = {};
  const events = createEventEmitter((err) =>
    journalRef.append?.(`An event listener failed: ${String(err)}`),
  );
  const redactor = createRedactor();
  const journal = openJournal(join(host.paths.dataDir, JOURNAL_FILE), (record) =>
    events.emit('log.appended', record),
  );
  const logSystem = (level: 'info' | 'warn' | 'error', message: string) =>
    journal.append({ kind: 'system', summary: message, system: { level, message } });
  journalRef.append = (message) => logSystem('error', message);

  const profiles = createProfileStore(host, redactor);
  const appTokens = createAppTokenService({ profiles, journal, redactor, events });

  if (journal.unreadableLines > 0) {
    logSystem(
      'warn',
      `${journal.unreadableLines} line(s) of the journal could not be read and were skipped.`,
    );
  }
  for (const warning of profiles.loadWarnings) logSystem('warn', warning);
  logSystem(
    'info',
    `TP Inspector ${host.appVersion} started${host.sandbox ? ` with the sandbox at ${host.sandbox.baseUrl}` : ''}.`,
  );

  const handlers: Handlers = {
    'app.info': async () => ({
      version: host.appVersion,
      dataDir: host.paths.dataDir,
      sandboxUrl: host.sandbox?.baseUrl ?? null,
      secretStorage: {
        mode: host.secrets.available ? 'sealed' : 'memory',
        explanation: host.secrets.explanation,
      },
    }),
    'profiles.list': async () => profiles.state(),
    'auth.getAppToken': async ({ profileId }) => appTokens.fetch(profileId),
    'auth.status': async ({ profileId }) => appTokens.status(profileId),
    'log.list': async ({ beforeSeq, limit }) => ({
      records: journal.list({ beforeSeq, limit }),
      lastSeq: journal.lastSeq(),
    }),
  };

  const dispatch = createDispatch(handlers, (err) =>
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
    async close() {
      if (closed) return;
      closed = true;
      journal.close();
    },
  };
}
