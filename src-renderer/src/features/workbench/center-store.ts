// Which view holds the middle column: the composer, the scenario open from a collection, or the
// runner. Panes ask for a view here (the collection tree opens a scenario, Run shows the runner),
// so none of them imports another.
import { createStore } from 'zustand/vanilla';

export type CenterView = 'composer' | 'scenario' | 'runner' | 'endpoint-check';

export interface CenterState {
  view: CenterView;
  show(view: CenterView): void;
}

export type CenterStore = ReturnType<typeof createCenterStore>;

export function createCenterStore() {
  return createStore<CenterState>()((set) => ({
    view: 'composer',
    show: (view) => set({ view }),
  }));
}
