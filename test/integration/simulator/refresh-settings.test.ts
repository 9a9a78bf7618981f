// The registration's refresh-token settings as the engine sets them (simulator.updateApp, the
// Simulator's "Refresh tokens"): the app view reads them back, and the sandbox's next refresh
// answers by them: without rotation the same refresh token, or none at all when it is not repeated
// (docs/sandbox.md, Tokens and OAuth).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';
import { Harness } from '../sandbox/harness';

let fx: CoreFixture;
let h: Harness;
beforeAll(async () => {
  fx = await startCoreWithSandbox();
  const app = fx.sandbox.apps[0];
  if (!app) throw new Error('the sandbox has no app');
  h = new Harness(fx.sandbox, app);
}, 60_000);
afterAll(() => fx?.close());

/** A refresh grant on the sandbox, as a client of the platform would send it. */
const refresh = (refreshToken: string) =>
  h.post('/tp/token', {
    grant_type: 'refresh_token',
    client_id: h.app.client_id,
    client_secret: h.app.client_secret,
    refresh_token: refreshToken,
  });

describe('the refresh-token settings from the simulator', () => {
  it('start as the sandbox defaults: rotated, and repeated', async () => {
    const { app } = await fx.core.invoke('simulator.state', {});
    expect(app).toMatchObject({ rotateRefreshTokens: true, repeatRefreshToken: true });
  });

  it('without rotation, a refresh answers the same refresh token, which keeps working', async () => {
    const changed = await fx.core.invoke('simulator.updateApp', {
      changes: { rotateRefreshTokens: false },
    });
    expect(changed.outcome).toBe('Changed the app registration: rotate_refresh_tokens.');
    expect(changed.app).toMatchObject({ rotateRefreshTokens: false, repeatRefreshToken: true });
    expect((await fx.core.invoke('simulator.state', {})).app.rotateRefreshTokens).toBe(false);

    const session = await h.connect();
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    expect(first.json.refresh_token).toBe(session.refresh_token);
    expect((await refresh(session.refresh_token)).status).toBe(200);
  });

  it('without repeating, a refresh answers no refresh_token and the one held keeps working', async () => {
    const changed = await fx.core.invoke('simulator.updateApp', {
      changes: { repeatRefreshToken: false },
    });
    expect(changed.app).toMatchObject({ rotateRefreshTokens: false, repeatRefreshToken: false });
    expect((await fx.core.invoke('simulator.state', {})).app.repeatRefreshToken).toBe(false);

    const session = await h.connect();
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    expect(first.json.access_token).toMatch(/./);
    expect(Object.keys(first.json)).not.toContain('refresh_token');
    expect((await refresh(session.refresh_token)).status).toBe(200);
  });

  it('with rotation back on, a refresh answers a new refresh token and the old one is refused', async () => {
    const changed = await fx.core.invoke('simulator.updateApp', {
      changes: { rotateRefreshTokens: true, repeatRefreshToken: true },
    });
    expect(changed.app).toMatchObject({ rotateRefreshTokens: true, repeatRefreshToken: true });

    const session = await h.connect();
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    expect(first.json.refresh_token).toMatch(/./);
    expect(first.json.refresh_token).not.toBe(session.refresh_token);
    expect((await refresh(session.refresh_token)).status).toBe(400);
  });
});
