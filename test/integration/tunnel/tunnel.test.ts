// The tunnel, against a localtunnel-protocol server the test runs on 127.0.0.1 (test/helpers/
// lt-server.ts): up and carrying requests to the receiver, killed by the server and recovered,
// refused registrations, the own-public-URL mode, and pushing the public URL into the sandbox.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { OtpVisit, TunnelRecord, TunnelStatus } from '../../../src-shared/contract';
import type { SettingsStore } from '../../../src-main/core/host-interface';
import { memorySettings } from '../../helpers/memory-settings';
import { createCore, type Core } from '../../../src-main/core/index';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { hostFor, startCoreWithSandbox, tempDir } from '../../helpers/core-fixture';
import { startLtServer, type LtServer } from '../../helpers/lt-server';
import { answerConsent, createUser, freePort, simulator } from '../../helpers/sandbox-client';

// Seconds, not minutes: checks every 150 ms, one failed check is dead, retries from 100 ms (the
// check waits 5 s for an answer, so a loaded machine does not fail one by slowness).
const FAST = {
  probeIntervalMs: 150,
  probeTimeoutMs: 5000,
  probeFailuresToDead: 1,
  backoffInitialMs: 100,
  backoffMaxMs: 400,
  registerTimeoutMs: 2000,
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Setup {
  core: Core;
  sandbox: RunningSandbox;
  lt: LtServer;
  settings: SettingsStore;
}

async function start(settings: SettingsStore = memorySettings()): Promise<Setup> {
  const lt = await startLtServer();
  cleanups.push(() => lt.close());
  const { core, sandbox, close } = await startCoreWithSandbox({ settings, core: { tunnel: FAST } });
  cleanups.push(close);
  return { core, sandbox, lt, settings };
}

/** Resolves with the first tunnel.changed payload (from now on) that matches. */
function when(core: Core, match: (s: TunnelStatus) => boolean): Promise<TunnelStatus> {
  return new Promise((resolve) => {
    const off = core.events.on('tunnel.changed', (s) => {
      if (match(s)) {
        off();
        resolve(s);
      }
    });
  });
}
const isUp = (s: TunnelStatus) => s.state === 'up';

async function tunnelRecords(core: Core): Promise<TunnelRecord['tunnel'][]> {
  const { records } = await core.invoke('log.list', { limit: 5000 });
  return records.flatMap((r) => (r.kind === 'tunnel' ? [r.tunnel] : []));
}

async function get(url: string) {
  const res = await fetch(url, { headers: { 'bypass-tunnel-reminder': '1' } });
  return { status: res.status, text: await res.text() };
}

describe('the tunnel', () => {
  it('is off at launch and comes up on request, carrying requests to the receiver', async () => {
    const { core, lt } = await start();
    expect((await core.invoke('tunnel.status', {})).state).toBe('idle');
    expect(lt.registrations).toHaveLength(0);

    const up = when(core, isUp);
    const started = await core.invoke('tunnel.start', { host: lt.baseUrl });
    expect(started.state).toBe('connecting');
    const status = await up;
    expect(status.publicUrl).toBe(`${lt.baseUrl}/t/${lt.registrations[0]!.id}`);
    expect(status.lastCheck?.ok).toBe(true);

    // Through the tunnel the receiver answers, exactly as it does on loopback.
    const local = (await core.invoke('inbound.status', {})).baseUrl;
    const through = await get(`${status.publicUrl}/no/such/hook`);
    expect(through).toEqual(await get(`${local}/no/such/hook`));
    expect(through.text).toContain('TP Inspector has no profile with a URL at /no/such/hook');

    // A delivery-shaped POST to the sandbox endpoint gets the receiver's own answer back.
    const post = (base: string) =>
      fetch(`${base}/hooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: '{"type":"message"}', signature: 'x' }).toString(),
      }).then(async (r) => ({ status: r.status, text: await r.text() }));
    expect(await post(status.publicUrl!)).toEqual(await post(local));

    // The public server's way of naming a tunnel: by the Host header.
    const byHost = await new Promise<string>((resolve, reject) => {
      const port = Number(new URL(lt.baseUrl).port);
      const id = lt.registrations[0]!.id;
      httpRequest(
        { host: '127.0.0.1', port, path: '/by-host', headers: { host: `${id}.localhost:${port}` } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(body));
        },
      )
        .on('error', reject)
        .end();
    });
    expect(byHost).toContain('TP Inspector has no profile with a URL at /by-host');

    // Many at once: the server queues them onto the client's connections, all are answered.
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) => get(`${status.publicUrl}/many/${i}`)),
    );
    many.forEach((r, i) => expect(r.text).toContain(`a URL at /many/${i}.`));

    expect((await tunnelRecords(core)).map((t) => t.state)).toEqual(['connecting', 'up']);
    const records = await tunnelRecords(core);
    expect(records[1]).toMatchObject({ mode: 'localtunnel', publicUrl: status.publicUrl });
  });

  it('notices when the server drops the tunnel, registers again and works again', async () => {
    const { core, lt } = await start();
    const first = when(core, isUp);
    await core.invoke('tunnel.start', { host: lt.baseUrl });
    const before = await first;
    const id = lt.registrations[0]!.id;

    const down = when(core, (s) => s.state === 'down');
    // Health checks also report (state still up): wait for up only once it went down.
    const again = down.then(() => when(core, isUp));
    lt.kill(id);
    const dead = await down;
    expect(dead.reason).toMatch(/no longer accepts connections|health check/);
    const after = await again;

    // Re-registered under the same name, so the public URL (and any registration) still holds.
    expect(lt.registrations.map((r) => r.requested)).toEqual(['', id]);
    expect(after.publicUrl).toBe(before.publicUrl);
    expect((await get(`${after.publicUrl}/after`)).text).toContain('TP Inspector has no profile');

    const states = (await tunnelRecords(core)).map((t) => t.state);
    expect(states.slice(0, 2)).toEqual(['connecting', 'up']);
    expect(states.slice(2)).toContain('down');
    expect(states.slice(2)).toContain('reconnecting');
    expect(states.at(-1)).toBe('up');
    const retry = (await tunnelRecords(core)).find((t) => t.state === 'reconnecting')!;
    expect(retry).toMatchObject({ attempt: 1, retryInMs: 100 });
  });

  it('notices a tunnel that is still connected but no longer reaches the receiver', async () => {
    const { core, lt } = await start();
    const first = when(core, isUp);
    await core.invoke('tunnel.start', { host: lt.baseUrl });
    await first;
    const down = when(core, (s) => s.state === 'down');
    // Health checks also report (state still up): wait for up only once it went down.
    const again = down.then(() => when(core, isUp));
    // The server forgets the client but its connections stay open: only the health check can tell.
    const id = lt.registrations[0]!.id;
    lt.detach(id);
    const dead = await down;
    expect(dead.reason).toContain("not from TP Inspector's receiver");
    expect(dead.reason).toContain(`no tunnel named ${id}`);
    const after = await again;
    expect((await get(`${after.publicUrl}/x`)).text).toContain('TP Inspector has no profile');
  });

  it('reports a refused registration with its reason and retries with growing waits', async () => {
    const { core, lt } = await start();
    lt.refuse({ status: 403, message: 'This subdomain is reserved.' });
    const retries: TunnelStatus[] = [];
    const third = when(core, (s) => {
      if (s.state === 'reconnecting') retries.push(s);
      return retries.length === 4;
    });
    await core.invoke('tunnel.start', { host: lt.baseUrl, subdomain: 'my-app-name' });
    await third;
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3, 4]);
    // Doubling, capped at backoffMaxMs.
    expect(retries.map((r) => r.retryInMs)).toEqual([100, 200, 400, 400]);
    expect(retries[0]!.reason).toContain('HTTP 403: This subdomain is reserved.');
    const down = (await tunnelRecords(core)).find((t) => t.state === 'down')!;
    expect(down.reason).toContain(
      'refused the registration (HTTP 403: This subdomain is reserved.)',
    );

    // Once the server accepts again, the next retry brings it up under the wanted name.
    const up = when(core, isUp);
    lt.refuse(null);
    expect((await up).publicUrl).toBe(`${lt.baseUrl}/t/my-app-name`);
  });

  it('says why when the server cannot be reached at all, and stops when asked', async () => {
    const { core } = await start();
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const retrying = when(core, (s) => s.state === 'reconnecting');
    await core.invoke('tunnel.start', { host: nobody });
    expect((await retrying).reason).toContain(`The tunnel server ${nobody} could not be reached`);
    const stopped = await core.invoke('tunnel.stop', {});
    expect(stopped).toMatchObject({ state: 'idle', mode: 'off' });
    expect((await tunnelRecords(core)).at(-1)).toMatchObject({ state: 'idle' });
  });

  it('watches the person’s own public URL with the same health check', async () => {
    const { core, sandbox } = await start();
    const local = (await core.invoke('inbound.status', {})).baseUrl;
    const up = when(core, isUp);
    const started = await core.invoke('tunnel.useOwnUrl', { publicUrl: `${local}/` });
    expect(started).toMatchObject({ state: 'connecting', mode: 'own-url' });
    expect(await up).toMatchObject({ mode: 'own-url', publicUrl: local });

    // A URL that answers, but not as this receiver, is down with what came back.
    const down = when(core, (s) => s.state === 'down');
    await core.invoke('tunnel.useOwnUrl', { publicUrl: sandbox.baseUrl });
    const dead = await down;
    expect(dead.reason).toContain(`The health check through ${sandbox.baseUrl} failed`);
    expect(dead.reason).toContain("not from TP Inspector's receiver");
    expect((await core.invoke('tunnel.status', {})).settings.ownUrl).toBe(sandbox.baseUrl);

    // One that does not answer at all, too.
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const unreachable = when(core, (s) => s.state === 'down' && s.publicUrl === nobody);
    await core.invoke('tunnel.useOwnUrl', { publicUrl: nobody });
    expect((await unreachable).reason).toContain('no answer');
  });

  it('keeps its settings, and does not start by itself at the next launch', async () => {
    const settings = memorySettings();
    const first = await start(settings);
    const up = when(first.core, isUp);
    await first.core.invoke('tunnel.start', { host: `${first.lt.baseUrl}/`, subdomain: 'keep-me' });
    await up;
    const next = await createCore(hostFor(first.sandbox, tempDir(), settings), {
      inboundPort: 0,
      tunnel: FAST,
    });
    cleanups.push(() => next.close());
    expect(await next.invoke('tunnel.status', {})).toMatchObject({
      state: 'idle',
      settings: { host: first.lt.baseUrl, subdomain: 'keep-me', ownUrl: '' },
    });
    await expect(next.invoke('tunnel.start', { subdomain: 'NO' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });
});

describe('saved settings', () => {
  it('falls back to the defaults, and says so, when they cannot be read', async () => {
    const { core } = await start(memorySettings({ tunnel: { host: 42 } }));
    expect((await core.invoke('tunnel.status', {})).settings).toEqual({
      host: 'https://localtunnel.me',
      subdomain: '',
      ownUrl: '',
    });
    const { records } = await core.invoke('log.list', {});
    expect(
      records.some(
        (r) =>
          r.kind === 'system' && r.system.message.includes('tunnel settings could not be read'),
      ),
    ).toBe(true);
  });
});

describe('pushing the public URL into the sandbox', () => {
  it('pushes again by itself when the tunnel comes back under another URL', async () => {
    const { core, sandbox, lt } = await start();
    const up = when(core, isUp);
    await core.invoke('tunnel.start', { host: lt.baseUrl });
    const before = (await up).publicUrl!;
    await core.invoke('tunnel.pushToSandbox', {});
    const id = lt.registrations[0]!.id;

    const down = when(core, (s) => s.state === 'down');
    const pushed = down.then(() => when(core, (s) => s.pushedUrl !== before));
    // Someone else takes the name: the tunnel comes back under a random one.
    lt.reserve(id);
    lt.kill(id);
    await down;
    const after = await pushed;
    expect(after.publicUrl).not.toBe(before);
    expect(after.pushedUrl).toBe(after.publicUrl);
    const state = await simulator<{ apps: { endpoint_url: string }[] }>(
      sandbox,
      'GET',
      '/_sandbox/state',
    );
    expect(state.apps[0]!.endpoint_url).toBe(`${after.publicUrl}/hooks/sandbox`);
  });

  it('refuses while there is no public URL', async () => {
    const { core } = await start();
    await expect(core.invoke('tunnel.pushToSandbox', {})).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('changes the sandbox registration and profile, and the sandbox then reaches the app through the tunnel', async () => {
    const { core, sandbox, lt } = await start();
    const up = when(core, isUp);
    await core.invoke('tunnel.start', { host: lt.baseUrl });
    const { publicUrl } = await up;
    const { profile, status } = await core.invoke('tunnel.pushToSandbox', {});
    expect(status.pushedUrl).toBe(publicUrl);
    const expected = {
      endpointUrl: `${publicUrl}/hooks/sandbox`,
      managementUrl: `${publicUrl}/hooks/sandbox/manage`,
      directoryUrl: `${publicUrl}/hooks/sandbox/directory`,
    };
    expect(profile).toMatchObject(expected);
    const { profiles } = await core.invoke('profiles.list', {});
    expect(profiles.find((p) => p.id === 'sandbox')).toMatchObject(expected);
    const state = await simulator<{ apps: Record<string, unknown>[] }>(
      sandbox,
      'GET',
      '/_sandbox/state',
    );
    expect(state.apps[0]).toMatchObject({
      endpoint_url: expected.endpointUrl,
      management_url: expected.managementUrl,
      directory_url: expected.directoryUrl,
    });

    // The platform client opens the management URL: through the tunnel, to the receiver.
    const user = await createUser(sandbox, 'Ada', 'Lovelace');
    const flow = await core.invoke('auth.connectUser', { scopes: ['basic'] });
    await fetch(await answerConsent(sandbox, flow.consentUrl, user.id, 'approve'));
    const visit = new Promise<OtpVisit>((resolve) => core.events.on('auth.otpVisit', resolve));
    const answer = await simulator<{ url: string; status: number | null }>(
      sandbox,
      'POST',
      `/_sandbox/users/${user.id}/otp`,
      { target: 'management' },
    );
    expect(answer.url.startsWith(expected.managementUrl)).toBe(true);
    expect(answer.status).toBe(200);
    expect(await visit).toMatchObject({ outcome: 'verified', userId: user.id });

    // Stopping the tunnel points the sandbox back at the receiver on loopback.
    const local = (await core.invoke('inbound.status', {})).baseUrl;
    expect(await core.invoke('tunnel.stop', {})).toMatchObject({ state: 'idle', pushedUrl: null });
    const restored = await simulator<{ apps: Record<string, unknown>[] }>(
      sandbox,
      'GET',
      '/_sandbox/state',
    );
    expect(restored.apps[0]).toMatchObject({
      endpoint_url: `${local}/hooks/sandbox`,
      management_url: `${local}/hooks/sandbox/manage`,
    });
    const { profiles: after } = await core.invoke('profiles.list', {});
    expect(after.find((p) => p.id === 'sandbox')!.endpointUrl).toBe(`${local}/hooks/sandbox`);
  });
});
