// The check-endpoint step: the endpoint check inside a run, its deliveries in the run's own session
// (no session of the check's own), each check one of the step's checks, a failed check failing the
// step with its reason and advice; a URL off this machine asked about first, and a collection's
// mistakes (an unknown check id, a built-in secret in the URL) refused when it is read.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src-main/core/runner/run-to-end';
import { startSampleHandler, type SampleHandler } from '../endpoint-check/sample-handler';
import { startRunnerFixture, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
let handler: SampleHandler | undefined;
beforeAll(async () => {
  fx = await startRunnerFixture();
}, 60_000);
afterAll(() => fx?.close());
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
});

const CHECK_SCENARIO = `steps:
  - name: The handler keeps the delivery contract
    check-endpoint:
      url: '{{handler_url}}'
      only: [accepts.text, refuses.]
`;

async function sessionRecords(sessionId: string) {
  const { content } = await fx.core.invoke('sessions.export', { sessionId, format: 'ndjson' });
  return content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { seq: number; kind: string; summary: string });
}

describe('a check-endpoint step', () => {
  it("passes against a correct handler, its deliveries in the run's session", async () => {
    handler = await startSampleHandler('correct', {
      CLIENT_SECRET: fx.sandbox.apps[0]!.client_secret,
    });
    const folder = fx.collection({ 'check.yaml': CHECK_SCENARIO });
    const before = await fx.core.invoke('sessions.list', {});
    const run = await fx.run(folder, { variables: { handler_url: handler.url } });
    const step = run.scenarios[0]!.steps[0]!;
    expect(run.status, JSON.stringify(step)).toBe('passed');
    expect(step.kind).toBe('check-endpoint');
    expect(step.checks.map((c) => [c.label, c.passed])).toEqual([
      ['accepts.text', true],
      ['refuses.wrong-signature', true],
      ['refuses.no-signature', true],
      ['refuses.other-bytes', true],
      ['refuses.other-secret', true],
      ['refuses.other-method', true],
      ['refuses.empty-data', true],
    ]);
    expect(step.checks[0]!.actual).toMatch(/^pass: /);
    // One session for the run, the check's deliveries in it: the check opened none of its own.
    const after = await fx.core.invoke('sessions.list', {});
    expect(after.sessions.length).toBe(before.sessions.length + 1);
    const records = await sessionRecords(run.sessionId);
    const sent = records.filter((r) => r.summary.startsWith('Endpoint check '));
    expect(sent.map((r) => r.summary)).toContain(
      `Endpoint check accepts.text: POST ${handler.url} → 200`,
    );
    expect(sent).toHaveLength(7);
    expect(step.records).toEqual(sent.map((r) => r.seq));
    // The person's session is open again, as after any run.
    expect(after.recordingId).toBe(before.recordingId);
  });

  it('fails when a check fails, with its reason and advice', async () => {
    handler = await startSampleHandler('accepts-missing-signature', {
      CLIENT_SECRET: fx.sandbox.apps[0]!.client_secret,
    });
    const folder = fx.collection({ 'check.yaml': CHECK_SCENARIO });
    const run = await fx.run(folder, { variables: { handler_url: handler.url } });
    const step = run.scenarios[0]!.steps[0]!;
    expect(run.status).toBe('failed');
    expect(step.checks.filter((c) => !c.passed).map((c) => c.label)).toEqual([
      'refuses.no-signature',
    ]);
    expect(step.failure).toMatch(
      /^refuses\.no-signature: expected pass, got fail: .*Anyone who knows this URL can send your app messages/,
    );
  });

  it("stops with the run's Stop: the rest of the battery is not sent", async () => {
    // Each answer takes 1 s: the 16 accepts deliveries would take 16 s.
    handler = await startSampleHandler('slow', {
      CLIENT_SECRET: fx.sandbox.apps[0]!.client_secret,
      SLOW_MS: '1000',
    });
    const folder = fx.collection({
      'slow.yaml': `steps:
  - check-endpoint: { url: '{{handler_url}}', only: [accepts.] }
`,
    });
    const stop = new AbortController();
    const stopListening = fx.core.events.on('log.appended', (record) => {
      if (record.summary.startsWith('Endpoint check ')) stop.abort();
    });
    try {
      const run = await runToEnd(
        fx.core.invoke,
        fx.core.events,
        { folder, variables: { handler_url: handler.url } },
        { signal: stop.signal },
      );
      expect(run.status).toBe('stopped');
      expect(run.scenarios[0]!.steps[0]!.failure).toBe(
        'Stopped while it ran: the run was stopped.',
      );
      const records = await sessionRecords(run.sessionId);
      const sent = records.filter((r) => r.summary.startsWith('Endpoint check '));
      // The delivery in flight when Stop came (and at most the one already leaving) only.
      expect(sent.length).toBeGreaterThanOrEqual(1);
      expect(sent.length).toBeLessThanOrEqual(2);
    } finally {
      stopListening();
    }
  });

  it('asks before checking a URL off this machine; declined, nothing is sent', async () => {
    const folder = fx.collection({
      'away.yaml': `steps:
  - check-endpoint: { url: 'https://hooks.example.com/tp' }
`,
    });
    const questions: string[] = [];
    const run = await fx.run(folder, {}, (view) => {
      questions.push(view.question ?? '');
      return false;
    });
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(
      /^away\.yaml, step 1 .*checks https:\/\/hooks\.example\.com\/tp, which is not this machine/,
    );
    const step = run.scenarios[0]!.steps[0]!;
    expect(step.state).toBe('failed');
    expect(step.failure).toMatch(/^Not run: hooks\.example\.com is not this machine/);
    const records = await sessionRecords(run.sessionId);
    expect(records.filter((r) => r.summary.startsWith('Endpoint check '))).toEqual([]);
  });

  it('refuses an unknown check id and a built-in secret in the URL when the file is read', async () => {
    const folder = fx.collection({
      'typo.yaml': `steps:
  - check-endpoint:
      url: http://127.0.0.1:9/hook
      only: [refuses.no-signatur]
`,
      'leak.yaml': `steps:
  - check-endpoint: { url: 'http://127.0.0.1:9/hook?s={{client_secret}}' }
`,
    });
    const run = await fx.run(folder);
    const problems = Object.fromEntries(
      run.scenarios.map((s) => [s.path, s.problems.map((p) => `${p.line}: ${p.message}`)]),
    );
    expect(problems['typo.yaml']).toEqual([
      expect.stringMatching(
        /^4: steps\.0: There is no check "refuses\.no-signatur" \(in only\): did you mean refuses\.no-signature/,
      ),
    ]);
    expect(problems['leak.yaml']).toEqual([
      expect.stringMatching(
        /^2: .*uses \{\{client_secret\}\}: built-in secrets are filled in only/,
      ),
    ]);
  });
});
