// Several hosts on one machine: with redirectPort 0 each embedded sandbox app gets its own free
// redirect port, so "Connect user" in one never finds the port taken by another.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHeadlessHost, type HeadlessHost } from '../../../src-main/headless/index';

const hosts: HeadlessHost[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function start(redirectPort?: number): Promise<HeadlessHost> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tp-redirect-'));
  dirs.push(dataDir);
  const host = await startHeadlessHost({
    sandboxPort: 0,
    port: 0,
    dataDir,
    ...(redirectPort !== undefined ? { redirectPort } : {}),
  });
  hosts.push(host);
  return host;
}

async function redirectUri(host: HeadlessHost): Promise<string> {
  const res = await fetch(`${host.sandboxUrl}/_sandbox/state`);
  const state = (await res.json()) as { apps: { redirect_uri: string }[] };
  return state.apps[0]!.redirect_uri;
}

describe('the embedded sandbox app’s redirect port', () => {
  it('is 47615 by default and any free port, different per host, with 0', async () => {
    expect(await redirectUri(await start())).toBe('http://127.0.0.1:47615/callback');
    const [a, b] = [await redirectUri(await start(0)), await redirectUri(await start(0))];
    expect(a).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(a).not.toBe('http://127.0.0.1:47615/callback');
    expect(a).not.toBe(b);
  });
});
