// The Collections tab: the open collection's folders and scenarios.
import { Pane } from '../../components/Pane';

export function CollectionsPane() {
  return (
    <Pane title="Collections">
      <p className="muted">Open a folder of scenario files.</p>
    </Pane>
  );
}
