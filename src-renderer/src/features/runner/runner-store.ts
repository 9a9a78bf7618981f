// The current or last run, as runner.changed pushes it.
import { createStore } from 'zustand/vanilla';
import type { Bridge, RunView } from '../../../../src-shared/contract';
import type { Connection } from '../../bridge/connection';

export interface RunnerState {
  run: RunView | null;
}

export type RunnerStore = ReturnType<typeof createRunnerStore>;

export function createRunnerStore(_bridge: Bridge, _connection: Connection) {
  const store = createStore<RunnerState>()(() => ({ run: null }));
  return Object.assign(store, { start: () => () => {} });
}
