// What a signature outcome means, in words a person reads: the same in the Event log's delivery
// detail and in a session's HTML report, so a bug report says what the window said.
import type { SignatureOutcome } from '../contract/journal';

export const SIGNATURE_OUTCOME_WORDS: Record<SignatureOutcome, string> = {
  valid: 'valid',
  invalid: 'invalid: not signed with this profile’s secret, or changed on the way',
  missing: 'missing: no signature or no signature_method',
  unsupported: 'unsupported: a method or key TP Inspector cannot check',
};
