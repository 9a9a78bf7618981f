// The open collection as the Collections tab and the Scenario view show it.
import { createStore } from 'zustand/vanilla';
import type { Bridge } from '../../../../src-shared/contract';
import type { Connection } from '../../bridge/connection';
import type { AppStore } from '../header/app-store';

export interface CollectionsState {
  /** The absolute folder of the open collection, or null. */
  folder: string | null;
}

export type CollectionsStore = ReturnType<typeof createCollectionsStore>;

export function createCollectionsStore(_bridge: Bridge, _connection: Connection, _app: AppStore) {
  const store = createStore<CollectionsState>()(() => ({ folder: null }));
  return Object.assign(store, { start: () => () => {} });
}
