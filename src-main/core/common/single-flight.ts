/** Runs one task per key at a time: callers arriving while it runs share its result. */
export function singleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, task: () => Promise<T>): Promise<T> => {
    const current = running.get(key);
    if (current) return current;
    const started = task().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
