// The book is kept in the host's settings like the profiles: it survives a restart of the engine,
// and a book that cannot be read is set aside with a warning in the journal, never silently lost.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { memorySettings } from '../../helpers/memory-settings';
import { createCore } from '../../../src-main/core/index';
import { hostFor, startTestSandbox, tempDir } from '../../helpers/core-fixture';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function sandboxAndDir() {
  const sandbox = await startTestSandbox();
  const dataDir = tempDir();
  cleanups.push(async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { sandbox, dataDir };
}

describe('the contact book at rest', () => {
  it('survives a restart of the engine on the same settings', async () => {
    const { sandbox, dataDir } = await sandboxAndDir();
    const settings = memorySettings();
    const first = await createCore(hostFor(sandbox, dataDir, settings), { inboundPort: 0 });
    await first.invoke('contacts.import', {
      text: 'contact_id,display_name,capabilities,owners\nkept-1,Kept,interactive,u_someone\n',
      send: false,
    });
    await first.close();

    const second = await createCore(hostFor(sandbox, dataDir, settings), { inboundPort: 0 });
    cleanups.push(() => second.close());
    const book = await second.invoke('contacts.list', {});
    expect(book.contacts.find((c) => c.contactId === 'kept-1')).toMatchObject({
      displayName: 'Kept',
      capabilities: ['interactive'],
      owners: [{ userId: 'u_someone', state: 'imported' }],
      supercontact: false,
    });
  });

  it('sets an unreadable book aside, says so in the journal, and starts an empty one', async () => {
    const { sandbox, dataDir } = await sandboxAndDir();
    const settings = memorySettings({ 'contactBook.sandbox': [{ contactId: 42 }] });
    const core = await createCore(hostFor(sandbox, dataDir, settings), { inboundPort: 0 });
    cleanups.push(() => core.close());
    const book = await core.invoke('contacts.list', {});
    expect(book.contacts.map((c) => c.supercontact)).toEqual([true]);
    const { records } = await core.invoke('log.list', { limit: 50 });
    expect(
      records.some(
        (r) => r.kind === 'system' && /contact book .* could not be read/.test(r.summary),
      ),
    ).toBe(true);
  });
});
