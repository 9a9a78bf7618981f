// A collection's and a scenario's `inbound` set-up: in force while the run (or the scenario) runs,
// written in the run's session, and taken off after it, whether the run passed, failed or was
// stopped: the person's own response control and forward targets are as they were. A target that
// is the receiver is refused before the run starts; one off this machine is asked about first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundSettings } from '../../../src-shared/contract';
import { runToEnd } from '../../../src-main/core/runner/run-to-end';
import { errorOf } from '../../helpers/command-error';
import { waitFor } from '../../helpers/wait-for';
import { startRunnerFixture, stepStates, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
/** The person's own settings, set before each run: what must be in force again after it. */
let own: InboundSettings;
beforeAll(async () => {
  fx = await startRunnerFixture();
  await fx.core.invoke('inbound.setResponse', {
    response: { status: 202, body: 'mine', delayMs: 5 },
  });
  own = await fx.core.invoke('inbound.setForwards', {
    forwards: { targets: ['http://127.0.0.1:9/person'], timeoutMs: 1000 },
  });
}, 60_000);
afterAll(() => fx?.close());

const settingsNow = () => fx.core.invoke('inbound.settings', {});

/** The summaries of the run's own session records. */
async function sessionSummaries(sessionId: string): Promise<string[]> {
  const { content } = await fx.core.invoke('sessions.export', { sessionId, format: 'ndjson' });
  return content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { summary: string }).summary);
}

/** An unsigned delivery posted to the sandbox profile's receiver: answered as the settings say. */
async function postToReceiver(): Promise<{ status: number; tookMs: number }> {
  const { baseUrl } = await fx.core.invoke('inbound.status', {});
  const started = performance.now();
  const res = await fetch(`${baseUrl}/hooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `data=${encodeURIComponent(JSON.stringify({ id: 'm1', type: 'text' }))}`,
  });
  await res.text();
  return { status: res.status, tookMs: performance.now() - started };
}

const DELIVERY_STEPS = `
  - connect-user: { name: Nora }
    capture: { nora: user_id }
  - request:
      endpoint: contact.add
      user: "{{nora}}"
      params: { contact_id: desk, display_name: Desk, capabilities: interactive }
    expect: { status: 200 }
  - simulate: { action: send-message, user: "{{nora}}", contact: desk, params: { text: are you there } }
  - name: Answered as the scenario says
    expect-delivery:
      match: { user: "{{nora}}", text: are you there }
      answer: 503`;

describe("a scenario's response control", () => {
  it('answers the run’s deliveries, then the person’s settings are back', async () => {
    const folder = fx.collection({
      'busy.yaml': `inbound:
  forward: []
  response: { status: 503, body: busy }
steps:${DELIVERY_STEPS}
`,
    });
    const run = await fx.run(folder);
    expect(run.status, JSON.stringify(run.scenarios[0]?.steps)).toBe('passed');
    expect(await settingsNow()).toEqual(own);
    expect((await postToReceiver()).status).toBe(202);
    const summaries = await sessionSummaries(run.sessionId);
    expect(summaries).toContain(
      'Inbound set-up for scenario busy.yaml: forwards nowhere; answers with status 503, body "busy"',
    );
    expect(summaries).toContain('Inbound set-up of scenario busy.yaml taken off');
  }, 60_000);
});

describe('a run that does not pass', () => {
  it('takes its set-up off after a failed step', async () => {
    const folder = fx.collection({
      'collection.yaml': 'name: Failing\ninbound:\n  response: { status: 500 }\n',
      'fails.yaml': `inbound:
  forward: [{ url: "http://127.0.0.1:9/run" }]
steps:
  - request: { endpoint: token, params: { grant_type: client_credentials } }
    expect: { status: 299 }
`,
    });
    const run = await fx.run(folder);
    expect(run.status).toBe('failed');
    expect(await settingsNow()).toEqual(own);
    expect((await postToReceiver()).status).toBe(202);
    const summaries = await sessionSummaries(run.sessionId);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Inbound set-up for the run: answers with status 500',
        'Inbound set-up for scenario fails.yaml: forwards to http://127.0.0.1:9/run; answers with status 500',
        'Inbound set-up of scenario fails.yaml taken off',
        'Inbound set-up of the run taken off',
      ]),
    );
  }, 60_000);

  it('is in force while it runs, and off once it is stopped', async () => {
    const folder = fx.collection({
      'collection.yaml': 'name: Stopped\ninbound:\n  response: { status: 418, delay: 1s }\n',
      'long.yaml': 'steps:\n  - wait: 1m\n',
    });
    const heard: (string | null)[] = [];
    const off = fx.core.events.on('inbound.runSetupChanged', (e) => heard.push(e.runSetup));
    const ended = fx.run(folder);
    const running = await waitFor('the run to wait in its step', async () => {
      const { run } = await fx.core.invoke('runner.state', {});
      return run?.scenarios[0]?.steps[0]?.state === 'running' ? run : undefined;
    });
    const answer = await postToReceiver();
    expect(answer.status).toBe(418);
    expect(answer.tookMs).toBeGreaterThanOrEqual(900);
    // The Inbound tab shows and edits the person's own settings meanwhile, not the run's, and
    // says above them what the run's set-up does.
    const runSetup = 'answers with status 418, after 1 s';
    expect(await settingsNow()).toEqual({ ...own, runSetup });
    await fx.core.invoke('runner.stop', { runId: running.runId });
    expect((await ended).status).toBe('stopped');
    expect(await settingsNow()).toEqual(own);
    off();
    expect(heard).toEqual([runSetup, null]);
    expect((await postToReceiver()).status).toBe(202);
  }, 60_000);
});

describe('forward targets a run may not set on its own', () => {
  it('refuses a target that is the receiver before the run starts', async () => {
    const { baseUrl } = await fx.core.invoke('inbound.status', {});
    const target = `${baseUrl.replace('127.0.0.1', 'localhost')}/hooks/elsewhere`;
    const folder = fx.collection({
      'loop.yaml': `inbound:\n  forward: [{ url: "${target}" }]\nsteps:\n  - wait: 1ms\n`,
    });
    const err = await errorOf(fx.run(folder));
    expect(err.code).toBe('invalid_input');
    expect(err.message).toMatch(
      new RegExp(
        `^loop\\.yaml: inbound\\.forward\\.0: ${target.replace(/[.]/g, '\\.')} is this receiver \\(.*\\).*Forward to your own server's URL instead`,
      ),
    );
    expect((await fx.core.invoke('runner.state', {})).run?.folder).not.toBe(folder);
  });

  it('asks before forwarding off this machine, even on the sandbox; declined, nothing is set', async () => {
    const folder = fx.collection({
      'away.yaml': `inbound:\n  forward: [{ url: "https://hooks.example.com/tp" }]\nsteps:\n  - wait: 1ms\n`,
    });
    const questions: string[] = [];
    const run = await runToEnd(
      fx.core.invoke,
      fx.core.events,
      { folder },
      {
        answer: (view) => {
          questions.push(view.question ?? '');
          return false;
        },
      },
    );
    expect(questions).toEqual([
      expect.stringMatching(
        /^Scenario away\.yaml forwards every delivery to https:\/\/hooks\.example\.com\/tp, off this machine/,
      ),
    ]);
    expect(run.status).toBe('stopped');
    expect(stepStates(run)).toEqual(['away.yaml wait 1 ms: skipped']);
    expect(await settingsNow()).toEqual(own);
    expect(await sessionSummaries(run.sessionId)).not.toContainEqual(
      expect.stringMatching(/^Inbound set-up/),
    );
  });
});
