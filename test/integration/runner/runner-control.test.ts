// How a run is steered: a failed check skips the rest but `always` steps, an unknown variable
// stops a step before anything is sent, bail, stop, one run at a time, and the confirmation asked
// before changing a platform that is not the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../../src-shared/contract';
import { runToEnd } from '../../../src-main/core/runner/run-to-end';
import { errorOf } from '../../helpers/command-error';
import { waitFor } from '../../helpers/wait-for';
import { startRunnerFixture, stepStates, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
beforeAll(async () => {
  fx = await startRunnerFixture();
}, 60_000);
afterAll(() => fx?.close());

const TOKEN_STEP = (status: number) => `
  - name: App token
    request: { endpoint: token, params: { grant_type: client_credentials } }
    expect: { status: ${status} }`;

/** The latest runner.changed, as the Runner tab would hold it. */
async function latestRun(): Promise<RunView | null> {
  return (await fx.core.invoke('runner.state', {})).run;
}

describe('a failed step', () => {
  it('fails with expected and actual in words, skips later steps but runs the always ones', async () => {
    const folder = fx.collection({
      'check.yaml': `steps:${TOKEN_STEP(201)}
  - name: Later
    wait: 1ms
  - name: Clean up
    always: true
    wait: 1ms
`,
    });
    const run = await fx.run(folder);
    expect(run.status).toBe('failed');
    expect(stepStates(run)).toEqual([
      'check.yaml App token: failed',
      'check.yaml Later: skipped',
      'check.yaml Clean up: passed',
    ]);
    const [token, later] = run.scenarios[0]!.steps;
    expect(token!.checks).toEqual([
      { label: 'status', passed: false, expected: '201', actual: '200' },
    ]);
    expect(token!.failure).toBe('status: expected 201, got 200.');
    expect(later!.failure).toMatch(/step 1 failed/);
    expect(run.counts).toEqual({ passed: 1, failed: 1, skipped: 1, total: 3 });
  }, 30_000);

  it('an unknown variable stops the step before anything is sent, naming file, step and variable', async () => {
    const folder = fx.collection({
      'sends/unknown.yaml': `steps:
  - name: Send to nobody
    request:
      endpoint: message.send
      user: "{{nobody_id}}"
      params: { contact_id: c1, resource_id: r1, msg_type: text, text: hi }
`,
    });
    const run = await fx.run(folder);
    const step = run.scenarios[0]!.steps[0]!;
    expect(step.state).toBe('failed');
    expect(step.failure).toMatch(
      /^sends\/unknown\.yaml, step 1 "Send to nobody": \{\{nobody_id\}\} is not defined\. Define it in collection\.yaml under `variables`, in the profile's variables, or run with --var nobody_id=value\. Nothing was sent\.$/,
    );
    expect(step.records).toEqual([]);
    const { records } = await fx.core.invoke('log.list', { limit: 500 });
    expect(records.filter((r) => r.kind === 'api')).toEqual([]);

    // The same scenario runs once the run gives the value (it fails at the platform, not before).
    const given = await fx.run(folder, { variables: { nobody_id: 'u-nobody' } });
    expect(given.scenarios[0]!.steps[0]!.records).toHaveLength(1);
  }, 30_000);

  it('a file that does not parse fails before its first step, with file:line', async () => {
    const folder = fx.collection({ 'broken.yaml': 'steps:\n  - wait: soon\n' });
    const run = await fx.run(folder);
    expect(run.status).toBe('failed');
    expect(run.scenarios[0]).toMatchObject({ state: 'failed', steps: [] });
    expect(run.scenarios[0]!.problems[0]).toMatchObject({ file: 'broken.yaml', line: 2 });
  }, 30_000);
});

describe('bail', () => {
  it('stops the run after the first failed scenario; without it the others run', async () => {
    const folder = fx.collection({
      'a-fails.yaml': `steps:${TOKEN_STEP(500)}`,
      'b-passes.yaml': `steps:${TOKEN_STEP(200)}`,
    });
    const bailed = await fx.run(folder, { bail: true });
    expect(bailed.scenarios.map((s) => s.state)).toEqual(['failed', 'skipped']);
    expect(bailed.scenarios[1]!.steps[0]!.failure).toMatch(/earlier scenario failed/);
    const all = await fx.run(folder);
    expect(all.scenarios.map((s) => s.state)).toEqual(['failed', 'passed']);
  }, 30_000);
});

describe('stop', () => {
  it('ends a waiting step at once, and one run at a time', async () => {
    const folder = fx.collection({
      'waits.yaml': `steps:
  - name: A delivery that never comes
    expect-delivery: { match: { text: never sent }, timeout: 1m }
  - name: After
    wait: 1ms
`,
    });
    const ended = runToEnd(fx.core.invoke, fx.core.events, { folder });
    const running = await waitFor('the delivery step to be running', async () => {
      const run = await latestRun();
      return run?.scenarios[0]?.steps[0]?.state === 'running' ? run : undefined;
    });
    expect((await errorOf(fx.core.invoke('runner.start', { folder }))).code).toBe('conflict');
    await fx.core.invoke('runner.stop', { runId: running.runId });
    const run = await ended;
    expect(run.status).toBe('stopped');
    expect(stepStates(run)).toEqual([
      'waits.yaml A delivery that never comes: skipped',
      'waits.yaml After: skipped',
    ]);
    expect(run.scenarios[0]!.steps[0]!.failure).toMatch(/stopped/);
  }, 30_000);

  it('stops through runToEnd when its signal aborts (Ctrl+C on the command line)', async () => {
    const folder = fx.collection({
      'waits.yaml': `steps:
  - name: A delivery that never comes
    expect-delivery: { match: { text: never sent }, timeout: 1m }
`,
    });
    const interrupt = new AbortController();
    const ended = runToEnd(
      fx.core.invoke,
      fx.core.events,
      { folder },
      {
        signal: interrupt.signal,
        onChange: (view) => {
          if (view.scenarios[0]?.steps[0]?.state === 'running') interrupt.abort();
        },
      },
    );
    const run = await ended;
    expect(run.status).toBe('stopped');
    expect(run.scenarios[0]!.steps[0]!.failure).toMatch(/stopped/);
  }, 30_000);
});

describe('a profile that is not the sandbox', () => {
  const scenario = `steps:${TOKEN_STEP(200)}
  - name: Make a user
    simulate: { action: create-user, name: Nobody }
`;
  let profileId: string;
  beforeAll(async () => {
    profileId = (
      await fx.core.invoke('profiles.duplicate', { profileId: 'sandbox', name: 'Staging' })
    ).id;
  });

  const awaiting = () =>
    waitFor('the run to ask before changing the platform', async () => {
      const run = await latestRun();
      return run?.status === 'awaiting-confirmation' ? run : undefined;
    });

  it('asks before the first step that changes it, and goes on when confirmed', async () => {
    const folder = fx.collection({ 'change.yaml': scenario });
    const ended = runToEnd(fx.core.invoke, fx.core.events, { folder, profileId });
    const asking = await awaiting();
    expect(asking.sandbox).toBe(false);
    expect(asking.question).toMatch(
      /"Staging".*not the sandbox.*change\.yaml, step 2 "Make a user"/,
    );
    expect(stepStates(asking)).toEqual([
      'change.yaml App token: passed',
      'change.yaml Make a user: waiting',
    ]);
    await fx.core.invoke('runner.confirm', { runId: asking.runId, proceed: true });
    const run = await ended;
    // It went on: the simulator only plays the sandbox, so the step says so.
    expect(run.scenarios[0]!.steps[1]!.failure).toMatch(/"Staging" is not the sandbox/);
    expect(run.question).toBeNull();
  }, 30_000);

  it('answers the question through runToEnd once, as a caller without a window does', async () => {
    const folder = fx.collection({ 'change.yaml': scenario });
    const questions: string[] = [];
    const run = await runToEnd(
      fx.core.invoke,
      fx.core.events,
      { folder, profileId },
      {
        answer: (view) => {
          questions.push(view.question ?? '');
          return false;
        },
      },
    );
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/"Staging".*not the sandbox/);
    expect(run.status).toBe('stopped');
    expect(stepStates(run)).toEqual([
      'change.yaml App token: passed',
      'change.yaml Make a user: skipped',
    ]);
  }, 30_000);

  it('stops when the person declines, and asks nothing when the run was confirmed up front', async () => {
    const folder = fx.collection({ 'change.yaml': scenario });
    const ended = runToEnd(fx.core.invoke, fx.core.events, { folder, profileId });
    const asking = await awaiting();
    await fx.core.invoke('runner.confirm', { runId: asking.runId, proceed: false });
    const declined = await ended;
    expect(declined.status).toBe('stopped');
    expect(declined.scenarios[0]!.steps[1]!.state).toBe('skipped');

    const statuses: string[] = [];
    const confirmed = await runToEnd(
      fx.core.invoke,
      fx.core.events,
      { folder, profileId, confirmed: true },
      { onChange: (view) => statuses.push(view.status) },
    );
    expect(statuses).not.toContain('awaiting-confirmation');
    expect(confirmed.scenarios[0]!.steps[1]!.state).toBe('failed');
  }, 30_000);
});
