// The React side of watchPaced (paced-value.ts): a component that re-renders at most every
// `everyMs` for a store value that changes far more often.
import { useEffect, useState } from 'react';
import { watchPaced, type Watchable } from './paced-value';

/** `select` must be the same function across renders (a module-level one). */
export function usePaced<S, T>(store: Watchable<S>, select: (s: S) => T, everyMs: number): T {
  const [value, setValue] = useState(() => select(store.getState()));
  useEffect(() => watchPaced(store, select, everyMs, setValue), [store, select, everyMs]);
  return value;
}
