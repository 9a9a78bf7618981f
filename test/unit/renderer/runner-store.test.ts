// The Runner's store over the in-memory bridge, with a scripted runner behind it (the engine's
// runner has its own tests): what it shows as runner.changed arrives, what it asks the engine for
// Start, Run again, Run this step and the confirmation, and how a refusal reads.
import { describe, expect, it } from 'vitest';
import {
  CommandError,
  type CommandName,
  type RunRequest,
  type RunView,
} from '../../../src-shared/contract';
import { createEventEmitter } from '../../../src-main/core/events';
import type { Core } from '../../../src-main/core/index';
import { createRunnerStore } from '../../../src-renderer/src/features/runner/runner-store';
import { createCenterStore } from '../../../src-renderer/src/features/workbench/center-store';
import { createMemoryBridge } from '../../helpers/memory-bridge';
import { awaitingRun, finishedRun } from '../../helpers/run-view-fixture';
import { waitFor } from '../../helpers/wait-for';

/** A runner that answers from a script: `next` is what runner.start makes, `refuse` its refusal. */
function scriptedEngine() {
  const events = createEventEmitter();
  const script = {
    current: null as RunView | null,
    next: finishedRun() as RunView,
    refuse: null as string | null,
  };
  const answer = (run: RunView) => {
    script.current = run;
    events.emit('runner.changed', run);
    return run;
  };
  const invoke = (name: CommandName, input: unknown): Promise<unknown> => {
    switch (name) {
      case 'runner.state':
        return Promise.resolve({ run: script.current });
      case 'runner.start':
        if (script.refuse) {
          return Promise.reject(new CommandError({ code: 'not_found', message: script.refuse }));
        }
        return Promise.resolve(answer(script.next));
      case 'runner.confirm': {
        const { proceed } = input as { proceed: boolean };
        return Promise.resolve(
          answer({ ...script.current!, status: proceed ? 'running' : 'stopped', question: null }),
        );
      }
      case 'runner.dataFiles':
        return Promise.resolve({ files: ['data/rows.csv', 'users.json'], default: 'users.json' });
      case 'runner.stop':
        return Promise.resolve(answer({ ...script.current!, status: 'stopped' }));
      default:
        return Promise.reject(new Error(`the scripted engine has no ${name}`));
    }
  };
  const bridge = createMemoryBridge({ invoke, events } as unknown as Pick<
    Core,
    'invoke' | 'events'
  >);
  const center = createCenterStore();
  const runner = createRunnerStore(bridge, bridge.connection, center);
  const stop = runner.start();
  const starts = () =>
    bridge.calls.filter((c) => c.name === 'runner.start').map((c) => c.input as RunRequest);
  return { script, events, bridge, center, runner, stop, starts };
}

const request: RunRequest = {
  folder: '/work/checks',
  paths: ['auth/app-token.yaml', 'messages'],
  profileId: 'staging',
  variables: { user: 'ada' },
  confirmed: true,
};

