// A simulator action the sandbox refuses: the sandbox's reason, then advice that fits the action
// (a registration refusal names the field to fix, not the ids and capabilities of a contact).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';

let fx: CoreFixture;
beforeAll(async () => {
  fx = await startCoreWithSandbox();
}, 60_000);
afterAll(() => fx?.close());

describe('simulator refusals', () => {
  it('a refused registration change says to fix the field named', async () => {
    const refused = fx.core.invoke('simulator.updateApp', {
      changes: { endpointUrl: 'ftp://x' },
    });
    await expect(refused).rejects.toThrow(
      'Changing the app registration failed: the sandbox answered 400 invalid_request: endpoint_url: must be an http(s) URL or "". Fix the Endpoint URL field, then save again.',
    );
    await expect(refused).rejects.not.toThrow(/capabilities/);
  });

  it('a refused invite keeps the advice about ids and capabilities', async () => {
    const refused = fx.core.invoke('simulator.roomAction', {
      action: 'invite',
      room: 'no-such-room',
      contactId: 'nobody',
      by: 'no-such-user',
    });
    await expect(refused).rejects.toThrow(/Check the ids and the contact's capabilities/);
  });
});
