// What the engine says in the journal as it starts: what it could not read back (journal lines,
// secrets, profiles, the sessions' index), that it started and with which sandbox, what the host
// has to say, and a sandbox that had to take another port. Worded here, from what the services
// found while opening; createCore writes them once every service is made.
import type { Journal } from '../log';
import { clientSecretKey, SANDBOX_PROFILE_ID } from '../profiles';

interface StartupNotice {
  level: 'info' | 'warn';
  message: string;
}

/** What the services found while opening, and what the host gave. */
interface StartupFacts {
  appVersion: string;
  /** The embedded sandbox: where it listens, and the port it wanted (a copied profile keeps that). */
  sandbox?: { baseUrl: string; wantedPort?: number } | undefined;
  /** Lines of the journal skipped as unreadable (journal.unreadableLines). */
  unreadableJournalLines: number;
  /** The vault's keys whose secret could not be unsealed (vault.unreadable). */
  unreadableSecrets: readonly string[];
  /** The profile store's and the sessions' warnings, already in words. */
  profileWarnings: readonly string[];
  sessionWarnings: readonly string[];
  /** What the host asks to be said (host.notices). */
  hostNotices?: readonly string[] | undefined;
}

/** The port the sandbox wanted when it listens on another: it was taken. */
export function sandboxPortTaken(
  sandbox: { baseUrl: string; wantedPort?: number } | undefined,
): number | null {
  if (!sandbox?.wantedPort) return null;
  return new URL(sandbox.baseUrl).port === String(sandbox.wantedPort) ? null : sandbox.wantedPort;
}

/** The start-up's notices, in the order the journal gets them. */
export function startupNotices(facts: StartupFacts): StartupNotice[] {
  const warn = (message: string): StartupNotice => ({ level: 'warn', message });
  const info = (message: string): StartupNotice => ({ level: 'info', message });
  const notices: StartupNotice[] = [];
  if (facts.unreadableJournalLines > 0) {
    notices.push(
      warn(
        `${facts.unreadableJournalLines} line(s) of the journal could not be read and were skipped.`,
      ),
    );
  }
  for (const key of facts.unreadableSecrets) notices.push(warn(unreadableSecret(key)));
  notices.push(...facts.profileWarnings.map(warn), ...facts.sessionWarnings.map(warn));
  const { sandbox } = facts;
  notices.push(
    info(
      `TP Inspector ${facts.appVersion} started${sandbox ? ` with the sandbox at ${sandbox.baseUrl}` : ''}.`,
    ),
    ...(facts.hostNotices ?? []).map(info),
  );
  const taken = sandboxPortTaken(sandbox);
  if (sandbox && taken !== null) {
    notices.push(
      warn(
        `The sandbox's port ${taken} was taken, so it listens on ${sandbox.baseUrl} this time: a copied sandbox profile with port ${taken} does not answer until the sandbox is back there. Free the port and restart, or edit that profile.`,
      ),
    );
  }
  return notices;
}

function unreadableSecret(key: string): string {
  return key === clientSecretKey(SANDBOX_PROFILE_ID)
    ? "The embedded sandbox's stored client secret could not be read back, so the sandbox made a new one: a copy of the sandbox profile gets no token with its old secret; duplicate the sandbox profile again (Profiles)."
    : `The stored secret ${key} could not be read back; enter it again.`;
}

/** Writes the start-up's notices to the journal, each a system record. */
export function recordStartupNotices(journal: Pick<Journal, 'append'>, facts: StartupFacts): void {
  for (const { level, message } of startupNotices(facts)) {
    journal.append({ kind: 'system', summary: message, system: { level, message } });
  }
}
