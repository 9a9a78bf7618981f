// What a step runs with and what it gives back. Each kind of step is one file (request-step.ts,
// delivery-step.ts, ...); the run (runner-service.ts) resolves its variables first, runs it, then
// checks its captures and words its failure.
import type {
  CheckOutcome,
  CommandInput,
  EndpointCheckReport,
  simulatorCommands,
} from '../../../src-shared/contract';
import type { ComposerSent } from '../composer';
import type { Invoke } from '../dispatch';
import type { CoreEvents } from '../events';
import type { RunInbox } from './run-inbox';

/** The commands a step calls: the simulator's actions, and the connected users (connect-user). */
export type StepInvoke = Invoke<keyof typeof simulatorCommands | 'auth.users'>;

export interface StepContext {
  invoke: StepInvoke;
  /**
   * composer.send in the engine: the window's redacted result and the platform's JSON as it came,
   * which a request step checks and captures from (a captured token must work in a later step).
   */
  send(input: CommandInput<'composer.send'>): Promise<ComposerSent>;
  events: CoreEvents;
  profile: { id: string; name: string; baseUrl: string };
  /** The run's profile is the embedded sandbox's. */
  sandbox: boolean;
  /** The scenario file, absolute (a request's `file: {path}` is read beside it). */
  scenarioFile: string;
  /** The collection's folder: the files a step sends are read only from inside it. */
  collectionFolder: string;
  /** `send.yaml, step 2 "Send a text"`: where a step is, in words. */
  place: string;
  /** Aborted when the person stops the run: a waiting step gives up at once. */
  signal: AbortSignal;
  /** The run's deliveries and forwards, from its start. */
  inbox: RunInbox;
  /** Snapshot checks store their value instead of comparing it (`tp run --update-snapshots`). */
  updateSnapshots: boolean;
  /** A question for the person while the step waits for them (null: none any more). */
  ask(question: string | null): void;
  /**
   * Asks the person whether the run goes on (a run confirmed already, `tp run --yes` among them,
   * goes on unasked); false: they declined, and the run is stopped.
   */
  confirm(question: string): Promise<boolean>;
  /** The endpoint check, its deliveries in the run's session; the run's Stop stops it. */
  checkEndpoint(input: CommandInput<'endpointCheck.run'>): Promise<EndpointCheckReport>;
}

/**
 * What a step's captures read (format.ts, Captures): `status`, `header.<name>`, `body.<path>`,
 * `data.<path>`, and named values (`seq`, `user_id`, `id`, ...) each kind of step documents.
 */
export interface CaptureSource {
  status?: number | null;
  headers?: Record<string, string>;
  /** Present when the step has a body (a response's JSON, a forward target's answer). */
  body?: { value: unknown };
  /** A delivery's data JSON. */
  data?: { value: unknown };
  values: Record<string, string>;
}

export interface StepOutcome {
  checks: CheckOutcome[];
  records: number[];
  source: CaptureSource;
  /** A failure other than failed checks (a refusal, a timeout), in words. */
  failure?: string;
}

/** A step's capture source with nothing in it: a step that captures nothing. */
export const emptySource = (): CaptureSource => ({ values: {} });

/** Thrown when the person stops the run while a step waits. */
export class RunStopped extends Error {
  constructor() {
    super('The run was stopped.');
    this.name = 'RunStopped';
  }
}

/** Resolves after `ms`, or rejects with RunStopped as soon as `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new RunStopped());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RunStopped());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A duration in words: 800 ms, 10 s, 5 min. */
export function durationWords(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  return `${Number((ms / 60_000).toFixed(1))} min`;
}
