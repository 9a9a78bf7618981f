// What a run will run, worked out before it starts: each scenario once, or once per row of its
// data file (checked first: bad input refuses the run before its session opens).
import type { RunView, ScenarioRunView } from '../../../../src-shared/contract';
import type { LoadedCollection } from '../../collections';
import type { Invoke } from '../../dispatch';
import { newScenarioView } from '../run-view';
import {
  dataSummary,
  loadIterationData,
  planIterations,
  type PlannedScenario,
} from './run-iterations';

interface RunPlan {
  views: ScenarioRunView[];
  plan: PlannedScenario[];
  data: RunView['data'];
  /** The run's profile's variables: a data file's check needs the names they define. */
  profileVariables: Record<string, string>;
}

export async function planRun(
  invoke: Invoke<'collections.profileVariables'>,
  collection: LoadedCollection,
  request: { data?: string | undefined; variables: Record<string, string> },
  profileId: string,
): Promise<RunPlan> {
  const profileVariables = await invoke('collections.profileVariables', { profileId }).catch(
    () => ({}),
  );
  const data = await loadIterationData(collection, request.data, [
    ...Object.keys(request.variables),
    ...Object.keys(profileVariables),
  ]);
  const { views, plan } = planIterations(collection, data, (i) =>
    newScenarioView(collection.scenarios[i]!, collection.problems),
  );
  return {
    views,
    plan,
    data: data ? dataSummary(collection, data) : undefined,
    profileVariables,
  };
}
