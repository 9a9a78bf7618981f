// While a run lays its own inbound set-up over the active profile's settings (collection.yaml's
// or a scenario's `inbound`), the receiver does what the run says, not what the sections below
// show: this says so, with the run's words, until the run takes it off.
import { useInbound } from '../../stores/stores-context';

export function RunSetupNotice() {
  const runSetup = useInbound((s) => s.settings?.runSetup);
  if (!runSetup) return null;
  return (
    <p className="run-setup-notice" role="status" aria-label="A run's inbound set-up">
      <strong>A run is using its own set-up:</strong> the receiver {runSetup}. The settings below
      are yours; they are in force again when the run ends.
    </p>
  );
}
