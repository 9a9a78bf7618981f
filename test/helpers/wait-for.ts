// Polling for what arrives on its own time (a record, a status set after an answer), with words:
// a timeout says what was waited for, not just that something was false.

/**
 * Asks `probe` every `everyMs` until it answers something other than undefined, and answers that;
 * after `timeoutMs` it fails naming `what`.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 10_000, everyMs = 25 } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
