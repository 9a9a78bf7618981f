// A small typed emitter for the contract's events. Transports forward everything with onAny.
import type { EventName, EventPayload } from './contract';

type AnyListener = (event: EventName, payload: unknown) => void;

export interface CoreEvents {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Every event, for transports that forward them all. */
  onAny(listener: AnyListener): () => void;
}

export interface CoreEventEmitter extends CoreEvents {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

export function createEventEmitter(onListenerError?: (err: unknown) => void): CoreEventEmitter {
  const listeners = new Set<AnyListener>();
  return {
    on(event, listener) {
      const wrapped: AnyListener = (name, payload) => {
        if (name === event) listener(payload as EventPayload<typeof event>);
      };
      listeners.add(wrapped);
      return () => void listeners.delete(wrapped);
    },
    onAny(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event, payload) {
      for (const listener of [...listeners]) {
        // One broken subscriber (a closed window, a dropped socket) must not stop the others.
        try {
          listener(event, payload);
        } catch (err) {
          onListenerError?.(err);
        }
      }
    },
  };
}
