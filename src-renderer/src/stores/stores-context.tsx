// The stores are made once (create-stores.ts, called by main.tsx) around the chosen transport and
// handed down by context, so components never import a transport and a test could hand in stores
// over a fake bridge.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AuthState } from '../features/users/auth-store';
import type { ComposerHistoryState } from '../features/composer/composer-history-store';
import type { ComposerResourcesState } from '../features/composer/composer-resources-store';
import type { ComposerState } from '../features/composer/composer-store';
import type { ContactsState } from '../features/contacts/contacts-store';
import type { InboundState } from '../features/inbound/inbound-store';
import type { LogState } from '../features/event-log/log-view';
import type { ProfilesUiState } from '../features/profiles/profiles-store';
import type { AppState } from '../features/header/app-store';
import type { SimulatorUiState } from '../features/simulator/simulator-store';
import type { FocusState } from '../features/workbench/focus-store';
import type { CenterState } from '../features/workbench/center-store';
import type { LayoutState } from '../features/workbench/layout-store';
import type { FirstRunState } from '../features/first-run/first-run-store';
import type { CollectionsState } from '../features/collections/collections-store';
import type { ScenarioState } from '../features/collections/scenario-store';
import type { ResolveState } from '../features/collections/resolve-store';
import type { RunnerState } from '../features/runner/runner-store';
import type { EndpointCheckState } from '../features/endpoint-check/endpoint-check-store';
import type { LoadState } from '../features/endpoint-check/load-store';
import type { Stores } from './create-stores';

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider is missing above this component');
  return stores;
}

export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(useStores().app, selector);
}

export function useLayout<T>(selector: (s: LayoutState) => T): T {
  return useStore(useStores().layout, selector);
}

export function useFirstRun<T>(selector: (s: FirstRunState) => T): T {
  return useStore(useStores().firstRun, selector);
}

export function useFocus<T>(selector: (s: FocusState) => T): T {
  return useStore(useStores().focus, selector);
}

export function useLog<T>(selector: (s: LogState) => T): T {
  return useStore(useStores().log, selector);
}

export function useAuth<T>(selector: (s: AuthState) => T): T {
  return useStore(useStores().auth, selector);
}

export function useProfiles<T>(selector: (s: ProfilesUiState) => T): T {
  return useStore(useStores().profiles, selector);
}

export function useContacts<T>(selector: (s: ContactsState) => T): T {
  return useStore(useStores().contacts, selector);
}

export function useInbound<T>(selector: (s: InboundState) => T): T {
  return useStore(useStores().inbound, selector);
}

export function useComposer<T>(selector: (s: ComposerState) => T): T {
  return useStore(useStores().composer, selector);
}

export function useComposerHistory<T>(selector: (s: ComposerHistoryState) => T): T {
  return useStore(useStores().composerHistory, selector);
}

export function useComposerResources<T>(selector: (s: ComposerResourcesState) => T): T {
  return useStore(useStores().composerResources, selector);
}

export function useSimulator<T>(selector: (s: SimulatorUiState) => T): T {
  return useStore(useStores().simulator, selector);
}

export function useCenter<T>(selector: (s: CenterState) => T): T {
  return useStore(useStores().center, selector);
}

export function useCollections<T>(selector: (s: CollectionsState) => T): T {
  return useStore(useStores().collections, selector);
}

export function useScenario<T>(selector: (s: ScenarioState) => T): T {
  return useStore(useStores().scenario, selector);
}

export function useResolve<T>(selector: (s: ResolveState) => T): T {
  return useStore(useStores().resolve, selector);
}

export function useRunner<T>(selector: (s: RunnerState) => T): T {
  return useStore(useStores().runner, selector);
}

export function useEndpointCheck<T>(selector: (s: EndpointCheckState) => T): T {
  return useStore(useStores().endpointCheck, selector);
}

export function useLoad<T>(selector: (s: LoadState) => T): T {
  return useStore(useStores().load, selector);
}
