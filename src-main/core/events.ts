// A small typed emitter for the contract's events. Transports forward everything with onAny.
import type { EventName, EventPayload } from '../../src-shared/contract';

/**
 * `json`: the payload's JSON text when the emitter has it already (a journal record's line), so a
 * transport that sends JSON does not serialise the payload again.
 */
type AnyListener = (event: EventName, payload: unknown, json?: string) => void;

export interface CoreEvents {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Every event, for transports that forward them all. */
  onAny(listener: AnyListener): () => void;
}

export interface CoreEventEmitter extends CoreEvents {
  /** `json`: the payload's JSON text, when the emitter has it (see onAny). */
  emit<E extends EventName>(event: E, payload: EventPayload<E>, json?: string): void;
}

/**
 * The emitter and who hears of a listener that threw. The journal reports those failures, and the
 * journal announces its records through the emitter: so the emitter is made first, and the journal,
 * once open, subscribes with onListenerError (createCore). Until then, a failure goes unreported.
 */
interface EventEmitterWithFailures extends CoreEventEmitter {
  onListenerError(report: (err: unknown) => void): void;
}

export function createEventEmitter(): EventEmitterWithFailures {
  const listeners = new Set<AnyListener>();
  const failureReports = new Set<(err: unknown) => void>();
  // What emit() walks: a copy made when the listeners change (rarely), not at every event (one per
  // delivery), so that a listener added or removed while an event is out does not change who gets it.
  let snapshot: AnyListener[] = [];
  const add = (listener: AnyListener) => {
    listeners.add(listener);
    snapshot = [...listeners];
    return () => {
      listeners.delete(listener);
      snapshot = [...listeners];
    };
  };
  return {
    on(event, listener) {
      return add((name, payload) => {
        if (name === event) listener(payload as EventPayload<typeof event>);
      });
    },
    onAny(listener) {
      return add(listener);
    },
    emit(event, payload, json) {
      for (const listener of snapshot) {
        // One broken subscriber (a closed window, a dropped socket) must not stop the others.
        try {
          listener(event, payload, json);
        } catch (err) {
          for (const report of failureReports) report(err);
        }
      }
    },
    onListenerError(report) {
      failureReports.add(report);
    },
  };
}
