// Placeholder until its feature lands: it says what will be here rather than showing dead controls.
import { Pane } from '../../components/Pane';

export function SimulatorPane() {
  return (
    <Pane title="Simulator">
      <p className="hint">Here: playing the sandbox's users arrives with the simulator work.</p>
    </Pane>
  );
}
