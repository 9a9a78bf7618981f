// The renderer's Bridge in memory, over a real core: `invoke` is core.invoke and `on` is
// core.events.on, with answers and events copied as the wire would. Its connection can drop and
// come back like the headless host's WebSocket: while dropped, calls fail with transport_closed
// and events are lost, so a store only catches up by loading again. A test can also hold the
// answers of some calls back and release them later, to make an answer arrive late.
import { CommandError, type Bridge, type CommandName } from '../../src-shared/contract';
import type { Connection, ConnectionState } from '../../src-renderer/src/bridge/connection';
import type { Core } from '../../src-main/core/index';

interface MemoryConnection extends Connection {
  /** The link drops: the state says reconnecting, calls fail, events are lost. */
  drop(reason?: string): void;
  /** The link is back. */
  restore(): void;
}

interface HeldCalls {
  /** How many answers are waiting. */
  readonly count: number;
  /** Lets the held answers through (and stops holding new ones). */
  release(): void;
}

export interface MemoryBridge extends Bridge {
  connection: MemoryConnection;
  /** Every command the stores sent, in order, with its input. */
  calls: { name: CommandName; input: unknown }[];
  /** Holds back the answers of the calls `match` picks (they still run in the core at once). */
  hold(match: (name: CommandName, input: unknown) => boolean): HeldCalls;
}

const closed = (message: string) => new CommandError({ code: 'transport_closed', message });

export function createMemoryBridge(core: Pick<Core, 'invoke' | 'events'>): MemoryBridge {
  let state: ConnectionState = { status: 'connected' };
  let attempt = 0;
  const listeners = new Set<(state: ConnectionState) => void>();
  const holds = new Set<{
    match: (name: CommandName, input: unknown) => boolean;
    waiting: (() => void)[];
  }>();
  const setState = (next: ConnectionState) => {
    state = next;
    for (const listener of [...listeners]) listener(next);
  };
  const up = () => state.status === 'connected';

  const connection: MemoryConnection = {
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    drop(reason = 'connection lost') {
      attempt += 1;
      setState({ status: 'reconnecting', attempt, retryInMs: 1000, reason });
    },
    restore() {
      attempt = 0;
      setState({ status: 'connected' });
    },
  };

  const calls: MemoryBridge['calls'] = [];
  return {
    connection,
    calls,
    async invoke(name, input) {
      calls.push({ name, input });
      if (!up()) throw closed('Disconnected from the engine, so nothing was sent.');
      const output = await core.invoke(name, structuredClone(input));
      const hold = [...holds].find((h) => h.match(name, input));
      if (hold) await new Promise<void>((resolve) => hold.waiting.push(resolve));
      if (!up()) throw closed('The connection to the engine dropped before it answered.');
      return structuredClone(output);
    },
    on(event, listener) {
      return core.events.on(event, (payload) => {
        if (up()) listener(structuredClone(payload));
      });
    },
    hold(match) {
      const hold = { match, waiting: [] as (() => void)[] };
      holds.add(hold);
      return {
        get count() {
          return hold.waiting.length;
        },
        release() {
          holds.delete(hold);
          hold.waiting.splice(0).forEach((resolve) => resolve());
        },
      };
    },
  };
}
