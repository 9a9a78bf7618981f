// Opening a scenario in the middle column, from the tree, the problems list or a saved request.
// Unsaved edits of another scenario are never dropped without the person saying so.
import { useStores } from '../../stores/stores-context';
import { isDirty } from './scenario-store';

export function useOpenScenario(): (path: string) => void {
  const { scenario, center } = useStores();
  return (path) => {
    const s = scenario.getState();
    if (s.path !== path && isDirty(s)) {
      const drop = window.confirm(
        `${s.path ?? 'The open scenario'} has unsaved edits. Open ${path} and drop them? Cancel to go back and save them first.`,
      );
      if (!drop) {
        center.getState().show('scenario');
        return;
      }
    }
    center.getState().show('scenario');
    if (s.path !== path || !s.base) void s.open(path);
  };
}
