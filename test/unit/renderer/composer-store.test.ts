// The composer's store over a real engine: the draft keeps what was typed across endpoint
// switches, and a send gives a result that the history then lists.
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../helpers/sandbox-client';
import { waitFor } from '../../helpers/wait-for';
import { connect } from '../../integration/contacts/contacts-fixture';
import { startStores, type StoresFixture } from './store-fixture';

const TIMEOUT = 30_000;
let f: StoresFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

describe('the composer store', () => {
  it(
    'keeps the draft across endpoint switches, and previews what applies to the endpoint',
    async () => {
      const fx = (f = await startStores());
      fx.start();
      const composer = fx.stores.composer;
      composer.getState().setEndpoint('message.send');
      composer.getState().setParam('text', 'Your order has shipped');
      composer.getState().setParam('contact_id', 'order-1');
      composer.getState().setEndpoint('me');
      await waitFor('the preview of GET /tp/me.json', () =>
        composer.getState().preview?.request.url.includes('/tp/me') ? true : undefined,
      );
      // The text does not apply to /tp/me.json and is not sent, but the draft keeps it.
      expect(JSON.stringify(composer.getState().preview?.request)).not.toContain('shipped');
      composer.getState().setEndpoint('message.send');
      expect(composer.getState().draft.params).toMatchObject({
        text: 'Your order has shipped',
        contact_id: 'order-1',
      });
      await waitFor('the preview of the message send with the kept text', () =>
        JSON.stringify(composer.getState().preview?.request).includes('shipped') ? true : undefined,
      );
    },
    TIMEOUT,
  );

  it(
    'sends the draft: the result is kept and the call shows in the history',
    async () => {
      const fx = (f = await startStores());
      const ada = (await createUser(fx.sandbox, 'Ada', 'Lovelace')).id;
      await connect(fx.core, fx.sandbox, ada);
      fx.start();
      const { composer, composerHistory } = fx.stores;
      await waitFor('the history’s first search', () =>
        composerHistory.getState().searching ? undefined : true,
      );
      const before = composerHistory.getState().records.length;

      const s = composer.getState();
      s.setEndpoint('contact.add');
      s.setParam('contact_id', 'order-1042');
      s.setParam('display_name', 'Order 1042');
      s.setParam('capabilities', 'group_add interactive');
      s.setActAs({ kind: 'user', userId: ada });
      await composer.getState().sendDraft();

      const { send, result } = composer.getState();
      expect(send).toEqual({ status: 'idle' });
      expect(result?.record.api.status).toBe(200);
      expect(result?.record.api.url).toContain('/tp/contact/add');
      const seq = result!.record.seq;
      const records = await waitFor('the send in the history', () => {
        const now = composerHistory.getState().records;
        return now.some((r) => r.seq === seq) ? now : undefined;
      });
      // Newest first (the user's token may have been fetched before the send, a call of its own).
      expect(records.length).toBeGreaterThan(before);
      expect(records[0]?.seq).toBe(seq);
    },
    TIMEOUT,
  );
});
