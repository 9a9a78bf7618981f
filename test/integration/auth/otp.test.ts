// One-time passwords from the platform client, at the management and the directory URLs. The
// sandbox's simulator plays the platform client opening the app's URLs on the inbound endpoint.
import { afterEach, describe, expect, it } from 'vitest';
import type { OtpVisit } from '../../../src-shared/contract';
import type { Core } from '../../../src-main/core/index';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { answerConsent, createUser, simulator } from '../../helpers/sandbox-client';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(): Promise<{ core: Core; sandbox: RunningSandbox }> {
  const { core, sandbox, close } = await startCoreWithSandbox();
  cleanups.push(close);
  return { core, sandbox };
}

async function connectedUser(core: Core, sandbox: RunningSandbox) {
  const user = await createUser(sandbox, 'Ada', 'Lovelace');
  const flow = await core.invoke('auth.connectUser', { scopes: ['basic'] });
  await fetch(await answerConsent(sandbox, flow.consentUrl, user.id, 'approve'));
  return user;
}

type OtpAnswer = { otp: string; url: string; status: number | null };

describe('one-time passwords', () => {
  it('points the sandbox app at the inbound endpoint out of the box', async () => {
    const { core } = await start();
    const { profiles } = await core.invoke('profiles.list', {});
    const inbound = await core.invoke('inbound.status', {});
    expect(profiles[0]!.managementUrl).toBe(inbound.suggested.managementUrl);
    expect(profiles[0]!.directoryUrl).toBe(inbound.suggested.directoryUrl);
    expect(inbound.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('verifies an otp at the management URL, names the user, and offers disconnect when fromapp is false, 0 or absent', async () => {
    const { core, sandbox } = await start();
    const user = await connectedUser(core, sandbox);
    const seen: OtpVisit[] = [];
    core.events.on('auth.otpVisit', (v) => seen.push(v));
    for (const fromapp of [undefined, false, '0', true, '1'] as const) {
      const answer = await simulator<OtpAnswer>(sandbox, 'POST', `/_sandbox/users/${user.id}/otp`, {
        target: 'management',
        ...(fromapp === undefined ? {} : { fromapp }),
      });
      expect(answer.status).toBe(200);
    }
    expect(seen.map((v) => [v.outcome, v.userId, v.displayName])).toEqual(
      Array(5).fill(['verified', user.id, 'Ada Lovelace']),
    );
    expect(seen.map((v) => v.showDisconnect)).toEqual([true, true, true, false, false]);
    expect(seen[0]!.otpPreview).toMatch(/…$/);
    const { visits } = await core.invoke('auth.otpVisits', {});
    expect(visits).toHaveLength(5);
    const { records } = await core.invoke('log.list', {});
    const verify = records.filter(
      (r) => r.kind === 'api' && r.api.url.endsWith('/tp/otp/verify.json'),
    );
    expect(verify).toHaveLength(5);
    expect(JSON.stringify(verify)).not.toMatch(/"otp":"[A-Za-z0-9_-]{12,}"/);
  });

  it('reports an otp the platform refuses', async () => {
    const { core } = await start();
    const inbound = await core.invoke('inbound.status', {});
    const page = await fetch(`${inbound.suggested.managementUrl}?otp=not-a-real-otp-value`);
    expect(page.status).toBe(400);
    const { visits } = await core.invoke('auth.otpVisits', {});
    expect(visits[0]).toMatchObject({
      outcome: 'failed',
      error: expect.stringMatching(/did not verify/),
    });
  });

  it('connects the user from the directory URL with the otp instead of scopes, without a consent page', async () => {
    const { core, sandbox } = await start();
    const user = await createUser(sandbox, 'Grace', 'Hopper');
    await simulator<OtpAnswer>(sandbox, 'POST', `/_sandbox/users/${user.id}/otp`, {
      target: 'directory',
    });
    const deadline = Date.now() + 5_000;
    while ((await core.invoke('auth.flow', {}))?.status !== 'connected' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const flow = await core.invoke('auth.flow', {});
    expect(flow).toMatchObject({ status: 'connected', viaOtp: true, userId: user.id });
    expect(new URL(flow!.authorizeUrl).searchParams.has('scope')).toBe(false);
    const { users } = await core.invoke('auth.users', {});
    expect(users).toEqual([
      expect.objectContaining({
        userId: user.id,
        displayName: 'Grace Hopper',
        status: 'connected',
      }),
    ]);
  });
});
