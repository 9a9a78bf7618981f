// How long the thread stopped answering while `work` ran: the longest gap a 5 ms timer saw. For
// the tests that show a large file is parsed off the engine's thread.

export async function longestPause(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}
