// --inbound-port: the receiver's port is the one asked for (serve's option, through the headless
// host), and a bad value is refused with the usage line before anything starts. Without it, the
// port saved from the Inbound tab (inbound.setPort) is used, which is how the Electron app sets it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memorySettings } from '../../helpers/memory-settings';
import { createCore } from '../../../src-main/core/index';
import { parseServeArgs } from '../../../src-main/headless/cli-args';
import { startHeadlessHost, type HeadlessHost } from '../../../src-main/headless/index';
import { hostFor, startTestSandbox, tempDir } from '../../helpers/core-fixture';
import { freePort } from '../../helpers/sandbox-client';

const hosts: HeadlessHost[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('--inbound-port', () => {
  it('is parsed, and refused when it is not a port', () => {
    expect(parseServeArgs(['--inbound-port', '6123'])).toMatchObject({ inboundPort: 6123 });
    expect(parseServeArgs(['--inbound-port', '0'])).toMatchObject({ inboundPort: 0 });
    expect(parseServeArgs([])).not.toHaveProperty('inboundPort');
    expect(() => parseServeArgs(['--inbound-port', 'x'])).toThrow(
      /--inbound-port must be a whole number from 0 to 65535, not "x"\.\nUsage: .*--inbound-port N/,
    );
  });

  it('puts the receiver on that port, and deliveries reach it there', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'tp-inbound-port-'));
    dirs.push(dataDir);
    const host = await startHeadlessHost({
      sandboxPort: 0,
      port: 0,
      redirectPort: 0,
      dataDir,
      inboundPort: port,
    });
    hosts.push(host);
    expect(host.inboundUrl).toBe(`http://127.0.0.1:${port}/hooks/sandbox`);
    const res = await fetch(`http://127.0.0.1:${port}/_tp/health/x1`);
    expect(await res.text()).toBe('TP Inspector receiver x1');
    // The sandbox app was pointed at it too.
    const state = (await (await fetch(`${host.sandboxUrl}/_sandbox/state`)).json()) as {
      apps: { endpoint_url: string }[];
    };
    expect(state.apps[0]!.endpoint_url).toBe(host.inboundUrl);
  });
});

describe('the saved port (inbound.setPort, for the Electron app)', () => {
  it('is used at the next start when the host names none; the host’s own port wins', async () => {
    const sandbox = await startTestSandbox();
    const settings = memorySettings();
    const dataDir = tempDir();
    dirs.push(dataDir);
    const [saved, explicit] = [await freePort(), await freePort()];
    try {
      const first = await createCore(hostFor(sandbox, dataDir, settings), { inboundPort: 0 });
      const before = await first.invoke('inbound.status', {});
      expect(before).toMatchObject({ wantedPort: 0, savedPort: null, fromHost: true });
      expect(await first.invoke('inbound.setPort', { port: saved })).toMatchObject({
        savedPort: saved,
        baseUrl: before.baseUrl,
      });
      await expect(first.invoke('inbound.setPort', { port: 70000 })).rejects.toMatchObject({
        code: 'invalid_input',
      });
      await first.close();

      const second = await createCore(hostFor(sandbox, dataDir, settings));
      expect(await second.invoke('inbound.status', {})).toMatchObject({
        baseUrl: `http://127.0.0.1:${saved}`,
        wantedPort: saved,
        savedPort: saved,
        fromHost: false,
      });
      await second.close();

      const third = await createCore(hostFor(sandbox, dataDir, settings), {
        inboundPort: explicit,
      });
      expect(await third.invoke('inbound.status', {})).toMatchObject({
        baseUrl: `http://127.0.0.1:${explicit}`,
        savedPort: saved,
        fromHost: true,
      });
      await third.close();
    } finally {
      await sandbox.close();
    }
  });
});
