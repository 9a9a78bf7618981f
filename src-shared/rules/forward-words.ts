// How a forward that did not happen is said, the same in the journal's summary, the Inbound tab's
// target line and the event log's delivery detail, so a person sees why nothing arrived.
import type { NotForwardedReason } from '../contract/journal';

const WHY: Record<NotForwardedReason, string> = {
  'signature-invalid': 'signature invalid',
  'signature-missing': 'signature missing',
  'signature-unsupported': 'signature could not be checked',
  loop: 'forwarded by TP Inspector already (loop)',
  'target-is-receiver': 'target is this receiver',
};

/** e.g. "not forwarded: signature invalid". */
export function notForwardedWords(reason: NotForwardedReason): string {
  return `not forwarded: ${WHY[reason]}`;
}
