// A core wired to a sandbox, with one connected user, a contact the user owns (group_add,
// interactive) and a room the contact was invited into: what every composer send needs.
import type { Core } from '../../../src-main/core/index';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { startCoreWithSandbox, type TestSandboxOptions } from '../../helpers/core-fixture';
import { answerConsent, createUser, simulator } from '../../helpers/sandbox-client';

export interface ComposerFixture {
  core: Core;
  sandbox: RunningSandbox;
  userId: string;
  roomId: string;
  contactId: string;
  clientId: string;
  clientSecret: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startComposerFixture(
  app: TestSandboxOptions['app'] = {},
): Promise<ComposerFixture> {
  const { core, sandbox, dataDir, close } = await startCoreWithSandbox({ sandbox: { app } });
  try {
    const user = await createUser(sandbox, 'Ada', 'Lovelace');
    const flow = await core.invoke('auth.connectUser', { scopes: ['basic', 'user_phone'] });
    const redirect = await answerConsent(sandbox, flow.consentUrl, user.id, 'approve');
    await (await fetch(redirect)).text();
    await waitFor(async () => (await core.invoke('auth.flow', {}))?.status === 'connected');

    const contactId = 'order-1042';
    const added = await core.invoke('composer.send', {
      endpointId: 'contact.add',
      params: {
        contact_id: contactId,
        display_name: 'Order 1042',
        capabilities: 'group_add interactive',
      },
      actAs: { kind: 'user', userId: user.id },
    });
    if (added.record.api.status !== 200) throw new Error(`contact/add: ${added.record.summary}`);
    const room = await simulator<{ room: string }>(sandbox, 'POST', '/_sandbox/rooms', {
      subject: 'Book club',
      created_by: user.id,
    });
    await simulator(sandbox, 'POST', `/_sandbox/rooms/${room.room}/invite`, {
      contact_id: contactId,
      by: user.id,
    });
    const state = await simulator<{ apps: { client_id: string; client_secret: string }[] }>(
      sandbox,
      'GET',
      '/_sandbox/state',
    );
    const registered = state.apps[0]!;
    return {
      core,
      sandbox,
      userId: user.id,
      roomId: room.room,
      contactId,
      clientId: registered.client_id,
      clientSecret: registered.client_secret,
      dataDir,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met');
}
