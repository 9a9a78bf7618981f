// A check-endpoint step read from a file (docs/collections.md, check-endpoint): its check ids and
// a URL written out are checked when the file is read, so a typo is a problem with its line, not a
// failure after the run has started. Whether the URL is on this machine is the run's question
// (the runner asks, tp run needs --yes): a `{{variable}}` is only known then.
import type { CheckEndpointStep } from '../../../src-shared/collections/format';
import { CommandError } from '../../../src-shared/contract';
import { contractChecks, loadChecks, selectChecks } from '../endpoint-check';

type Report = (path: readonly PropertyKey[], message: string) => void;

export function checkEndpointStep(
  step: CheckEndpointStep,
  at: readonly PropertyKey[],
  report: Report,
): void {
  if (!step.url.includes('{{')) {
    const url = URL.canParse(step.url) ? new URL(step.url) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      report(
        [...at, 'url'],
        `${JSON.stringify(step.url)} is not an http:// or https:// URL: write your handler's URL (http://127.0.0.1:3000/hook), or a variable ('{{handler_url}}').`,
      );
  }
  if (!step.only && !step.skip) return;
  const all = [...contractChecks(), ...loadChecks()];
  for (const option of ['only', 'skip'] as const) {
    try {
      if (option === 'only') selectChecks(all, step.only, undefined);
      else selectChecks(all, undefined, step.skip);
    } catch (err) {
      if (!(err instanceof CommandError)) throw err;
      report([...at, option], err.message);
    }
  }
}
