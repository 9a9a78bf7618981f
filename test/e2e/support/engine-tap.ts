// Sits on the page's WebSocket to the engine (Playwright's routeWebSocket) to make states that the
// real engine and sandbox produce too fast or too rarely to test: an answer that takes a while, or
// a command that fails. Everything else passes through to the real host untouched.
import type { Page, WebSocketRoute } from 'playwright-core';
import type {
  CommandErrorShape,
  CommandName,
  CommandOutput,
  EventName,
  EventPayload,
} from '../../../src-shared/contract';

export interface EngineTap {
  /** Holds the engine's answers to `command` until the returned function is called. */
  hold(command: CommandName): () => void;
  /** Answers `command` with this error from now on, without asking the engine. */
  failWith(command: CommandName, error: CommandErrorShape): void;
  /** Pushes an event to the page as if the engine had sent it. */
  push<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Closes the page's open sockets as a network drop would (the page may then reconnect). */
  drop(): Promise<void>;
  /** How many sockets the page has opened to the engine so far. */
  connections(): number;
  /** The last successful output the engine gave the page for `command`. */
  lastOutput<K extends CommandName>(command: K): CommandOutput<K> | undefined;
}

/** Must run before the page opens the app: only sockets opened afterwards are tapped. */
export async function tapEngine(page: Page): Promise<EngineTap> {
  const gates = new Map<string, Promise<void>>();
  const failures = new Map<string, CommandErrorShape>();
  const outputs = new Map<string, unknown>();
  const sockets: WebSocketRoute[] = [];

  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    sockets.push(ws);
    const commandOf = new Map<number, string>();
    ws.onMessage((message) => {
      const request = JSON.parse(String(message)) as { id: number; command: string };
      const failure = failures.get(request.command);
      if (failure) {
        ws.send(JSON.stringify({ id: request.id, ok: false, error: failure }));
        return;
      }
      commandOf.set(request.id, request.command);
      server.send(message);
    });
    server.onMessage((message) => {
      const parsed = JSON.parse(String(message)) as {
        id?: unknown;
        ok?: unknown;
        output?: unknown;
      };
      const command = typeof parsed.id === 'number' ? commandOf.get(parsed.id) : undefined;
      if (command !== undefined && parsed.ok === true) outputs.set(command, parsed.output);
      const gate = command === undefined ? undefined : gates.get(command);
      if (gate) void gate.then(() => ws.send(message));
      else ws.send(message);
    });
  });

  return {
    hold(command) {
      let release!: () => void;
      gates.set(
        command,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        gates.delete(command);
        release();
      };
    },
    failWith(command, error) {
      failures.set(command, error);
    },
    async drop() {
      // 4000: an application code, so the page sees a close it did not ask for.
      await Promise.all(
        sockets.map((ws) => ws.close({ code: 4000, reason: 'dropped by the test' })),
      );
    },
    connections: () => sockets.length,
    push(event, payload) {
      for (const ws of sockets) ws.send(JSON.stringify({ event, payload }));
    },
    lastOutput<K extends CommandName>(command: K) {
      return outputs.get(command) as CommandOutput<K> | undefined;
    },
  };
}
