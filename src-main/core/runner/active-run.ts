// A run as the runner keeps it while it goes on, what the runner is built with, and the
// environment each scenario's steps run in (the run's variables in their layers, its Stop, its
// questions).
import type { z } from 'zod';
import type {
  CommandInput,
  EndpointCheckReport,
  RunRequest,
  RunView,
} from '../../../src-shared/contract';
import type { Scenario } from '../../../src-shared/collections/format';
import type { LoadedCollection } from '../collections';
import type { EndpointCheckWithin } from '../endpoint-check';
import type { Invoke } from '../dispatch';
import type { CoreEventEmitter } from '../events';
import type { Profile, ProfileStore } from '../profiles';
import type { InboundAccess, runInboundScope } from './run-inbound';
import type { RunInbox } from './run-inbox';
import type { RunSessionInvoke } from './run-session';
import type { StepDeps, StepEnv } from './run-step';
import type { StepContext, StepInvoke } from './step-context';
import { NO_ROW, type PlannedScenario } from './data/run-iterations';

export type RunInput = z.output<typeof RunRequest>;

/**
 * The other domains' commands a run calls: its steps', its profile's variables, and its journal
 * session's. Through the commands, as a window calls them (validated; sessions.changed told).
 */
export type RunnerInvoke = Invoke<
  Parameters<StepInvoke>[0] | Parameters<RunSessionInvoke>[0] | 'collections.profileVariables'
>;

export interface RunnerDeps extends StepDeps {
  invoke: RunnerInvoke;
  /** endpointCheck.run inside the run: in its session, stopped by its Stop. */
  checkEndpoint(
    input: CommandInput<'endpointCheck.run'>,
    within: EndpointCheckWithin,
  ): Promise<EndpointCheckReport>;
  send: StepContext['send'];
  events: CoreEventEmitter;
  profiles: ProfileStore;
  /** The receiver's settings, which a collection's or scenario's `inbound` overlays for a run. */
  inbound: InboundAccess;
}

export interface ActiveRun {
  view: RunView;
  request: RunInput;
  collection: LoadedCollection;
  profile: Profile;
  abort: AbortController;
  confirmed: boolean;
  answer: ((proceed: boolean) => void) | null;
  inbox: RunInbox;
  /** What each of view.scenarios runs: a scenario, and a data file's row (data-driven runs). */
  plan: PlannedScenario[];
  startedAt: number;
  /** Read when the run starts; a failure to read them is "none". */
  profileVariables: Record<string, string>;
  /** Every secret the run filled in or captured, hidden wherever the run shows text. */
  secrets: Set<string>;
  inboundScope: ReturnType<typeof runInboundScope>;
}

/** How a step asks the person something: said in the run's view, or asked to go on or stop. */
interface RunTalk {
  ask(question: string): void;
  confirm(question: string): Promise<boolean>;
}

/** The environment one scenario's steps run in, in `run`, with its data file's `row`. */
export function stepEnvOf(
  deps: RunnerDeps,
  run: ActiveRun,
  scenario: Scenario,
  row: Record<string, string>,
  talk: RunTalk,
): StepEnv {
  return {
    deps,
    profile: run.profile,
    context: {
      invoke: deps.invoke,
      send: deps.send,
      events: deps.events,
      profile: { id: run.profile.id, name: run.profile.name, baseUrl: run.profile.baseUrl },
      sandbox: run.view.sandbox,
      collectionFolder: run.collection.folder,
      signal: run.abort.signal,
      inbox: run.inbox,
      updateSnapshots: run.request.updateSnapshots,
      ask: talk.ask,
      confirm: talk.confirm,
      checkEndpoint: (input) =>
        deps.checkEndpoint(input, { sessionId: run.view.sessionId, signal: run.abort.signal }),
    },
    layers: {
      // A data file's row is the run's values of its iteration: its columns win over --var.
      run: row === NO_ROW ? run.request.variables : { ...run.request.variables, ...row },
      captured: {},
      scenario: scenario.variables ?? {},
      collection: run.collection.variables,
      profile: run.profileVariables,
      builtin: { client_id: run.profile.clientId, base_url: run.profile.baseUrl },
    },
    secrets: run.secrets,
  };
}
