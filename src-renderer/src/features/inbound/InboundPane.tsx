// Placeholder until its feature lands: it says what will be here rather than showing dead controls.
import { Pane } from '../../components/Pane';

export function InboundPane() {
  return (
    <Pane title="Inbound endpoint">
      <p className="hint">
        Here: the receiver, response control, forwards and the tunnel arrive with the inbound work.
      </p>
    </Pane>
  );
}
