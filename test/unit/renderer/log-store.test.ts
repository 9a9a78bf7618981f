// The event log's store over a journal longer than one page: it loads the newest page first, any
// other page on demand, and adds a record appended meanwhile at the end, live; a search every
// record matches ends at its exact count (asked again while the engine says it is counting).
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_PAGE } from '../../../src-renderer/src/features/event-log/log-store';
import { writeSystemJournal } from '../../e2e/support/journal-fixture';
import { waitFor } from '../../helpers/wait-for';
import { startStores, type StoresFixture } from './store-fixture';

const TIMEOUT = 30_000;
const WRITTEN = 3 * LOG_PAGE + 50;
let f: StoresFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

describe('the log store', () => {
  it(
    'pages through a long journal and appends a new record live',
    async () => {
      const fx = (f = await startStores((dataDir) => writeSystemJournal(dataDir, WRITTEN)));
      fx.start();
      const log = fx.stores.log;
      await waitFor('the first page', () => (log.getState().loading ? undefined : true));
      const { total, rows } = log.getState();
      // The written records and the engine's own start-up records.
      expect(total).toBeGreaterThan(WRITTEN);
      // Only the newest page is loaded at first.
      expect(rows.size).toBe(LOG_PAGE);
      expect(rows.has(total - 1)).toBe(true);
      expect(rows.has(0)).toBe(false);

      // The list scrolled to the top asks for the first rows: their page is fetched.
      log.getState().ensureRows([0, 1, 2]);
      const first = await waitFor('the first page of the journal', () =>
        log.getState().rows.get(0),
      );
      expect(first.summary).toBe('Fixture record 1');
      expect(log.getState().rows.get(LOG_PAGE - 1)?.summary).toBe(`Fixture record ${LOG_PAGE}`);
      expect(log.getState().rows.has(LOG_PAGE)).toBe(false);

      // A call made now is journaled (the call, then the grant) and shows at the end without
      // another query.
      const queries = fx.bridge.calls.filter((c) => c.name === 'log.query').length;
      await fx.stores.app.getState().getAppToken();
      const added = await waitFor('the token call and its grant at the end of the list', () => {
        const s = log.getState();
        const rows = Array.from({ length: s.total - total }, (_, i) => s.rows.get(total + i));
        return rows.length >= 2 ? rows : undefined;
      });
      expect(added[0]).toMatchObject({ kind: 'api', method: 'POST', path: '/tp/token' });
      expect(added[1]?.summary).toMatch(/^App token granted/);
      expect(fx.bridge.calls.filter((c) => c.name === 'log.query').length).toBe(queries);
    },
    TIMEOUT,
  );

  it(
    'shows a search many records match from its newest rows, then its exact count',
    async () => {
      const many = 30_000;
      const fx = (f = await startStores((dataDir) => writeSystemJournal(dataDir, many)));
      fx.start();
      const log = fx.stores.log;
      await waitFor('the first page', () => (log.getState().loading ? undefined : true));
      log.getState().setFilter({ text: 'FIXTURE record' });
      const counted = await waitFor('the exact count of the search', () => {
        const s = log.getState();
        return !s.loading && s.counting === null && s.total === many ? s : undefined;
      });
      expect(counted.rows.get(many - 1)?.summary).toBe(`Fixture record ${many}`);
    },
    TIMEOUT,
  );
});
