// examples/token-clock.yaml run through the engine on the embedded sandbox: the sandbox's clock
// moves, the engine is not told, and its real token store meets invalid_token and refreshes, with
// a rotated refresh token, then with refresh answers that name none (the held one is kept).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JournalRecord } from '../../../src-shared/contract';
import { startRunnerFixture, stepStates, type RunnerFixture } from './runner-fixture';

const EXAMPLE = join(import.meta.dirname, '../../../examples/token-clock.yaml');

let fx: RunnerFixture;
beforeAll(async () => {
  fx = await startRunnerFixture();
}, 60_000);
afterAll(() => fx?.close());

type ApiRecord = Extract<JournalRecord, { kind: 'api' }>;

it('examples/token-clock.yaml passes: each advance ends in a 401, a refresh in the Event log, and a 200', async () => {
  const folder = fx.collection({ 'token-clock.yaml': readFileSync(EXAMPLE, 'utf8') });
  const run = await fx.run(folder);
  expect(run.status, stepStates(run).join('\n')).toBe('passed');

  // The run's own journal session holds its records (the Event log of that session).
  const { content } = await fx.core.invoke('sessions.export', {
    sessionId: run.sessionId,
    format: 'ndjson',
  });
  const records = content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JournalRecord);
  const refreshes = records.filter(
    (r) => r.kind === 'auth' && r.auth.action === 'refresh' && r.auth.outcome === 'ok',
  );
  expect(refreshes).toHaveLength(4);
  // The engine refreshed because the sandbox refused its token, not because it was told to.
  const refused = records.filter(
    (r): r is ApiRecord =>
      r.kind === 'api' && r.api.status === 401 && r.summary.includes('/tp/me.json'),
  );
  expect(refused).toHaveLength(4);
  expect(
    records.filter(
      (r) => r.kind === 'auth' && r.auth.action === 'refresh' && r.auth.outcome === 'error',
    ),
  ).toEqual([]);

  // The refresh grants as the sandbox answered them: a rotated refresh token twice, then none.
  const grants = records.filter(
    (r): r is ApiRecord =>
      r.kind === 'api' && r.summary.startsWith('POST /tp/token (refresh_token)'),
  );
  expect(grants.map((g) => g.api.status)).toEqual([200, 200, 200, 200]);
  const named = grants.map((g) => /"refresh_token"/.test(g.api.responseBody?.text ?? ''));
  expect(named).toEqual([true, true, false, false]);
});
