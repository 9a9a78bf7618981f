// A QA session survives a restart of the headless host on the same data folder (the issue "A QA
// session that survives"): where secrets are stored (the file the person allowed, or a keyring),
// the embedded sandbox's users, rooms and contacts come back with the same ids, and the engine's
// user and app tokens still answer, without connecting again.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/sandbox-client';
import { testKeyring } from '../../helpers/test-keyring';
import { hostFolders, startHost, type Cleanup } from '../../helpers/in-process-host';
import { expectSessionKept, playSession } from './qa-session';

const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a QA session across a restart of the headless host', () => {
  for (const [label, secrets] of [
    ['with "Store secrets unencrypted" chosen', undefined],
    ['with an OS keyring', testKeyring],
  ] as const) {
    it(`keeps the users, their tokens, the app token, rooms and contacts, ${label}`, async () => {
      const folder = {
        ...(await hostFolders(cleanups, { allowPlainFile: !secrets })),
        sandboxPort: await freePort(),
      };
      const first = await startHost(cleanups, folder, secrets);
      const played = await playSession((c, i) => first.core.dispatch(c, i), {
        baseUrl: first.host.sandboxUrl,
      });
      await first.host.close();

      const second = await startHost(cleanups, folder, secrets);
      expect(second.host.sandboxUrl).toBe(first.host.sandboxUrl);
      await expectSessionKept(
        (c, i) => second.core.dispatch(c, i),
        { baseUrl: second.host.sandboxUrl },
        played,
      );

      // The sandbox's own test credentials are in its state file: readable by this user only.
      const stateFile = join(folder.dataDir, 'sandbox-state.json');
      expect((await stat(stateFile)).mode & 0o777).toBe(0o600);
      if (!secrets) {
        const stored = JSON.parse(
          await readFile(join(folder.dataDir, 'secrets.json'), 'utf8'),
        ) as object;
        expect(Object.keys(stored).sort()).toEqual([
          'profile:sandbox:appToken',
          'profile:sandbox:clientSecret',
          `profile:sandbox:user:${played.userId}`,
        ]);
      }
    });
  }
});
