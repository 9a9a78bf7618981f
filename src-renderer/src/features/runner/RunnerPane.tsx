// The runner: each scenario's steps with their state, time and failure, links to their records.
import { Pane } from '../../components/Pane';

export function RunnerPane() {
  return (
    <Pane title="Runner">
      <p className="muted">Run a collection or a scenario from the Collections tab.</p>
    </Pane>
  );
}
