// The Endpoint check view (middle column; opened from the Inbound tab): the form, what the running
// check is doing, the question before a URL off this machine, the last failure in words, the
// report card of the URL shown, and the Load part (the same URL at a steady rate).
import { Pane } from '../../components/Pane';
import { useEndpointCheck } from '../../stores/stores-context';
import { CheckForm } from './CheckForm';
import { LoadSection } from './LoadSection';
import { OffMachineQuestion } from './OffMachineQuestion';
import { ReportCard } from './ReportCard';
import './endpoint-check.css';

function RemoteQuestion({ url }: { url: string }) {
  const answer = useEndpointCheck((s) => s.confirmRemote);
  const burst = useEndpointCheck((s) => s.burst);
  return (
    <OffMachineQuestion url={url} label="Check a URL off this machine" verb="Check" answer={answer}>
      The check sends <span className="mono">{url}</span> some 35 deliveries one at a time,
      forgeries among them, then a burst of {burst} at once, signed with the profile&rsquo;s secret.
      Check it only if this server is yours to test.
    </OffMachineQuestion>
  );
}

export function EndpointCheckPane() {
  const confirming = useEndpointCheck((s) => s.confirming);
  const error = useEndpointCheck((s) => s.error);
  const loadError = useEndpointCheck((s) => s.loadError);
  const shownUrl = useEndpointCheck((s) => s.shownUrl);
  const progress = useEndpointCheck((s) => (s.shownUrl ? s.running[s.shownUrl] : undefined));
  const entry = useEndpointCheck((s) => (s.shownUrl ? s.history[s.shownUrl] : undefined));
  return (
    <Pane title="Endpoint check" className="endpoint-check-pane">
      <p className="quiet small-text">
        Sends your own webhook handler every delivery the platform sends, and the forgeries it must
        refuse, and judges each answer.
      </p>
      <CheckForm />
      {loadError ? (
        <p className="error-text" role="alert">
          {loadError}
        </p>
      ) : null}
      {confirming ? <RemoteQuestion url={confirming} /> : null}
      {progress ? (
        <p className="check-progress" role="status" aria-label="Check progress">
          Checking {progress.url}: {progress.index}/{progress.total}{' '}
          <span className="mono">{progress.checkId}</span> ({progress.checkName}), {progress.sent}{' '}
          {progress.sent === 1 ? 'delivery' : 'deliveries'} sent…
        </p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert" aria-label="Check failure">
          {error}
        </p>
      ) : null}
      {/* Above the report card, whose rows run long: the same URL under load, in a few lines. */}
      <LoadSection />
      {entry ? (
        <ReportCard entry={entry} />
      ) : !progress && shownUrl === null ? (
        <p className="quiet">
          No check run yet. Start your handler, give its URL and Run: each check&rsquo;s outcome,
          reason and advice show here.
        </p>
      ) : null}
    </Pane>
  );
}
