// A copy of the sandbox profile outlives a restart: the headless host starts the embedded sandbox
// on its last port and with its last client secret, which the engine keeps sealed like any other.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/core';
import { createCore } from '../../../src-main/core/index';
import { startHeadlessHost, type HeadlessHost } from '../../../src-main/headless/index';
import { freePort } from '../../helpers/sandbox-client';
import { testKeyring } from '../../helpers/test-keyring';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(
  dataDir: string,
  rendererDir: string,
  sandboxPort: number,
): Promise<{ host: HeadlessHost; core: Core }> {
  let core: Core | undefined;
  const host = await startHeadlessHost({
    dataDir,
    rendererDir,
    sandboxPort,
    redirectPort: 0,
    inboundPort: 0,
    secrets: testKeyring,
    createCore: async (h, o) => (core = await createCore(h, o)),
  });
  cleanups.push(() => host.close());
  return { host, core: core! };
}

describe('the embedded sandbox across a restart', () => {
  it('keeps its client secret, sealed, so a copied sandbox profile still gets a token', async () => {
    const tmp = await mkdtemp(join(tmpdir(), 'tp-sandbox-secret-'));
    cleanups.push(() => rm(tmp, { recursive: true, force: true }));
    const dataDir = join(tmp, 'data');
    const rendererDir = join(tmp, 'renderer');
    await mkdir(rendererDir, { recursive: true });
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>fixture</title>');
    const sandboxPort = await freePort();

    const first = await start(dataDir, rendererDir, sandboxPort);
    const copy = await first.core.invoke('profiles.duplicate', {
      profileId: 'sandbox',
      name: 'My sandbox copy',
    });
    const before = await first.core.invoke('auth.getAppToken', { profileId: copy.id });
    expect(before.preview).not.toBe('');
    await first.host.close();

    const second = await start(dataDir, rendererDir, sandboxPort);
    expect(second.host.sandboxUrl).toBe(first.host.sandboxUrl);
    // auth.getAppToken always asks the platform: a refused client secret would throw here.
    const after = await second.core.invoke('auth.getAppToken', { profileId: copy.id });
    expect(after.obtainedAt, 'a new grant, from the restarted sandbox').not.toBe(before.obtainedAt);

    // The secret is kept sealed in the settings, and the copy holds the same one.
    const settingsText = await readFile(join(dataDir, 'settings.json'), 'utf8');
    const sealed = (JSON.parse(settingsText) as { sealedSecrets: Record<string, string> })
      .sealedSecrets;
    const secret = testKeyring.unseal(sealed['profile:sandbox:clientSecret'] ?? '');
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(testKeyring.unseal(sealed[`profile:${copy.id}:clientSecret`] ?? '')).toBe(secret);
    expect(settingsText, 'the secret in clear in settings.json').not.toContain(secret);
  });
});
