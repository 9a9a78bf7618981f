// Connecting users and keeping their tokens alive: core against the sandbox over loopback HTTP,
// with the sandbox's simulator API playing the person in the browser.
import { createServer, type Server } from 'node:net';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiRecord, type ConnectFlow, type JournalRecord } from '../../../src-shared/contract';
import { createCore, type Core } from '../../../src-main/core/index';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import {
  hostFor,
  startTestSandbox,
  tempDir,
  type TestSandboxOptions,
} from '../../helpers/core-fixture';
import { answerConsent, createUser, simulator } from '../../helpers/sandbox-client';
import { errorOf } from '../../helpers/command-error';

interface Fixture {
  core: Core;
  sandbox: RunningSandbox;
  opened: string[];
  port: number;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(
  options: TestSandboxOptions = {},
  connectTimeoutMs?: number,
): Promise<Fixture> {
  const sandbox = await startTestSandbox(options);
  // The port the engine's connect flow listens on.
  const port = Number(new URL(sandbox.apps[0]!.redirect_uri).port);
  const dataDir = tempDir();
  const opened: string[] = [];
  const host = {
    ...hostFor(sandbox, dataDir),
    openExternal: async (url: string) => void opened.push(url),
  };
  const core = await createCore(host, {
    inboundPort: 0,
    ...(connectTimeoutMs ? { connectTimeoutMs } : {}),
  });
  cleanups.push(async () => {
    await core.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { core, sandbox, opened, port };
}

/** The whole browser round trip: consent answered, then the browser follows the redirect. */
async function connect(fx: Fixture, name = 'Ada', surname = 'Lovelace') {
  const user = await createUser(fx.sandbox, name, surname);
  const flow = await fx.core.invoke('auth.connectUser', { scopes: ['basic', 'user_phone'] });
  const redirect = await answerConsent(fx.sandbox, flow.consentUrl, user.id, 'approve');
  const page = await fetch(redirect);
  return { user, flow, redirect, page, html: await page.text() };
}

const records = async (core: Core) => (await core.invoke('log.list', { limit: 5000 })).records;
const grants = (all: JournalRecord[], grant: string) =>
  all.filter(
    (r): r is ApiRecord => r.kind === 'api' && r.summary.startsWith(`POST /tp/token (${grant})`),
  );
const me = (core: Core, userId: string) =>
  core.invoke('api.call', { method: 'GET', path: '/tp/me.json', actAs: { kind: 'user', userId } });

describe('connecting a user', () => {
  it('opens the authorize URL, catches the redirect on loopback, and connects the user', async () => {
    const fx = await start();
    const flows: ConnectFlow[] = [];
    fx.core.events.on('auth.flowChanged', (f) => flows.push(f));
    const { user, flow, page, html } = await connect(fx);

    expect(fx.opened).toEqual([flow.consentUrl]);
    const q = new URL(flow.consentUrl).searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('basic user_phone');
    expect(flow.consentUrl).toContain('scope=basic+user_phone');
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(43);
    expect(page.status).toBe(200);
    expect(html).toMatch(/Ada Lovelace is connected/);
    expect(html).toMatch(/go back to TP Inspector/);
    expect(flows.map((f) => f.status)).toEqual(['waiting', 'exchanging', 'connected']);

    const { users } = await fx.core.invoke('auth.users', {});
    expect(users).toEqual([
      expect.objectContaining({
        userId: user.id,
        displayName: 'Ada Lovelace',
        status: 'connected',
        hasRefreshToken: true,
        scope: 'basic user_phone',
      }),
    ]);
    const asUser = await me(fx.core, user.id);
    expect(asUser.record.api.status).toBe(200);
    expect(asUser.json).toMatchObject({ id: user.id, msisdn: '+4915112345678' });
    const asApp = await fx.core.invoke('api.call', {
      method: 'GET',
      path: '/tp/me.json',
      actAs: { kind: 'appForUser', userId: user.id },
    });
    expect(asApp.record.api.status).toBe(200);
    expect(asApp.record.api.url).toContain(`user_id=${user.id}`);
  });

  it('only offers registered scopes', async () => {
    const fx = await start({ app: { scopes: ['basic'] } });
    const err = await errorOf(
      fx.core.invoke('auth.connectUser', { scopes: ['basic', 'user_phone'] }),
    );
    expect(err.code).toBe('invalid_input');
    expect(err.message).toMatch(/user_phone is not among the profile's registered scopes/);
  });

  it('shows a denied consent with the error and its description, in the app and the browser', async () => {
    const fx = await start();
    const user = await createUser(fx.sandbox, 'Grace', 'Hopper');
    const flow = await fx.core.invoke('auth.connectUser', { scopes: ['basic'] });
    const redirect = await answerConsent(fx.sandbox, flow.consentUrl, user.id, 'deny');
    const page = await fetch(redirect);
    expect(page.status).toBe(400);
    expect(await page.text()).toMatch(/access_denied/);
    const current = await fx.core.invoke('auth.flow', {});
    expect(current?.status).toBe('failed');
    expect(current?.error).toMatch(/"access_denied": .+/);
    expect((await fx.core.invoke('auth.users', {})).users).toEqual([]);
  });

  it('refuses a wrong or missing state at the loopback redirect URI with 400 and keeps waiting: the right return still connects', async () => {
    const fx = await start();
    const user = await createUser(fx.sandbox, 'Alan', 'Turing');
    const flow = await fx.core.invoke('auth.connectUser', { scopes: ['basic'] });
    // Any web page can make the browser request the loopback URL; none knows the state.
    const callback = new URL(flow.redirectUri);
    for (const state of ['forged-state-value', null, 'forged-state-value']) {
      const forged = new URL(callback);
      forged.searchParams.set('code', 'a-code-of-someone-else');
      if (state !== null) forged.searchParams.set('state', state);
      const page = await fetch(forged);
      expect(page.status).toBe(400);
      expect(await page.text()).toMatch(/still waiting/);
      expect((await fx.core.invoke('auth.flow', {}))?.status).toBe('waiting');
    }
    let all = await records(fx.core);
    expect(grants(all, 'authorization_code')).toHaveLength(0);
    // One record for the refused returns, however many a page sends.
    const refusals = all.filter(
      (r) => r.kind === 'auth' && r.auth.outcome === 'error' && /state/.test(r.auth.detail ?? ''),
    );
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.summary).toMatch(/still waiting/);

    const redirect = await answerConsent(fx.sandbox, flow.consentUrl, user.id, 'approve');
    const page = await fetch(redirect);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Alan Turing is connected/);
    expect((await fx.core.invoke('auth.flow', {}))?.status).toBe('connected');
    all = await records(fx.core);
    expect(grants(all, 'authorization_code')).toHaveLength(1);
  });

  it('fails closed on a pasted URL with a wrong state: a clear error, nothing exchanged, the flow still waiting', async () => {
    const fx = await start();
    const user = await createUser(fx.sandbox, 'Alan', 'Turing');
    const flow = await fx.core.invoke('auth.connectUser', {
      scopes: ['basic'],
      openBrowser: false,
    });
    const redirect = new URL(await answerConsent(fx.sandbox, flow.consentUrl, user.id, 'approve'));
    const right = redirect.searchParams.get('state')!;
    redirect.searchParams.set('state', 'forged-state-value');
    const err = await errorOf(
      fx.core.invoke('auth.completeConnect', { redirectUrl: redirect.toString() }),
    );
    expect(err.code).toBe('invalid_input');
    expect(err.message).toMatch(/state this connection did not send.*still waiting/);
    expect((await fx.core.invoke('auth.flow', {}))?.status).toBe('waiting');
    expect(grants(await records(fx.core), 'authorization_code')).toHaveLength(0);
    redirect.searchParams.set('state', right);
    const connected = await fx.core.invoke('auth.completeConnect', {
      redirectUrl: redirect.toString(),
    });
    expect(connected).toMatchObject({ userId: user.id, status: 'connected' });
  });

  it('runs one flow at a time, frees the port on cancel, and times out', async () => {
    const fx = await start({}, 300);
    await fx.core.invoke('auth.connectUser', { scopes: ['basic'] });
    expect((await errorOf(fx.core.invoke('auth.connectUser', { scopes: ['basic'] }))).code).toBe(
      'flow_in_progress',
    );
    expect((await fx.core.invoke('auth.cancelConnect', {}))?.status).toBe('cancelled');
    const again = await fx.core.invoke('auth.connectUser', { scopes: ['basic'] });
    expect(again.status).toBe('waiting');
    await new Promise((r) => setTimeout(r, 600));
    const timedOut = await fx.core.invoke('auth.flow', {});
    expect(timedOut?.status).toBe('timed_out');
    expect(timedOut?.error).toMatch(/within/);
  });

  it('names the busy port when the redirect URI port is taken', async () => {
    const fx = await start();
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(fx.port, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise<void>((r) => blocker.close(() => r())));
    const err = await errorOf(fx.core.invoke('auth.connectUser', { scopes: ['basic'] }));
    expect(err.code).toBe('port_in_use');
    expect(err.message).toContain(`Port ${fx.port}`);
    expect(err.message).toMatch(/in use by another program/);
  });

  it('accepts the redirect URL pasted by hand', async () => {
    const fx = await start();
    const user = await createUser(fx.sandbox, 'Katherine', 'Johnson');
    const flow = await fx.core.invoke('auth.connectUser', {
      scopes: ['basic'],
      openBrowser: false,
    });
    expect(fx.opened).toEqual([]);
    const redirect = await answerConsent(fx.sandbox, flow.consentUrl, user.id, 'approve');
    const connected = await fx.core.invoke('auth.completeConnect', {
      redirectUrl: ` ${redirect} `,
    });
    expect(connected).toMatchObject({
      userId: user.id,
      displayName: 'Katherine Johnson',
      status: 'connected',
    });
  });
});

describe('keeping user tokens alive', () => {
  it('refreshes on a 401 invalid_token during a call and retries it, with rotation', async () => {
    const fx = await start({ rotate_refresh_tokens: true });
    const { user } = await connect(fx);
    await simulator(fx.sandbox, 'POST', '/_sandbox/tokens/expire', {});
    const first = await me(fx.core, user.id);
    expect(first.record.api.status).toBe(200);
    await simulator(fx.sandbox, 'POST', '/_sandbox/tokens/expire', {});
    expect((await me(fx.core, user.id)).record.api.status).toBe(200);
    const all = await records(fx.core);
    expect(grants(all, 'refresh_token').map((r) => r.api.status)).toEqual([200, 200]);
    expect(
      all.filter(
        (r) => r.kind === 'auth' && r.auth.action === 'refresh' && r.auth.outcome === 'ok',
      ),
    ).toHaveLength(2);
  });

  it('refreshes before expiry without waiting for a 401', async () => {
    const fx = await start({ token_lifetime: 1 });
    const { user } = await connect(fx);
    await new Promise((r) => setTimeout(r, 300));
    expect((await me(fx.core, user.id)).record.api.status).toBe(200);
    const all = await records(fx.core);
    expect(grants(all, 'refresh_token')).toHaveLength(1);
    expect(all.filter((r) => r.kind === 'api' && r.api.status === 401)).toHaveLength(0);
  });

  it('refreshes once for 20 concurrent calls waiting on it', async () => {
    const fx = await start({ rotate_refresh_tokens: true });
    const { user } = await connect(fx);
    await simulator(fx.sandbox, 'POST', '/_sandbox/tokens/expire', {});
    const results = await Promise.all(Array.from({ length: 20 }, () => me(fx.core, user.id)));
    expect(results.map((r) => r.record.api.status)).toEqual(Array(20).fill(200));
    expect(grants(await records(fx.core), 'refresh_token')).toHaveLength(1);
  });

  it('leaves the user without tokens (status disconnected) on invalid_grant instead of looping', async () => {
    const fx = await start();
    const { user } = await connect(fx);
    await simulator(fx.sandbox, 'POST', `/_sandbox/users/${user.id}/disconnect`, {});
    const err = await errorOf(me(fx.core, user.id));
    expect(err.message).toMatch(/invalid_grant/);
    expect(err.message).toMatch(/Connect the user again/);
    const view = (await fx.core.invoke('auth.users', {})).users[0]!;
    expect(view).toMatchObject({ status: 'disconnected', tokenPreview: '' });
    const before = (await records(fx.core)).length;
    expect((await errorOf(me(fx.core, user.id))).message).toMatch(/no usable tokens/);
    const after = await records(fx.core);
    expect(after.slice(before).filter((r) => r.kind === 'api')).toHaveLength(0);
    // Connect again: the same user comes back connected.
    const flow = await fx.core.invoke('auth.connectUser', { scopes: ['basic'] });
    await fetch(await answerConsent(fx.sandbox, flow.consentUrl, user.id, 'approve'));
    expect((await fx.core.invoke('auth.users', {})).users[0]?.status).toBe('connected');
  });

  it('loses the tokens of a reused code, as the platform revokes them, and says so', async () => {
    const fx = await start();
    const { user, redirect } = await connect(fx);
    const app = fx.sandbox.apps[0]!;
    const reuse = await fetch(`${fx.sandbox.baseUrl}/tp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: app.client_id,
        client_secret: app.client_secret,
        code: new URL(redirect).searchParams.get('code')!,
        redirect_uri: app.redirect_uri,
      }),
    });
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { error: string }).error).toBe('invalid_grant');
    const err = await errorOf(me(fx.core, user.id));
    expect(err.message).toMatch(/invalid_grant/);
    expect((await fx.core.invoke('auth.users', {})).users[0]?.status).toBe('disconnected');
  });

  it('drops the tokens and forgets on request', async () => {
    const fx = await start();
    const { user } = await connect(fx);
    expect((await fx.core.invoke('auth.dropTokens', { userId: user.id })).status).toBe(
      'disconnected',
    );
    expect((await fx.core.invoke('auth.forgetUser', { userId: user.id })).users).toEqual([]);
  });
});
