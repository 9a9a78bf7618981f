// RunViews as the runner sends them, for the renderer's tests before (and beside) the real engine:
// a finished run with a passed and a failed scenario, or one asking for confirmation.
import type { RunView, ScenarioRunView, StepView } from '../../src-shared/contract';

export function stepView(index: number, over: Partial<StepView> = {}): StepView {
  return {
    index,
    name: `Step ${index + 1}`,
    kind: 'request',
    state: 'waiting',
    always: false,
    durationMs: null,
    failure: null,
    checks: [],
    records: [],
    captures: {},
    ...over,
  };
}

/** Record seqs for the steps that send something: [token, send, delivery]. */
type FixtureSeqs = readonly [number, number, number];

/** A finished run: one scenario passed, one failed at its check (the clean-up still ran). */
export function finishedRun(seqs: FixtureSeqs = [1, 2, 3], over: Partial<RunView> = {}): RunView {
  const [token, send, delivery] = seqs;
  const passed: ScenarioRunView = {
    path: 'auth/app-token.yaml',
    name: 'App token',
    state: 'passed',
    durationMs: 142,
    problems: [],
    steps: [
      stepView(0, {
        name: 'Get an app token',
        state: 'passed',
        durationMs: 138,
        records: [token],
        checks: [
          { label: 'status', passed: true, expected: '200', actual: '200' },
          {
            label: 'body access_token',
            passed: true,
            expected: 'exists',
            actual: 'a string of 43 characters',
          },
        ],
        captures: { app_token: '‹redacted›' },
      }),
      stepView(1, { name: 'Wait a moment', kind: 'wait', state: 'passed', durationMs: 4 }),
    ],
  };
  const failed: ScenarioRunView = {
    path: 'messages/text-delivery.yaml',
    name: 'A text reaches the app as a verified delivery',
    state: 'failed',
    durationMs: 10_233,
    problems: [],
    steps: [
      stepView(0, {
        name: 'Ada sends a text',
        kind: 'simulate',
        state: 'passed',
        durationMs: 61,
        records: [send],
        captures: { message_id: 'm-5c1e0a' },
      }),
      stepView(1, {
        name: 'The delivery is signed',
        kind: 'expect-delivery',
        state: 'failed',
        durationMs: 10_004,
        records: [delivery],
        failure:
          'The delivery arrived but its signature did not verify: the app signs with sha1, the step expects sha256. Change the step or the app registration in the Simulator.',
        checks: [
          {
            label: 'signature',
            passed: false,
            expected: 'valid',
            actual: 'invalid (sha1 expected sha256)',
          },
          { label: 'data text', passed: true, expected: 'equals "hello"', actual: '"hello"' },
        ],
      }),
      stepView(2, {
        name: 'Remove the contact',
        state: 'skipped',
        failure: 'Skipped: step 2 failed.',
      }),
      stepView(3, {
        name: 'Disconnect Ada',
        kind: 'simulate',
        state: 'passed',
        always: true,
        durationMs: 22,
      }),
    ],
  };
  const broken: ScenarioRunView = {
    path: 'groups/broken.yaml',
    name: 'broken',
    state: 'failed',
    durationMs: null,
    problems: [
      {
        file: 'groups/broken.yaml',
        line: 7,
        message:
          'request: endpoint "group.join" is not in the catalog; did you mean "group.invite"?',
      },
    ],
    steps: [],
  };
  return {
    runId: 'run-1',
    sessionId: 'session-1',
    name: 'Smoke checks',
    folder: '/tmp/collection',
    profileId: 'sandbox',
    sandbox: true,
    status: 'failed',
    startedAt: new Date(Date.now() - 10_500).toISOString(),
    durationMs: 10_412,
    question: null,
    scenarios: [passed, failed, broken],
    counts: { passed: 4, failed: 2, skipped: 1, total: 7 },
    ...over,
  };
}

/** A run against another profile, stopped before its first step that changes the platform. */
export function awaitingRun(over: Partial<RunView> = {}): RunView {
  return {
    ...finishedRun(),
    runId: 'run-2',
    profileId: 'staging',
    sandbox: false,
    status: 'awaiting-confirmation',
    durationMs: null,
    question:
      'Step 1 of "Send a text" sends a message on Staging, which is not the sandbox. Run it?',
    scenarios: [
      {
        path: 'send.yaml',
        name: 'Send a text',
        state: 'waiting',
        durationMs: null,
        problems: [],
        steps: [stepView(0, { name: 'Send', kind: 'request' })],
      },
    ],
    counts: { passed: 0, failed: 0, skipped: 0, total: 1 },
    ...over,
  };
}
