// The way from the Inbound tab to the Endpoint check view: the forward targets are usually the
// developer's own handler, so the first one is offered as the URL to check.
import { useCenter, useEndpointCheck, useInbound } from '../../stores/stores-context';

export function CheckEndpointSection() {
  const show = useCenter((s) => s.show);
  const url = useEndpointCheck((s) => s.url);
  const setUrl = useEndpointCheck((s) => s.setUrl);
  const firstTarget = useInbound((s) => s.settings?.forwards.targets[0]);
  const open = () => {
    if (!url && firstTarget) setUrl(firstTarget);
    show('endpoint-check');
    // The view's URL field, so the keyboard goes on from there.
    requestAnimationFrame(() =>
      document.querySelector<HTMLInputElement>('.endpoint-check-pane .check-url input')?.focus(),
    );
  };
  return (
    <>
      <p className="hint small-text">
        Test your own webhook handler against the platform&rsquo;s delivery contract: every delivery
        it must accept, the forgeries it must refuse, its answer times.
      </p>
      <div className="row">
        <button type="button" onClick={open}>
          Check endpoint
        </button>
      </div>
    </>
  );
}
