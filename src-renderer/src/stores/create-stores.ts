// Every store of the window, made once around the chosen transport. main.tsx renders them; a test
// makes them over an in-memory bridge the same way, so both start the same set in the same order.
import type { Bridge } from '../../../src-shared/contract';
import type { Connection } from '../bridge/connection';
import { createAppStore, type AppStore } from '../features/header/app-store';
import { createAuthStore, type AuthStore } from '../features/users/auth-store';
import {
  createComposerHistoryStore,
  type ComposerHistoryStore,
} from '../features/composer/composer-history-store';
import {
  createComposerResourcesStore,
  type ComposerResourcesStore,
} from '../features/composer/composer-resources-store';
import { createComposerStore, type ComposerStore } from '../features/composer/composer-store';
import { createContactsStore, type ContactsStore } from '../features/contacts/contacts-store';
import { createInboundStore, type InboundStore } from '../features/inbound/inbound-store';
import { createLogStore, type LogStore } from '../features/event-log/log-store';
import { createProfilesStore, type ProfilesStore } from '../features/profiles/profiles-store';
import { createSimulatorStore, type SimulatorStore } from '../features/simulator/simulator-store';
import { createFocusStore, type FocusStore } from '../features/workbench/focus-store';
import { createCenterStore, type CenterStore } from '../features/workbench/center-store';
import { createLayoutStore, type LayoutStore } from '../features/workbench/layout-store';
import { createFirstRunStore, type FirstRunStore } from '../features/first-run/first-run-store';
import {
  createCollectionsStore,
  type CollectionsStore,
} from '../features/collections/collections-store';
import { createScenarioStore, type ScenarioStore } from '../features/collections/scenario-store';
import { createResolveStore, type ResolveStore } from '../features/collections/resolve-store';
import { createRunnerStore, type RunnerStore } from '../features/runner/runner-store';
import {
  createEndpointCheckStore,
  type EndpointCheckStore,
} from '../features/endpoint-check/endpoint-check-store';
import { createLoadStore, type LoadStore } from '../features/endpoint-check/load-store';
import { browserStorage, uiPreferencesLink } from './ui-preferences';

export interface Stores {
  app: AppStore;
  focus: FocusStore;
  log: LogStore;
  auth: AuthStore;
  profiles: ProfilesStore;
  contacts: ContactsStore;
  inbound: InboundStore;
  composer: ComposerStore;
  composerHistory: ComposerHistoryStore;
  composerResources: ComposerResourcesStore;
  simulator: SimulatorStore;
  center: CenterStore;
  layout: LayoutStore;
  firstRun: FirstRunStore;
  collections: CollectionsStore;
  scenario: ScenarioStore;
  resolve: ResolveStore;
  runner: RunnerStore;
  endpointCheck: EndpointCheckStore;
  load: LoadStore;
}

export interface StartableStores extends Stores {
  /** Subscribes every store to the engine and loads its first state; returns the teardown. */
  start(): () => void;
}

export function createStores(bridge: Bridge, connection: Connection): StartableStores {
  const app = createAppStore(bridge, connection);
  const focus = createFocusStore();
  const center = createCenterStore();
  const composer = createComposerStore(bridge, app);
  const collections = createCollectionsStore(bridge, connection, app);
  const log = createLogStore(bridge, connection, focus);
  const auth = createAuthStore(bridge, connection, app);
  const contacts = createContactsStore(bridge, connection, app);
  const preferences = uiPreferencesLink(bridge, connection);
  const endpointCheck = createEndpointCheckStore(bridge, connection, center);
  const stores: Stores = {
    app,
    focus,
    log,
    auth,
    profiles: createProfilesStore(bridge, app),
    contacts,
    inbound: createInboundStore(bridge, connection, app),
    composer,
    composerHistory: createComposerHistoryStore(bridge, app),
    composerResources: createComposerResourcesStore(bridge, app),
    simulator: createSimulatorStore(bridge, connection, app),
    center,
    layout: createLayoutStore(browserStorage(), preferences),
    firstRun: createFirstRunStore(
      bridge,
      connection,
      { app, auth, contacts, log },
      browserStorage(),
      preferences,
    ),
    collections,
    scenario: createScenarioStore(bridge, connection, collections),
    resolve: createResolveStore(bridge, app, composer, collections),
    runner: createRunnerStore(bridge, connection, center),
    endpointCheck,
    load: createLoadStore(bridge, endpointCheck),
  };
  return {
    ...stores,
    start() {
      const stops = [
        stores.app.start(),
        stores.log.start(),
        stores.auth.start(),
        stores.composer.start(),
        stores.composerHistory.start(),
        stores.composerResources.start(),
        stores.contacts.start(),
        stores.inbound.start(),
        stores.simulator.start(),
        stores.collections.start(),
        stores.scenario.start(),
        stores.resolve.start(),
        stores.runner.start(),
        stores.endpointCheck.start(),
        stores.load.start(),
        stores.firstRun.start(),
        stores.layout.start(),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
}
