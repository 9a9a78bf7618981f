// A core wired to a sandbox with two connected users (Ada, Bob) and one user created on the
// platform but not connected here (Cleo): what the contact book's operations need.
import type { Core } from '../../../src-main/core/index';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { answerConsent, createUser, simulator } from '../../helpers/sandbox-client';

export interface ContactsFixture {
  core: Core;
  sandbox: RunningSandbox;
  ada: string;
  bob: string;
  cleo: string;
  clientId: string;
  close(): Promise<void>;
}

interface SandboxContact {
  contact_id: string;
  display_name: string;
  avatar_url: string;
  capabilities: string;
  owners: string[];
}

export async function startContactsFixture(): Promise<ContactsFixture> {
  const { core, sandbox, close } = await startCoreWithSandbox();
  try {
    const ada = (await createUser(sandbox, 'Ada', 'Lovelace')).id;
    const bob = (await createUser(sandbox, 'Bob', 'Babbage')).id;
    const cleo = (await createUser(sandbox, 'Cleo', 'Nobody')).id;
    await connect(core, sandbox, ada);
    await connect(core, sandbox, bob);
    const state = await simulator<{ apps: { client_id: string }[] }>(
      sandbox,
      'GET',
      '/_sandbox/state',
    );
    return { core, sandbox, ada, bob, cleo, clientId: state.apps[0]!.client_id, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Connects a platform user to the app: the engine's flow, the sandbox's consent answered. */
export async function connect(core: Core, sandbox: RunningSandbox, userId: string) {
  const flow = await core.invoke('auth.connectUser', { scopes: ['basic'], openBrowser: false });
  const redirect = await answerConsent(sandbox, flow.consentUrl, userId, 'approve');
  await (await fetch(redirect)).text();
  for (let i = 0; i < 400; i++) {
    const now = await core.invoke('auth.flow', {});
    if (now?.status === 'connected' && now.userId === userId) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${userId} did not get connected`);
}

/** The contact as the sandbox platform holds it, or undefined. */
export async function platformContact(
  sandbox: RunningSandbox,
  contactId: string,
): Promise<SandboxContact | undefined> {
  const state = await simulator<{ contacts: SandboxContact[] }>(sandbox, 'GET', '/_sandbox/state');
  return state.contacts.find((c) => c.contact_id === contactId);
}
