// What the window hears of a connect flow (auth.flowChanged, auth.flow, auth.cancelConnect) holds
// neither its OAuth `state` nor a directory URL's otp (docs/security.md, OAuth and the public
// routes). The person's own flow gives its live authorize URL once, in auth.connectUser's answer,
// to the window that opens it in the browser.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectFlow } from '../../../src-shared/contract';
import type { Core } from '../../../src-main/core/index';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { answerConsent, createUser, freePort } from '../../helpers/sandbox-client';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start() {
  const fx = await startCoreWithSandbox();
  cleanups.push(fx.close);
  const heard: ConnectFlow[] = [];
  fx.core.events.on('auth.flowChanged', (f) => heard.push(f));
  return { ...fx, heard };
}

/** A platform that records the requests it gets and never answers them. */
async function stalledPlatform() {
  const requests: URL[] = [];
  const server: Server = createServer((req) => {
    requests.push(new URL(req.url ?? '/', 'http://platform'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }));
  cleanups.push(close);
  const { port } = server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}`, requests, close };
}

/** Everything the window can learn of the flow: its events, auth.flow and auth.cancelConnect. */
async function whatTheWindowSees(core: Core, heard: ConnectFlow[]): Promise<string> {
  const flow = await core.invoke('auth.flow', {});
  const cancelled = await core.invoke('auth.cancelConnect', {});
  return JSON.stringify({ heard, flow, cancelled });
}

describe('a connect flow as the window sees it', () => {
  it("keeps the person's state out of the events and auth.flow, and gives it in connectUser's answer", async () => {
    const { core, sandbox, heard } = await start();
    const started = await core.invoke('auth.connectUser', {
      scopes: ['basic'],
      openBrowser: false,
    });
    const state = new URL(started.consentUrl).searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(43);
    const shown = new URL(started.authorizeUrl);
    expect(shown.searchParams.get('state')).toBe(`${state.slice(0, 4)}…`);
    expect(shown.searchParams.get('scope')).toBe('basic');

    const ada = await createUser(sandbox, 'Ada', 'Lovelace');
    await (await fetch(await answerConsent(sandbox, started.consentUrl, ada.id, 'approve'))).text();
    await expect.poll(async () => (await core.invoke('auth.flow', {}))?.status).toBe('connected');

    expect(heard.map((f) => f.status)).toEqual(['waiting', 'exchanging', 'connected']);
    expect(await whatTheWindowSees(core, heard)).not.toContain(state);
  });

  it("keeps a directory URL's otp and the flow's state out of the events and auth.flow", async () => {
    const { core, heard } = await start();
    const platform = await stalledPlatform();
    const profile = await core.invoke('profiles.create', {
      name: 'Stalled platform',
      baseUrl: platform.baseUrl,
      clientId: 'stalled-app',
      clientSecret: 'stalled-secret',
      redirectUri: `http://127.0.0.1:${await freePort()}/callback`,
      scopes: ['basic'],
    });
    const { suggested } = await core.invoke('inbound.status', { profileId: profile.id });
    const otp = 'otp-from-the-platform-client-0123456789';
    const visitor = new AbortController();
    cleanups.push(async () => visitor.abort());
    // The visitor's browser waits for its page while the engine calls /tp/authorize with the otp.
    fetch(`${suggested.directoryUrl}?otp=${otp}`, { signal: visitor.signal }).catch(
      () => undefined,
    );

    await expect.poll(() => platform.requests.length).toBe(1);
    const sent = platform.requests[0]!.searchParams;
    expect(sent.get('otp')).toBe(otp);
    const state = sent.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(43);
    const flow = await core.invoke('auth.flow', {});
    expect(flow).toMatchObject({ startedBy: 'directory', status: 'exchanging' });
    const shown = new URL(flow!.authorizeUrl).searchParams;
    expect(shown.get('otp')).toBe(`${otp.slice(0, 4)}…`);
    expect(shown.get('state')).toBe(`${state.slice(0, 4)}…`);

    const seen = await whatTheWindowSees(core, heard);
    expect(heard.length).toBeGreaterThanOrEqual(2);
    expect(seen).not.toContain(otp);
    expect(seen).not.toContain(state);

    // The engine's call ends once the platform goes away: its visit is recorded before the end.
    await platform.close();
    await expect
      .poll(
        async () =>
          (await core.invoke('auth.otpVisits', { profileId: profile.id })).visits[0]?.outcome,
      )
      .toBe('failed');
  });
});
