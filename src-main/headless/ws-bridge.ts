// The contract over a WebSocket: `{id, command, input}` in, `{id, ok, output | error}` out, and
// every core event pushed as `{event, payload}` to every open socket. A socket that sent
// `{events: 'batched'}` (a WireHello: the app's own page does) gets new journal records grouped,
// `{event, payloads}` (host-start/log-batcher.ts); every other client keeps one message per record, as the
// protocol has always been. A bad frame gets an error answer (or, at worst, closes that one
// socket); it never takes the host down.
import { errorText } from '../../src-shared/contract/errors';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import {
  WireHello,
  WireRequest,
  toErrorShape,
  type CommandErrorShape,
  type WireEvent,
  type WireResponse,
} from '../../src-shared/contract';
import type { Core } from '../core/index';
import { batchText, createLogBatcher, singleText } from '../host-start/log-batcher';

/** Files travel through this socket later (sends with media), so the cap is generous. */
export const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;
/** A client that stops reading is dropped before its queue eats the host's memory. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;

interface WsBridge {
  /** The server to hand checked upgrades to (`handleUpgrade`). */
  readonly wss: WebSocketServer;
  close(): Promise<void>;
}

export function createWsBridge(core: Pick<Core, 'dispatch' | 'events'>): WsBridge {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const alive = new WeakMap<WebSocket, boolean>();

  // The sockets that asked for grouped journal records.
  const batched = new WeakSet<WebSocket>();

  wss.on('connection', (ws) => {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    // Without a listener, an 'error' (e.g. an invalid frame) would be thrown; ws closes the socket.
    ws.on('error', () => undefined);
    ws.on('message', (data, isBinary) => void answer(ws, data, isBinary));
  });

  const logBatch = createLogBatcher((lines) => {
    let grouped: string | undefined;
    let single: string[] | undefined;
    for (const ws of wss.clients) {
      if (batched.has(ws)) send(ws, (grouped ??= batchText(lines)));
      else for (const text of (single ??= lines.map(singleText))) send(ws, text);
    }
  });
  const unsubscribe = core.events.onAny((event, payload, json) => {
    // Every delivery is an event: with no page open, serialising it is work nobody reads.
    if (wss.clients.size === 0) return;
    let text: string;
    try {
      if (event === 'log.appended') {
        // A new journal record comes with the line the journal wrote: no second serialisation.
        logBatch.add(json ?? JSON.stringify(payload));
        return;
      }
      text = JSON.stringify({ event, payload } satisfies WireEvent);
    } catch {
      return; // an event that cannot be serialised is a core bug; the clients must not die of it
    }
    // What happened before this event reaches the page before it (a session switch after records).
    logBatch.flush();
    for (const ws of wss.clients) send(ws, text);
  });

  // Dead peers (a closed laptop lid, a killed browser) are noticed and dropped.
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  async function answer(ws: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    const request = parseRequest(data, isBinary);
    if ('hello' in request) {
      batched.add(ws);
      return;
    }
    if ('error' in request) {
      reply(ws, { id: request.id, ok: false, error: request.error });
      return;
    }
    let response: WireResponse;
    try {
      const output = await core.dispatch(request.command, request.input);
      response = { id: request.id, ok: true, output };
    } catch (err) {
      response = { id: request.id, ok: false, error: toErrorShape(err) };
    }
    reply(ws, response);
  }

  function reply(ws: WebSocket, response: WireResponse): void {
    let text: string;
    try {
      text = JSON.stringify(response);
    } catch (err) {
      text = JSON.stringify({
        id: response.id,
        ok: false,
        error: {
          code: 'internal',
          message: `The answer could not be sent over the WebSocket: ${errorText(err)}.`,
        },
      } satisfies WireResponse);
    }
    // An answer that counted records is read after the records it counted.
    logBatch.flush();
    send(ws, text);
  }

  function send(ws: WebSocket, text: string): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(text);
  }

  return {
    wss,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        unsubscribe();
        logBatch.stop();
        for (const ws of wss.clients) ws.close(1001, 'The host is shutting down.');
        // Give the close frames a moment, then cut whoever did not answer.
        const force = setTimeout(() => {
          for (const ws of wss.clients) ws.terminate();
        }, 500);
        force.unref();
        wss.close(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

type ParsedRequest =
  WireRequest | { hello: WireHello } | { id: number | null; error: CommandErrorShape };

/** Exported for unit tests: turns one frame into a request or an `invalid_input` answer. */
export function parseRequest(data: RawData, isBinary: boolean): ParsedRequest {
  if (isBinary) {
    return invalid(
      null,
      'Binary frames are not understood: send {id, command, input} as JSON text.',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(rawToString(data));
  } catch {
    return invalid(null, 'The message is not JSON: send {id, command, input}.');
  }
  const parsed = WireRequest.safeParse(json);
  if (parsed.success) return parsed.data;
  const hello = WireHello.safeParse(json);
  if (hello.success) return { hello: hello.data };
  // Echo a usable id so the client can settle the right request instead of waiting forever.
  const id =
    typeof json === 'object' &&
    json !== null &&
    'id' in json &&
    Number.isSafeInteger(json.id) &&
    (json.id as number) >= 0
      ? (json.id as number)
      : null;
  return invalid(
    id,
    `The message is not a request: ${parsed.error.issues
      .map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`)
      .join('; ')}. Send {id, command, input}.`,
  );
}

function invalid(
  id: number | null,
  message: string,
): { id: number | null; error: CommandErrorShape } {
  return { id, error: { code: 'invalid_input', message } };
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
