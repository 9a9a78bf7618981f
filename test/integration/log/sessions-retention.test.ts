// Retention of journal sessions through the engine: archive (gzip) and open read-only (the log,
// its filters, search and exports work; new records go to the session open before), unarchive,
// delete, each session's bytes and the data folder's, and the refusals for an open session.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/index';
import { createCore } from '../../../src-main/core/index';
import type { SessionsState } from '../../../src-shared/contract';
import { hostFor, startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';

let f: CoreFixture;
let qaA: string;
let qaB: string;
let ndjsonOfA: string;
const sessionFile = (id: string) => join(f.dataDir, 'sessions', `${id}.ndjson`);
const named = (state: SessionsState, name: string) => state.sessions.find((s) => s.name === name)!;
const call = (core: Core) =>
  core.invoke('api.call', {
    method: 'GET',
    path: '/tp/resource/list',
    params: {},
    actAs: { kind: 'app' },
  });

beforeAll(async () => {
  f = await startCoreWithSandbox();
  qaA = named(await f.core.invoke('sessions.start', { name: 'QA A' }), 'QA A').id;
  await call(f.core);
  await call(f.core);
  qaB = named(await f.core.invoke('sessions.start', { name: 'QA B' }), 'QA B').id;
  ndjsonOfA = readFileSync(sessionFile(qaA), 'utf8');
});
afterAll(() => f.close());

describe('sessions: sizes, archive, read-only, unarchive, delete', () => {
  it("lists each session's bytes on disk and the data folder's", async () => {
    const state = await f.core.invoke('sessions.list', {});
    const a = named(state, 'QA A');
    expect(a.bytes.ndjson).toBe(Buffer.byteLength(ndjsonOfA));
    expect(a.bytes.archive).toBe(0);
    expect(a.records).toBe(ndjsonOfA.trim().split('\n').length);
    const sessionsBytes = state.sessions.reduce(
      (sum, s) => sum + s.bytes.ndjson + s.bytes.index + s.bytes.archive,
      0,
    );
    // The folder also holds the sessions' list (and whatever else the app keeps there).
    expect(state.dataFolderBytes).toBeGreaterThan(sessionsBytes);
  });

  it('refuses to archive or delete the open session, saying what to do', async () => {
    for (const command of ['sessions.archive', 'sessions.delete'] as const) {
      await expect(f.core.invoke(command, { sessionId: qaB })).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(
          /“QA B” is the open session, so it cannot be (archived|deleted)\. Open another session/,
        ),
      });
    }
    await expect(f.core.invoke('sessions.archive', { sessionId: 'nope' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('archives a session as gzip of its NDJSON, keeping its count and index', async () => {
    const before = named(await f.core.invoke('sessions.list', {}), 'QA A');
    const changed: SessionsState[] = [];
    const off = f.core.events.on('sessions.changed', (s) => changed.push(s));
    const state = await f.core.invoke('sessions.archive', { sessionId: qaA });
    off();
    const a = named(state, 'QA A');
    expect(a).toMatchObject({ archived: true, records: before.records, active: false });
    expect(a.bytes.ndjson).toBe(0);
    expect(a.bytes.archive).toBeGreaterThan(0);
    expect(a.bytes.archive).toBeLessThan(Buffer.byteLength(ndjsonOfA));
    expect(existsSync(sessionFile(qaA))).toBe(false);
    expect(gunzipSync(readFileSync(`${sessionFile(qaA)}.gz`)).toString('utf8')).toBe(ndjsonOfA);
    expect(changed.map((s) => named(s, 'QA A').archived)).toEqual([true]);
  });

  it('opens an archived session read-only: the log, filters, search and exports work; new records go to the session open before', async () => {
    const state = await f.core.invoke('sessions.switch', { sessionId: qaA });
    expect(state.activeId).toBe(qaA);
    expect(state.recordingId).toBe(qaB);
    const expected = ndjsonOfA.trim().split('\n').length;
    const all = await f.core.invoke('log.query', { filter: {}, limit: 200 });
    expect(all.total).toBe(expected);
    const calls = await f.core.invoke('log.query', { filter: { kinds: ['api'] }, limit: 200 });
    expect(calls.rows.map((r) => r.path)).toEqual([
      '/tp/token',
      '/tp/resource/list',
      '/tp/resource/list',
    ]);
    const searched = await f.core.invoke('log.query', {
      filter: { text: 'resource/list' },
      limit: 200,
    });
    expect(searched.total).toBe(2);

    const exported = await f.core.invoke('sessions.export', { format: 'ndjson' });
    expect(exported.filename).toBe('tp-inspector-qa-a.ndjson');
    expect(exported.content.trim().split('\n').length).toBe(expected);
    const har = JSON.parse((await f.core.invoke('sessions.export', { format: 'har' })).content);
    expect(har.log.entries.length).toBe(3);

    const sizeOfB = named(state, 'QA B').bytes.ndjson;
    await call(f.core);
    const after = await f.core.invoke('sessions.list', {});
    expect((await f.core.invoke('log.query', { filter: {}, limit: 200 })).total).toBe(expected);
    expect(named(after, 'QA A').records).toBe(expected);
    expect(named(after, 'QA B').bytes.ndjson).toBeGreaterThan(sizeOfB);
    expect(gunzipSync(readFileSync(`${sessionFile(qaA)}.gz`)).toString('utf8')).toBe(ndjsonOfA);

    // Shown, it is refused too; the session records go to as well.
    await expect(f.core.invoke('sessions.delete', { sessionId: qaA })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(f.core.invoke('sessions.archive', { sessionId: qaB })).rejects.toMatchObject({
      message: expect.stringMatching(/“QA B” is where new records go/),
    });
  });

  it('unarchives the shown session: it becomes the one records go to', async () => {
    const state = await f.core.invoke('sessions.unarchive', { sessionId: qaA });
    expect(state).toMatchObject({ activeId: qaA, recordingId: qaA });
    expect(named(state, 'QA A')).toMatchObject({ archived: false });
    expect(named(state, 'QA A').bytes.archive).toBe(0);
    expect(readFileSync(sessionFile(qaA), 'utf8')).toBe(ndjsonOfA);
    const { record } = await call(f.core);
    expect((await f.core.invoke('log.get', { seq: record.seq })).record?.seq).toBe(record.seq);
    expect(named(await f.core.invoke('sessions.list', {}), 'QA A').records).toBe(record.seq);
  });

  it('deletes a session that is not open, with all its files', async () => {
    await f.core.invoke('sessions.archive', { sessionId: qaB });
    expect(existsSync(`${sessionFile(qaB)}.gz`)).toBe(true);
    const state = await f.core.invoke('sessions.delete', { sessionId: qaB });
    expect(state.sessions.map((s) => s.name)).toEqual(['Default', 'QA A']);
    for (const suffix of ['', '.index', '.gz']) {
      expect(existsSync(`${sessionFile(qaB)}${suffix}`)).toBe(false);
    }
  });

  it('after a restart, an archived session is still archived and the open one is writable', async () => {
    await f.core.invoke('sessions.switch', { sessionId: 'default' });
    await f.core.invoke('sessions.archive', { sessionId: qaA });
    await f.core.invoke('sessions.switch', { sessionId: qaA });
    await f.core.close();
    const again = await createCore(hostFor(f.sandbox, f.dataDir), { inboundPort: 0 });
    try {
      const state = await again.invoke('sessions.list', {});
      expect(state).toMatchObject({ activeId: 'default', recordingId: 'default' });
      expect(named(state, 'QA A').archived).toBe(true);
      expect(existsSync(join(f.dataDir, 'sessions', 'unpacked'))).toBe(false);
    } finally {
      await again.close();
    }
  });
});
