// A run acts on its own profile: against the sandbox profile while another profile is active,
// its connect-user and simulate steps play the sandbox's users all the same, and the simulator
// still refuses to act for a profile that is not the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PROFILE_ID } from '../../../src-main/core/profiles/profile-store';
import { errorOf } from '../../helpers/command-error';
import { startRunnerFixture, stepStates, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
let otherId: string;
beforeAll(async () => {
  fx = await startRunnerFixture();
  const other = await fx.core.invoke('profiles.create', {
    name: 'Staging',
    baseUrl: fx.sandbox.baseUrl,
    clientId: 'staging-app',
    clientSecret: 'staging-secret',
    redirectUri: 'http://127.0.0.1:8000/callback',
    scopes: ['basic'],
  });
  otherId = other.id;
  await fx.core.invoke('profiles.select', { profileId: otherId });
}, 60_000);
afterAll(() => fx?.close());

const MESSAGE = `
steps:
  - name: Ada
    connect-user: { name: Ada }
    capture: { ada: user_id }
  - name: Ada's contact
    request:
      endpoint: contact.add
      user: '{{ada}}'
      params: { contact_id: order-7, display_name: Order 7, capabilities: interactive }
    expect: { status: 200 }
  - name: Ada writes
    simulate: { action: send-message, user: '{{ada}}', contact: order-7, params: { text: hello 7 } }
  - name: It arrives
    expect-delivery:
      match: { kind: message, user: '{{ada}}', text: hello 7 }
      timeout: 10s
`;

describe('a run against the sandbox while another profile is active', () => {
  it("plays the sandbox's users for the run's profile", async () => {
    const active = await fx.core.invoke('profiles.list', {});
    expect(active.activeProfileId).toBe(otherId);
    const run = await fx.run(fx.collection({ 'message.yaml': MESSAGE }), {
      profileId: SANDBOX_PROFILE_ID,
    });
    expect(stepStates(run), JSON.stringify(run.scenarios[0]?.steps, null, 1)).toEqual([
      'message.yaml Ada: passed',
      "message.yaml Ada's contact: passed",
      'message.yaml Ada writes: passed',
      'message.yaml It arrives: passed',
    ]);
    expect((await fx.core.invoke('profiles.list', {})).activeProfileId).toBe(otherId);
  });

  it('refuses a simulator action for a profile that is not the sandbox, naming it', async () => {
    const err = await errorOf(
      fx.core.invoke('simulator.createUser', { name: 'Bo', profileId: otherId }),
    );
    expect(err).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/"Staging" is not the sandbox/),
    });
    const byDefault = await errorOf(fx.core.invoke('simulator.expireTokens', {}));
    expect(byDefault.message).toMatch(/the active profile "Staging" is not the sandbox/);
  });
});
