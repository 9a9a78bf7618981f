// --inbound-port: the receiver's port is the one asked for (serve's option, through the headless
// host), and a bad value is refused with the usage line before anything starts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../../src-main/host/cli-args';
import { startHeadlessHost, type HeadlessHost } from '../../../src-main/host/index';
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
    const host = await startHeadlessHost({ port: 0, redirectPort: 0, dataDir, inboundPort: port });
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
