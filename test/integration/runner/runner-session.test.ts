// A run's journal session ends with the run: the session the person had open before resumes, so
// their later calls are recorded there (and History, a view of the open session's calls, is
// theirs), while the run's records stay in the run's session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../src-shared/contract';
import { startRunnerFixture, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
beforeAll(async () => {
  fx = await startRunnerFixture();
}, 60_000);
afterAll(() => fx?.close());

/** Every record of a session, read from its NDJSON export. */
async function recordsOf(sessionId: string): Promise<JournalRecord[]> {
  const { content } = await fx.core.invoke('sessions.export', { sessionId, format: 'ndjson' });
  return content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JournalRecord);
}

const isTokenCall = (r: JournalRecord) =>
  r.kind === 'api' && new URL(r.api.url).pathname === '/tp/token';

describe('after a run', () => {
  it('the person’s session resumes: a manual call lands there, the run’s records stay in the run’s', async () => {
    const mine = await fx.core.invoke('sessions.start', { name: 'My QA session' });
    const folder = fx.collection({
      'token.yaml': `steps:
  - name: App token
    request: { endpoint: token, params: { grant_type: client_credentials } }
    expect: { status: 200 }
`,
    });
    const run = await fx.run(folder);
    expect(run.status).toBe('passed');
    expect(run.sessionId).not.toBe(mine.activeId);

    const after = await fx.core.invoke('sessions.list', {});
    expect(after.activeId).toBe(mine.activeId);
    expect(after.recordingId).toBe(mine.activeId);
    const runCalls = (await recordsOf(run.sessionId)).filter(isTokenCall).length;
    expect(runCalls).toBeGreaterThan(0);

    // The person calls the token endpoint by hand, as the run did.
    const sent = await fx.core.invoke('composer.send', {
      endpointId: 'token',
      params: { grant_type: 'client_credentials' },
      actAs: { kind: 'app' },
    });
    expect(sent.record.api.status).toBe(200);

    const inMine = await recordsOf(mine.activeId);
    const inRun = await recordsOf(run.sessionId);
    expect(inMine.filter(isTokenCall).map((r) => r.seq)).toEqual([sent.record.seq]);
    expect(inRun.filter(isTokenCall)).toHaveLength(runCalls);
    // The run's outcome is in its session only.
    expect(inRun.some((r) => r.summary.startsWith(`Run ${run.name}: passed`))).toBe(true);
    expect(inMine.some((r) => r.summary.startsWith(`Run ${run.name}`))).toBe(false);
    // History, the open session's calls, is the person's again.
    const history = await fx.core.invoke('api.search', { query: '' });
    expect(history.records.map((r) => r.seq)).toEqual([sent.record.seq]);
  }, 30_000);

  it('a session the person opened during the run is left open', async () => {
    // A step that waits until the run is stopped: the session is opened while it waits.
    const folder = fx.collection({ 'pause.yaml': 'steps:\n  - name: Pause\n    wait: 30s\n' });
    const running = fx.run(folder);
    const started = await new Promise<{ runId: string; sessionId: string }>((resolve) => {
      const off = fx.core.events.on('runner.changed', (view) => {
        off();
        resolve(view);
      });
    });
    const theirs = await fx.core.invoke('sessions.start', { name: 'Opened during the run' });
    await fx.core.invoke('runner.stop', { runId: started.runId });
    const run = await running;
    expect(run.status).toBe('stopped');
    expect(run.sessionId).toBe(started.sessionId);
    const after = await fx.core.invoke('sessions.list', {});
    expect(after.activeId).toBe(theirs.activeId);
  }, 30_000);
});
