// New journal records go to the page in groups, from either host (the headless host's sockets,
// headless/ws-bridge.ts; the Electron window, electron/ipc.ts): here in host-start/, which every
// host may import, because the Electron shell must not import the headless host. at 2,000 deliveries a second, one message
// per record costs the page a task (and a render) per record and it falls behind. A record
// that comes alone still goes at once (the end of the current event-loop turn), so a quiet log
// stays as quick as before; records that follow within LOG_BATCH_MS of a message wait for the next
// one, which carries them all, in order.
/**
 * At most one log message per this many milliseconds while records keep coming. Every client waits
 * for it (the one-record-per-message ones too), and the page paces its list on its own (30 ms), so
 * a short one, still long enough to group a few records at thousands a second (`npm run bench:live`
 * and `npm run bench:inbound` print what it costs: arrival to log.appended on a bare client).
 */
const LOG_BATCH_MS = 3;
/** A message never carries more records than this, so no one frame is huge. */
export const LOG_BATCH_MAX = 500;

interface LogBatcher {
  /** Queues one record, given as its JSON text (the line the journal wrote). */
  add(line: string): void;
  /** Sends what is queued now: before any other message, so the socket keeps the order. */
  flush(): void;
  /** Drops what is queued and any timer (the host is closing). */
  stop(): void;
}

// The records are already JSON (the journal's lines): joined, not parsed and serialised again.
/** One `{event: 'log.appended', payloads}` message (a WireEventBatch) carrying every line. */
export const batchText = (lines: readonly string[]): string =>
  `{"event":"log.appended","payloads":[${lines.join(',')}]}`;
/** One `{event: 'log.appended', payload}` message (a WireEvent): a client that did not ask for groups. */
export const singleText = (line: string): string => `{"event":"log.appended","payload":${line}}`;

/** `send` gets the lines of one group, in order: the socket's own format is the caller's choice. */
export function createLogBatcher(send: (lines: string[]) => void): LogBatcher {
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
    const group = lines;
    lines = [];
    lastSent = performance.now();
    send(group);
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
