// Words for a person from whatever a command rejected with. The WebSocket transport rejects with a
// CommandError, the Electron preload with an Error carrying the same `code` and `message`.

export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'object' && err && 'message' in err && typeof err.message === 'string') {
    return err.message;
  }
  return `Something failed without saying why (${String(err)}). The event log may have the details.`;
}
