// Opening a scenario in the middle column, from the tree, the problems list or a saved request.
// Unsaved edits of another scenario are never dropped without the person saying so; a save on its
// way is waited for first, since it decides whether anything is left unsaved (a save that finds
// the file changed on disk keeps the edits, and they are asked about like any others).
import { useStores } from '../../stores/stores-context';
import { isDirty } from './scenario-store';

export function useOpenScenario(): (path: string) => void {
  const { scenario, center } = useStores();
  const go = async (path: string) => {
    if (scenario.getState().saving) {
      center.getState().show('scenario');
      await scenario.getState().settled();
    }
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
    // The same file, read or being read, is not read again.
    if (s.path !== path || (!s.base && !s.loading)) await s.open(path);
  };
  return (path) => void go(path);
}
