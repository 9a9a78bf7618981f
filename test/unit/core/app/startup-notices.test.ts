// What the engine says in the journal as it starts (src-main/core/app/startup-notices.ts): each
// thing found unreadable while opening, the started line, the host's notices, a sandbox moved off
// its port; in that order, each a system record.
import { describe, expect, it } from 'vitest';
import type { Journal, NewRecord } from '../../../../src-main/core/log/journal';
import {
  recordStartupNotices,
  startupNotices,
} from '../../../../src-main/core/app/startup-notices';

const clean = {
  appVersion: '1.2.3',
  unreadableJournalLines: 0,
  unreadableSecrets: [],
  profileWarnings: [],
  sessionWarnings: [],
};

describe('the start-up notices', () => {
  it('say only that the engine started when nothing went wrong, with the sandbox when there is one', () => {
    expect(startupNotices(clean)).toEqual([
      { level: 'info', message: 'TP Inspector 1.2.3 started.' },
    ]);
    const sandbox = { baseUrl: 'http://127.0.0.1:5876', wantedPort: 5876 };
    expect(startupNotices({ ...clean, sandbox })).toEqual([
      {
        level: 'info',
        message: 'TP Inspector 1.2.3 started with the sandbox at http://127.0.0.1:5876.',
      },
    ]);
  });

  it('warn of what could not be read first, then say it started, then the host’s notices', () => {
    const notices = startupNotices({
      ...clean,
      unreadableJournalLines: 3,
      unreadableSecrets: ['profile:sandbox:clientSecret', 'profile:p1:clientSecret'],
      profileWarnings: ['profiles.json was set aside.'],
      sessionWarnings: ['The sessions index was rebuilt.'],
      hostNotices: ['Settings moved from an earlier folder.'],
    });
    expect(notices.map((n) => n.level)).toEqual([
      'warn',
      'warn',
      'warn',
      'warn',
      'warn',
      'info',
      'info',
    ]);
    expect(notices[0]!.message).toBe(
      '3 line(s) of the journal could not be read and were skipped.',
    );
    // The sandbox's secret is made again by the sandbox: the words say what that costs a copy.
    expect(notices[1]!.message).toMatch(
      /^The embedded sandbox's stored client secret could not be read back, so the sandbox made a new one: .*duplicate the sandbox profile again \(Profiles\)\.$/,
    );
    expect(notices[2]!.message).toBe(
      'The stored secret profile:p1:clientSecret could not be read back; enter it again.',
    );
    expect(notices.slice(3).map((n) => n.message)).toEqual([
      'profiles.json was set aside.',
      'The sessions index was rebuilt.',
      'TP Inspector 1.2.3 started.',
      'Settings moved from an earlier folder.',
    ]);
  });

  it('warn last when the sandbox had to take another port, and say what to do', () => {
    const moved = { baseUrl: 'http://127.0.0.1:40123', wantedPort: 5876 };
    const last = startupNotices({ ...clean, sandbox: moved, hostNotices: ['x'] }).at(-1)!;
    expect(last.level).toBe('warn');
    expect(last.message).toBe(
      "The sandbox's port 5876 was taken, so it listens on http://127.0.0.1:40123 this time: a copied sandbox profile with port 5876 does not answer until the sandbox is back there. Free the port and restart, or edit that profile.",
    );
    // No port asked for (a short-lived sandbox on any free port): nothing was taken.
    const anyPort = { baseUrl: 'http://127.0.0.1:40123' };
    expect(startupNotices({ ...clean, sandbox: anyPort })).toHaveLength(1);
  });

  it('are written to the journal as system records, in order', () => {
    const appended: NewRecord[] = [];
    const journal = { append: (record: NewRecord) => appended.push(record) };
    recordStartupNotices(journal as unknown as Pick<Journal, 'append'>, {
      ...clean,
      sessionWarnings: ['The sessions index was rebuilt.'],
    });
    expect(appended).toEqual([
      {
        kind: 'system',
        summary: 'The sessions index was rebuilt.',
        system: { level: 'warn', message: 'The sessions index was rebuilt.' },
      },
      {
        kind: 'system',
        summary: 'TP Inspector 1.2.3 started.',
        system: { level: 'info', message: 'TP Inspector 1.2.3 started.' },
      },
    ]);
  });
});