describe('the runner store', () => {
  it('shows each runner.changed, and what changed while the link was down once it is back', async () => {
    const e = scriptedEngine();
    await waitFor('the first runner.state', () =>
      e.bridge.calls.some((c) => c.name === 'runner.state') ? true : undefined,
    );
    expect(e.runner.getState().run).toBeNull();

    const running = { ...finishedRun(), status: 'running' as const, durationMs: null };
    e.events.emit('runner.changed', running);
    expect(e.runner.getState().run?.status).toBe('running');

    e.bridge.connection.drop();
    e.script.current = finishedRun();
    e.events.emit('runner.changed', e.script.current);
    expect(e.runner.getState().run?.status).toBe('running');
    e.bridge.connection.restore();
    await waitFor('the finished run read again after the reconnect', () =>
      e.runner.getState().run?.status === 'failed' ? true : undefined,
    );
    e.stop();
  });

  it('starts a run, shows the Runner view, and Run again repeats the request without its confirmation', async () => {
    const e = scriptedEngine();
    expect(e.center.getState().view).toBe('composer');

    expect(await e.runner.getState().start(request)).toBe(true);
    expect(e.center.getState().view).toBe('runner');
    expect(e.runner.getState().run?.runId).toBe('run-1');
    const asked: RunRequest = { ...request };
    delete asked.confirmed;
    expect(e.starts()).toEqual([asked]);

    e.center.getState().show('composer');
    expect(await e.runner.getState().runAgain()).toBe(true);
    expect(e.center.getState().view).toBe('runner');
    expect(e.starts()).toEqual([asked, asked]);
    e.stop();
  });

  it('Update snapshots runs the last request again storing snapshots, and Run again after it compares', async () => {
    const e = scriptedEngine();
    await e.runner.getState().start(request);
    e.center.getState().show('composer');
    expect(await e.runner.getState().updateSnapshots()).toBe(true);
    expect(e.center.getState().view).toBe('runner');
    await e.runner.getState().runAgain();
    const asked: RunRequest = { ...request };
    delete asked.confirmed;
    // A snapshot is written only when asked: the choice is not kept for the next run.
    expect(e.starts()).toEqual([asked, { ...asked, updateSnapshots: true }, asked]);
    e.stop();
  });

  it('runs one step of one scenario with the same folder, profile and variables', async () => {
    const e = scriptedEngine();
    await e.runner.getState().start(request);
    await e.runner.getState().runStep('messages/text-delivery.yaml', 1);
    expect(e.starts()[1]).toEqual({
      folder: '/work/checks',
      profileId: 'staging',
      variables: { user: 'ada' },
      only: { path: 'messages/text-delivery.yaml', index: 1 },
    });
    e.stop();
  });

  it('keeps the words of a start the engine refused, in the Runner view', async () => {
    const e = scriptedEngine();
    e.script.refuse = 'The folder /work/checks does not exist: open the collection again.';
    expect(await e.runner.getState().start(request)).toBe(false);
    expect(e.center.getState().view).toBe('runner');
    expect(e.runner.getState()).toMatchObject({
      run: null,
      busy: null,
      error:
        'The run did not start: The folder /work/checks does not exist: open the collection again.',
    });

    // The next action starts with a clean slate.
    e.script.refuse = null;
    expect(await e.runner.getState().runAgain()).toBe(true);
    expect(e.runner.getState().error).toBeNull();
    e.stop();
  });

  it('answers the confirmation with the run id, and says there is nothing to confirm without a run', async () => {
    const e = scriptedEngine();
    expect(await e.runner.getState().confirm(true)).toBe(false);
    expect(e.runner.getState().error).toMatch(/^There is no run to go on with: start one/);

    e.script.next = awaitingRun();
    await e.runner.getState().start({ folder: '/work/checks', profileId: 'staging' });
    expect(e.runner.getState().run?.status).toBe('awaiting-confirmation');

    expect(await e.runner.getState().confirm(true)).toBe(true);
    expect(e.bridge.calls.at(-1)).toEqual({
      name: 'runner.confirm',
      input: { runId: 'run-2', proceed: true },
    });
    expect(e.runner.getState().run?.status).toBe('running');
    expect(await e.runner.getState().stop()).toBe(true);
    expect(e.runner.getState().run?.status).toBe('stopped');
    e.stop();
  });

  it('does not let a late answer take back what a newer runner.changed showed', async () => {
    const e = scriptedEngine();
    e.script.next = { ...finishedRun(), status: 'running', durationMs: null };
    const held = e.bridge.hold((name) => name === 'runner.start');
    const started = e.runner.getState().start(request);
    await waitFor('the start answer held back', () => (held.count === 1 ? true : undefined));

    // The run ends before its start's answer arrives.
    e.events.emit('runner.changed', finishedRun());
    held.release();
    expect(await started).toBe(true);
    expect(e.runner.getState().run?.status).toBe('failed');
    e.stop();
  });
});

describe('Run with data…', () => {
  it("lists the collection's data files, and runs the last run again over one, whole", async () => {
    const e = scriptedEngine();
    await e.runner
      .getState()
      .start({ ...request, only: { path: 'auth/app-token.yaml', index: 1 } });
    expect(await e.runner.getState().dataFiles()).toEqual({
      files: ['data/rows.csv', 'users.json'],
      default: 'users.json',
    });
    expect(e.bridge.calls.find((c) => c.name === 'runner.dataFiles')?.input).toEqual({
      folder: finishedRun().folder,
    });
    expect(await e.runner.getState().runWithData('data/rows.csv')).toBe(true);
    // The whole run again (not its one step), with the file; a confirmation is never replayed.
    const asked: RunRequest = { ...request, data: 'data/rows.csv' };
    delete asked.confirmed;
    expect(e.starts().at(-1)).toEqual(asked);
    e.stop();
  });
});
