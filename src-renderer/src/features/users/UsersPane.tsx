// Placeholder until its feature lands: it says what will be here rather than showing dead controls.
import { Pane } from '../../components/Pane';

export function UsersPane() {
  return (
    <Pane title="Connected users">
      <p className="hint">
        Here: users and tokens (connect, refresh, disconnect) arrive with the auth work.
      </p>
    </Pane>
  );
}
