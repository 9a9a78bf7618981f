// New journal records go to the sockets in groups: at 2,000 deliveries a second, one WebSocket
// message per record costs the page a task (and a render) per record and it falls behind. A record
// that comes alone still goes at once (the end of the current event-loop turn), so a quiet log
// stays as quick as before; records that follow within LOG_BATCH_MS of a message wait for the next
// one, which carries them all, in order.
/** At most one log message per this many milliseconds while records keep coming. */
export const LOG_BATCH_MS = 8;
/** A message never carries more records than this, so no one frame is huge. */
export const LOG_BATCH_MAX = 500;

export interface LogBatcher {
  /** Queues one record, given as its JSON text (the line the journal wrote). */
  add(line: string): void;
  /** Sends what is queued now: before any other message, so the socket keeps the order. */
  flush(): void;
  /** Drops what is queued and any timer (the host is closing). */
  stop(): void;
}

/** `send` gets the text of one `{event: 'log.appended', payloads}` message (a WireEventBatch). */
export function createLogBatcher(send: (text: string) => void): LogBatcher {
  let lines: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let immediate: ReturnType<typeof setImmediate> | undefined;
  let lastSent = -Infinity;

  function cancel(): void {
    clearTimeout(timer);
    clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
  }

  function flush(): void {
    cancel();
    if (lines.length === 0) return;
    // The records are already JSON (the journal's lines): joined, not parsed and serialised again.
    const text = `{"event":"log.appended","payloads":[${lines.join(',')}]}`;
    lines = [];
    lastSent = performance.now();
    send(text);
  }

  return {
    add(line) {
      lines.push(line);
      if (lines.length >= LOG_BATCH_MAX) return flush();
      if (timer !== undefined || immediate !== undefined) return;
      const wait = lastSent + LOG_BATCH_MS - performance.now();
      if (wait > 0) timer = setTimeout(flush, wait);
      else immediate = setImmediate(flush);
    },
    flush,
    stop() {
      cancel();
      lines = [];
    },
  };
}
