// The event log's store over a journal longer than one page: it loads the newest page first, any
// other page on demand, and adds a record appended meanwhile at the end, live; a search every
// record matches ends at its exact count (asked again while the engine says it is counting).
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_PAGE } from '../../../src-renderer/src/features/event-log/log-store';
import { newRecordCount, shownCount } from '../../../src-renderer/src/features/event-log/log-view';
import { NO_FRAME_MS } from '../../../src-renderer/src/stores/next-frame';
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
    'holds the records appended while a filter is queried and adds each once after its answer',
    async () => {
      const fx = (f = await startStores((dataDir) => writeSystemJournal(dataDir, 10)));
      fx.start();
      const log = fx.stores.log;
      await waitFor('the first page', () => (log.getState().loading ? undefined : true));
      const held = fx.bridge.hold((name) => name === 'log.query');
      log.getState().setFilter({ kinds: ['api', 'auth'] });
      await waitFor('the query held', () => (held.count >= 1 ? true : undefined));
      // Journaled after the query was answered in the engine, before the store has its answer.
      const heard: string[] = [];
      fx.bridge.on('log.appended', (r) => heard.push(r.summary));
      await fx.stores.app.getState().getAppToken();
      await waitFor('the grant heard by the store', () =>
        heard.some((summary) => summary.startsWith('App token granted')) ? true : undefined,
      );
      // Nothing changes while the answer is held, past the time a flush of live records waits
      // for a frame at most (a wait for nothing to happen: a correct store cannot fail it).
      const before = log.getState();
      await new Promise((r) => setTimeout(r, 2 * NO_FRAME_MS));
      expect(log.getState().total).toBe(before.total);
      expect(log.getState().loading).toBe(true);
      held.release();
      const s = await waitFor('the call and its grant after the answer', () => {
        const now = log.getState();
        return !now.loading && now.total >= 2 ? now : undefined;
      });
      const shown = Array.from({ length: s.total }, (_, i) => s.rows.get(i)?.seq);
      expect(new Set(shown).size).toBe(shown.length);
      expect(s.rows.get(s.total - 2)).toMatchObject({ kind: 'api', path: '/tp/token' });
      expect(s.rows.get(s.total - 1)?.summary).toMatch(/^App token granted/);
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

  it(
    "keeps a paused list's count of new records while the engine is still counting a search",
    async () => {
      const fx = (f = await startStores());
      // The engine says it is still counting the search, as it does for a full-text search of a
      // large journal: the store asks again every 700 ms until it is done.
      const invoke = fx.bridge.invoke.bind(fx.bridge);
      const queriesAfterPause: unknown[] = [];
      fx.bridge.invoke = (async (name: string, input: unknown) => {
        const out = await invoke(name as never, input as never);
        if (name !== 'log.query') return out;
        if (fx.stores.log.getState().paused) queriesAfterPause.push(input);
        return { ...(out as object), counting: { done: 1, total: 2 } };
      }) as typeof fx.bridge.invoke;
      fx.start();
      const log = fx.stores.log;
      await waitFor('the first page', () => (log.getState().loading ? undefined : true));
      log.getState().setFilter({ text: '/tp/token' });
      await waitFor('the search answered, still counting', () => {
        const s = log.getState();
        return !s.loading && s.counting ? true : undefined;
      });
      log.getState().setPaused(true);
      await fx.core.invoke('auth.getAppToken', {});
      await waitFor('the token call counted as 1 new record', () =>
        newRecordCount(log.getState()) === 1 ? true : undefined,
      );
      // Two of the store's 700 ms refreshes: a paused list asks nothing, so the count stays.
      await new Promise((r) => setTimeout(r, 1600));
      expect(queriesAfterPause).toEqual([]);
      expect(newRecordCount(log.getState())).toBe(1);
    },
    TIMEOUT,
  );
});

describe('a paused log store filtered anew', () => {
  /** Grants app tokens in the engine: each journals its call (POST /tp/token) and its grant. */
  const grant = async (fx: StoresFixture, times: number) => {
    for (let i = 0; i < times; i++) await fx.core.invoke('auth.getAppToken', {});
  };
  const settled = (fx: StoresFixture, what: string) =>
    waitFor(what, () => {
      const s = fx.stores.log.getState();
      return !s.loading && !s.counting ? s : undefined;
    });
  /**
   * A store that followed `before` grants live, was paused, and counted `since` grants after it
   * (two records each) as new.
   */
  const pausedBetween = async (before: number, since: number) => {
    const fx = (f = await startStores());
    fx.start();
    const log = fx.stores.log;
    const startedWith = (await settled(fx, 'the first page')).total;
    await grant(fx, before);
    await waitFor(`the ${before} grant(s) shown live`, () =>
      log.getState().total === startedWith + 2 * before ? true : undefined,
    );
    log.getState().setPaused(true);
    await grant(fx, since);
    await waitFor(`the ${2 * since} records since the pause counted`, () =>
      newRecordCount(log.getState()) === 2 * since ? true : undefined,
    );
    return { fx, log, pausedAt: log.getState().pausedThroughSeq };
  };

  it(
    "shows the new filter's matches up to the pause and counts those after it as new",
    async () => {
      const { fx, log, pausedAt } = await pausedBetween(1, 2);

      // Typed while paused, answered with the calls since the pause among its matches.
      log.getState().setFilter({ text: '/tp/token' });
      const s = await settled(fx, 'the search answered');
      expect(s.paused).toBe(true);
      expect(s.pausedThroughSeq).toBe(pausedAt);
      expect(shownCount(s)).toBe(1);
      expect(s.rows.get(0)).toMatchObject({ path: '/tp/token' });
      expect(s.rows.get(0)!.seq).toBeLessThanOrEqual(pausedAt);
      expect(newRecordCount(s)).toBe(2);

      // One more call while paused is one more new record, not a row.
      await grant(fx, 1);
      await waitFor('the next call counted as new', () =>
        newRecordCount(log.getState()) === 3 ? true : undefined,
      );
      expect(shownCount(log.getState())).toBe(1);
    },
    TIMEOUT,
  );

  it(
    'counts with the engine when more matches came since the pause than one page holds',
    async () => {
      const since = LOG_PAGE + 10;
      const { fx, log } = await pausedBetween(2, since);

      log.getState().setFilter({ text: '/tp/token' });
      const s = await settled(fx, 'the search answered');
      // The newest page holds only calls made since the pause: the two before it are counted by
      // the engine, not found on the page.
      expect([...s.rows.values()].every((r) => r.seq > s.pausedThroughSeq)).toBe(true);
      expect(shownCount(s)).toBe(2);
      expect(newRecordCount(s)).toBe(since);
      expect(log.getState().paused).toBe(true);
    },
    TIMEOUT,
  );
});
