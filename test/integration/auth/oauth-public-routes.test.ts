// OAuth and the public routes (docs/security.md): what a request at the management and directory
// URLs can and cannot do to connecting users. The core against a real sandbox over loopback HTTP,
// and a "stalled platform" (a server that never answers) where an otp-started flow must stay
// pending while the person acts.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../src-shared/contract';
import type { Core, CoreOptions } from '../../../src-main/core/index';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { answerConsent, createUser, freePort, simulator } from '../../helpers/sandbox-client';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(core: CoreOptions = {}): Promise<{ core: Core; sandbox: RunningSandbox }> {
  const fx = await startCoreWithSandbox({ core });
  cleanups.push(fx.close);
  return { core: fx.core, sandbox: fx.sandbox };
}

const records = async (core: Core): Promise<JournalRecord[]> =>
  (await core.invoke('log.list', { limit: 5000 })).records;

/** A platform that takes requests and never answers them, until closed. */
async function stalledPlatform() {
  const requests: string[] = [];
  const server: Server = createServer((req) => void requests.push(req.url ?? ''));
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

/** A second profile whose platform is stalled; answers its directory URL on the receiver. */
async function stalledProfile(core: Core) {
  const platform = await stalledPlatform();
  const profile = await core.invoke('profiles.create', {
    name: 'Stalled platform',
    baseUrl: platform.baseUrl,
    clientId: 'stalled-app',
    clientSecret: 'stalled-secret',
    redirectUri: `http://127.0.0.1:${await freePort()}/callback`,
    scopes: ['basic'],
  });
  const inbound = await core.invoke('inbound.status', { profileId: profile.id });
  return { platform, profile, directoryUrl: inbound.suggested.directoryUrl };
}

async function waitForFlow(
  core: Core,
  what: string,
  ok: (f: Awaited<ReturnType<typeof flowOf>>) => boolean,
) {
  const deadline = Date.now() + 5_000;
  while (!ok(await flowOf(core))) {
    if (Date.now() > deadline)
      throw new Error(`Waited 5 s for ${what}: ${JSON.stringify(await flowOf(core))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const flowOf = (core: Core) => core.invoke('auth.flow', {});

/** An otp the sandbox issued for the user, opened nowhere (its directory URL leads nowhere). */
async function unusedOtp(sandbox: RunningSandbox, userId: string): Promise<string> {
  const app = sandbox.apps[0]!;
  await simulator(sandbox, 'PATCH', `/_sandbox/apps/${app.client_id}`, {
    directory_url: 'http://127.0.0.1:9/nowhere',
  });
  const { otp } = await simulator<{ otp: string }>(
    sandbox,
    'POST',
    `/_sandbox/users/${userId}/otp`,
    {
      target: 'directory',
    },
  );
  return otp;
}

describe('the person’s flow and an otp-started one', () => {
  it('an otp at the directory URL while the person’s flow waits does not replace it, and the visitor learns nothing of it', async () => {
    const { core, sandbox } = await start();
    const ada = await createUser(sandbox, 'Ada', 'Lovelace');
    const grace = await createUser(sandbox, 'Grace', 'Hopper');
    const mine = await core.invoke('auth.connectUser', { scopes: ['basic'], openBrowser: false });

    const { suggested } = await core.invoke('inbound.status', {});
    const otp = await unusedOtp(sandbox, grace.id);
    const visit = await fetch(`${suggested.directoryUrl}?otp=${otp}`, { redirect: 'manual' });
    expect(visit.status).toBe(409);
    expect(visit.headers.get('location')).toBeNull();
    const body = await visit.text();
    expect(body).toMatch(/busy connecting someone else/);
    // Generic words for a remote visitor: not when the person started, not the state.
    expect(body).not.toMatch(/\d\d:\d\d:\d\d|started|state/);
    expect(body).not.toContain(new URL(mine.consentUrl).searchParams.get('state')!);

    const now = await flowOf(core);
    expect(now).toMatchObject({ id: mine.id, status: 'waiting', startedBy: 'person' });
    const { visits } = await core.invoke('auth.otpVisits', {});
    expect(visits[0]).toMatchObject({
      target: 'directory',
      outcome: 'failed',
      error: expect.stringMatching(/does not replace it/),
    });
    // The person's flow goes on to the end.
    await fetch(await answerConsent(sandbox, mine.consentUrl, ada.id, 'approve'));
    await waitForFlow(core, 'the person’s flow to connect Ada', (f) => f?.status === 'connected');
    expect((await flowOf(core))?.userId).toBe(ada.id);
  });

  it('the person’s Connect user while an otp-started flow is pending replaces it and connects', async () => {
    const { core, sandbox } = await start();
    const ada = await createUser(sandbox, 'Ada', 'Lovelace');
    const stalled = await stalledProfile(core);
    // A visitor opens the directory URL of a profile whose platform does not answer: pending.
    const visit = fetch(`${stalled.directoryUrl}?otp=whatever-the-visitor-sent`, {
      redirect: 'manual',
    });
    await waitForFlow(
      core,
      'the otp-started flow to be pending',
      (f) => f?.viaOtp === true && (f.status === 'waiting' || f.status === 'exchanging'),
    );
    const otpFlow = (await flowOf(core))!;

    const mine = await core.invoke('auth.connectUser', {
      profileId: 'sandbox',
      scopes: ['basic'],
      openBrowser: false,
    });
    expect(mine).toMatchObject({ status: 'waiting', startedBy: 'person' });
    const all = await records(core);
    expect(
      all.some(
        (r) =>
          r.kind === 'auth' &&
          r.profileId === stalled.profile.id &&
          /Replaced by a connection started in TP Inspector/.test(r.summary),
      ),
    ).toBe(true);
    await fetch(await answerConsent(sandbox, mine.consentUrl, ada.id, 'approve'));
    await waitForFlow(core, 'the person’s flow to connect Ada', (f) => f?.status === 'connected');
    expect(await flowOf(core)).toMatchObject({ id: mine.id, userId: ada.id });
    expect(otpFlow.id).not.toBe(mine.id);

    // The replaced visit ends "not connected" once its platform call comes back.
    await stalled.platform.close();
    const answer = await visit;
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/could not connect you/);
    expect(await flowOf(core)).toMatchObject({ id: mine.id, status: 'connected' });
  });
});

describe('an otp-started flow', () => {
  it('lives a bounded time: a platform that does not answer ends it as timed out, and the visitor gets a page', async () => {
    const { core } = await start({ otpConnectTimeoutMs: 400 });
    const stalled = await stalledProfile(core);
    const started = Date.now();
    const answer = await fetch(`${stalled.directoryUrl}?otp=some-otp`, { redirect: 'manual' });
    expect(answer.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await answer.text()).toMatch(/Not connected/);
    expect(await flowOf(core)).toMatchObject({
      viaOtp: true,
      startedBy: 'directory',
      status: 'timed_out',
      error: expect.stringMatching(/did not finish connecting .* within/),
    });
    expect(stalled.platform.requests).toHaveLength(1);
  });

  it('connects without handing the visitor a redirect or a state: a page, and the state stays in the engine', async () => {
    const { core, sandbox } = await start();
    const grace = await createUser(sandbox, 'Grace', 'Hopper');
    const otp = await unusedOtp(sandbox, grace.id);
    const { suggested } = await core.invoke('inbound.status', {});
    const answer = await fetch(`${suggested.directoryUrl}?otp=${otp}`, { redirect: 'manual' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('location')).toBeNull();
    const body = await answer.text();
    expect(body).toMatch(/You are connected/);

    const flow = (await flowOf(core))!;
    expect(flow).toMatchObject({ status: 'connected', startedBy: 'directory', userId: grace.id });
    // The flow shows its state as a preview only (test/integration/auth/flow-secrets.test.ts);
    // the whole state would be those four characters and 39 more of base64url.
    const preview = new URL(flow.authorizeUrl).searchParams.get('state')!;
    expect(preview).toMatch(/^[\w-]{4}…$/);
    const wholeState = new RegExp(`${preview.slice(0, 4)}[\\w-]{39}`);
    expect(body).not.toMatch(wholeState);
    // Nor in the journal in clear: the engine's own GET of /tp/authorize is recorded redacted.
    const all = await records(core);
    expect(all.some((r) => /^GET \/tp\/authorize \(otp\) → 30[23]$/.test(r.summary))).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(wholeState);
    // No loopback server ever waited for this flow: a forged return reaches nothing.
    const forged = new URL(flow.redirectUri);
    forged.searchParams.set('state', 'a-state-of-someone-else');
    forged.searchParams.set('code', 'a-code-of-someone-else');
    await expect(fetch(forged)).rejects.toThrow();
    expect((await core.invoke('auth.users', {})).users).toEqual([
      expect.objectContaining({ userId: grace.id, status: 'connected' }),
    ]);
  });
});

describe('the rate limit of the otp routes', () => {
  const tripRecords = (all: JournalRecord[]) =>
    all.filter((r) => r.kind === 'system' && /Too many requests at the management/.test(r.summary));

  it('answers 429 with Retry-After past 10 requests a minute from one source, with one journal record', async () => {
    const { core } = await start();
    const { suggested } = await core.invoke('inbound.status', {});
    const from = (address: string | null) =>
      address ? { headers: { 'x-forwarded-for': `198.51.100.9, ${address}` } } : {};
    const manage = (address: string | null) =>
      fetch(`${suggested.managementUrl}?otp=not-a-real-otp`, from(address));

    for (let i = 0; i < 10; i++) expect((await manage('203.0.113.7')).status).toBe(400);
    const refused = await manage('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.text()).toBe('Too many requests. Try again later.');
    // The limit is the source's across both otp routes, and refusals cost nothing.
    expect((await manage('203.0.113.7')).status).toBe(429);
    const directory = await fetch(`${suggested.directoryUrl}?otp=x`, {
      ...from('203.0.113.7'),
      redirect: 'manual',
    });
    expect(directory.status).toBe(429);
    // Other sources keep their own budget: another forwarded address, and the local one.
    expect((await manage('203.0.113.8')).status).toBe(400);
    expect((await manage(null)).status).toBe(400);

    const all = await records(core);
    expect(tripRecords(all)).toHaveLength(1);
    expect(tripRecords(all)[0]!.summary).toContain('203.0.113.7 (forwarded)');
    const verifies = all.filter(
      (r) => r.kind === 'api' && r.api.url.endsWith('/tp/otp/verify.json'),
    );
    expect(verifies).toHaveLength(12);
  });
});
