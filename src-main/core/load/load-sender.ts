// Sends one delivery of a load run and says how it went, in classes a person reads (status 4xx,
// timeout, connection...). Straight through an undici Agent rather than the engine's HTTP client:
// a load run journals no delivery and keeps no body (docs/load.md), and at 2,000 deliveries a
// second the client's copies of headers and body would be the sender's own bottleneck.
import type { Dispatcher } from 'undici';
import type { LoadErrorClass } from '../../../src-shared/contract';
import { PLATFORM_DELIVERY_DEADLINE_MS } from '../../../src-shared/rules/delivery-deadline';
import { undici } from '../common/lazy-packages';

/**
 * Connections open to the handler at most: 2,000 deliveries a second answered within 0.1 s. Not
 * more: after each pause of the sender (a busy machine), the deliveries due meanwhile go at once,
 * and each of them would open a connection of its own (a socket and a parser), which at 1,000
 * cost the sender more than the sends. Past it, deliveries wait in the sender's queue, and the
 * wait counts in their answer time (measured from when each was due).
 */
const MAX_CONNECTIONS = 256;

export type SendOutcome = { status: number } | { error: LoadErrorClass; words: string };

interface LoadSender {
  send(form: URLSearchParams): Promise<SendOutcome>;
  close(): Promise<void>;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export function classifyFailure(err: unknown): { error: LoadErrorClass; words: string } {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  const words = `${code ? `${code}: ` : ''}${e.cause?.message ?? e.message ?? String(err)}`;
  if (TIMEOUT_CODES.has(code)) {
    return {
      error: 'timeout',
      words: `no answer within the platform's ${PLATFORM_DELIVERY_DEADLINE_MS / 1000} s deadline`,
    };
  }
  return { error: 'connection', words };
}

export function statusClass(status: number): LoadErrorClass | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 500) return 'status 5xx';
  if (status >= 400) return 'status 4xx';
  return 'status 3xx';
}

export function createLoadSender(url: string, options: { insecure: boolean }): LoadSender {
  const { Agent } = undici();
  const target = new URL(url);
  const agent: Dispatcher = new Agent({
    connections: MAX_CONNECTIONS,
    headersTimeout: PLATFORM_DELIVERY_DEADLINE_MS,
    bodyTimeout: PLATFORM_DELIVERY_DEADLINE_MS,
    // The certificate does not hold: tp check says so; the load still measures the handler.
    ...(options.insecure ? { connect: { rejectUnauthorized: false } } : {}),
  });
  const path = `${target.pathname}${target.search}`;
  return {
    async send(form) {
      try {
        const res = await agent.request({
          origin: target.origin,
          path,
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': 'TP-Inspector-load',
          },
          body: form.toString(),
        });
        // Read to the end (the connection is reused), kept nowhere.
        await res.body.dump();
        return { status: res.statusCode };
      } catch (err) {
        return classifyFailure(err);
      }
    },
    close: () => agent.close(),
  };
}
