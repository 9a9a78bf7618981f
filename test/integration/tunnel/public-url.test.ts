// What the rest of the engine makes of a tunnel that is up: inbound.status suggests the public
// URLs to register (and the loopback ones again once it stops), and the tunnel's health checks
// reach the receiver's own health route without leaving a delivery in the journal.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TunnelStatus } from '../../../src-main/core/contract';
import { createCore, type Core } from '../../../src-main/core/index';
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox/index';
import { hostFor, tempDir } from '../../helpers/core-fixture';
import { startLtServer, type LtServer } from '../../helpers/lt-server';
import { freePort } from '../../helpers/sandbox-client';

let core: Core;
let sandbox: RunningSandbox;
let lt: LtServer;
let dataDir: string;

beforeAll(async () => {
  const port = await freePort();
  sandbox = await startSandbox({ apps: [{ redirect_uri: `http://127.0.0.1:${port}/callback` }] });
  lt = await startLtServer();
  dataDir = tempDir();
  core = await createCore(hostFor(sandbox, dataDir), {
    inboundPort: 0,
    tunnel: { probeIntervalMs: 100, probeTimeoutMs: 5000, backoffInitialMs: 100 },
  });
});
afterAll(async () => {
  await core.close();
  await lt.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function when(match: (s: TunnelStatus) => boolean): Promise<TunnelStatus> {
  return new Promise((resolve) => {
    const off = core.events.on('tunnel.changed', (s) => {
      if (match(s)) {
        off();
        resolve(s);
      }
    });
  });
}

it('inbound.status suggests the public URLs while the tunnel is up, the loopback ones after', async () => {
  const before = await core.invoke('inbound.status', {});
  expect(before.publicUrl).toBeUndefined();
  expect(before.suggested.endpointUrl).toBe(`${before.baseUrl}/hooks/sandbox`);

  const up = when((s) => s.state === 'up');
  await core.invoke('tunnel.start', { host: lt.baseUrl });
  const { publicUrl } = await up;
  expect(publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\//);

  const during = await core.invoke('inbound.status', {});
  expect(during).toMatchObject({
    baseUrl: before.baseUrl,
    publicUrl,
    suggested: {
      endpointUrl: `${publicUrl}/hooks/sandbox`,
      managementUrl: `${publicUrl}/hooks/sandbox/manage`,
      directoryUrl: `${publicUrl}/hooks/sandbox/directory`,
    },
  });

  // A few periodic checks go through; none of them is a delivery.
  const checked = await new Promise<TunnelStatus>((resolve) => {
    let n = 0;
    const off = core.events.on('tunnel.changed', (s) => {
      if (s.lastCheck?.ok && ++n >= 3) {
        off();
        resolve(s);
      }
    });
  });
  expect(checked.lastCheck?.detail).toContain('HTTP 200');
  const { records } = await core.invoke('log.list', { limit: 5000 });
  expect(records.filter((r) => r.kind === 'delivery')).toEqual([]);

  await core.invoke('tunnel.stop', {});
  expect(await core.invoke('inbound.status', {})).toEqual(before);
});

it('inbound.useSandboxKey sets the sandbox’s RSA public key on a profile', async () => {
  const pem = await (await fetch(`${sandbox.baseUrl}/_sandbox/signing-key.pem`)).text();
  const settings = await core.invoke('inbound.useSandboxKey', {});
  expect(settings.rsaPublicKeyPem).toBe(pem);
  expect(pem).toContain('-----BEGIN PUBLIC KEY-----');
  expect((await core.invoke('inbound.settings', {})).rsaPublicKeyPem).toBe(pem);
});
