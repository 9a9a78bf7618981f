// A user listed as connected whose tokens are not in the vault at start: the Users tab says why in
// words true of this run. "Kept in memory only" only when secrets really are kept in memory only;
// with the file the person allowed, the tokens were not stored (an earlier version kept the
// sandbox's in memory only) or were removed from it.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/index';
import { hostFor, startTestSandbox, tempDir } from '../../helpers/core-fixture';
import { memorySettings } from '../../helpers/memory-settings';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const connectedEarlier = {
  userId: 'u-earlier',
  displayName: 'Chloé Martin',
  scope: 'basic',
  expiresAt: null,
  connectedAt: '2026-01-05T10:00:00.000Z',
  status: 'connected',
  lastError: null,
};

async function usersAtStart(allowPlainFile: boolean) {
  const sandbox = await startTestSandbox();
  const dataDir = tempDir();
  const settings = memorySettings({
    'secretStorage.allowPlainFile': allowPlainFile,
    'connectedUsers.sandbox': [connectedEarlier],
  });
  // The embedded sandbox as the app's hosts start it: keeping its state, so its tokens are stored.
  const host = hostFor(sandbox, dataDir, settings);
  const core = await createCore(
    { ...host, ...(host.sandbox ? { sandbox: { ...host.sandbox, keepsState: true } } : {}) },
    { inboundPort: 0 },
  );
  cleanups.push(async () => {
    await core.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return (await core.invoke('auth.users', {})).users;
}

describe('why a connected user has no tokens at start', () => {
  it('says the tokens were kept in memory only when secrets are kept in memory only', async () => {
    const [user] = await usersAtStart(false);
    expect(user?.status).toBe('disconnected');
    expect(user?.lastError).toMatch(/kept in memory only and are gone since the restart/);
  });

  it('does not say "kept in memory only" when secrets are stored in the file', async () => {
    const [user] = await usersAtStart(true);
    expect(user?.status).toBe('disconnected');
    expect(user?.lastError).not.toMatch(/memory only and are gone/);
    expect(user?.lastError).toMatch(/^No tokens of this user were found in the secret store/);
  });
});
