// What the rest of the engine makes of a tunnel that is up: inbound.status suggests the public
// URLs to register (and the loopback ones again once it stops), and the tunnel's health checks
// reach the receiver's own health route without leaving a delivery in the journal.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TunnelStatus } from '../../../src-shared/contract';
import type { Core } from '../../../src-main/core/index';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { startLtServer, type LtServer } from '../../helpers/lt-server';

let core: Core;
let sandbox: RunningSandbox;
let lt: LtServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ core, sandbox, close } = await startCoreWithSandbox({
    core: { tunnel: { probeIntervalMs: 100, probeTimeoutMs: 5000, backoffInitialMs: 100 } },
  }));
  lt = await startLtServer();
});
afterAll(async () => {
  await close();
  await lt.close();
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
