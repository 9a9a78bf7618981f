// The scenario open from a collection: its steps and its YAML, edited and saved to its file.
import { Pane } from '../../components/Pane';

export function ScenarioView() {
  return (
    <Pane title="Scenario">
      <p className="muted">Open a scenario from the Collections tab.</p>
    </Pane>
  );
}
