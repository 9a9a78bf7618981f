// What a forward may carry and where it may go. Once the tunnel is up anyone can post to the
// receiver, so forward-to must not relay a stranger's request to the developer's server with its
// cookies and credentials, nor bounce deliveries between the receiver and itself for ever.
import type { NotForwardedReason, SignatureOutcome } from '../../../src-shared/contract';
import { receiverMatch, type ResolveHost } from './receiver-target';

/** TP Inspector's mark on every forward: a delivery that carries it came from a forward (a loop). */
export const FORWARD_HEADER = 'x-tp-inspector-forwarded';
/** Sent only to a target that takes unverified deliveries too: what the verification found. */
export const SIGNATURE_OUTCOME_HEADER = 'x-tp-signature-outcome';

/**
 * The only headers of a delivery sent on: what the platform itself sends (the sandbox sends
 * these two, docs/sandbox.md, Deliveries; API document §6 names no others). Everything else
 * (cookie, authorization, x-forwarded-*, the tunnel's own) stays at the receiver.
 */
const FORWARDED_HEADERS = ['content-type', 'user-agent'] as const;

/** The allowlisted headers of `incoming` (lower-case names), and TP Inspector's own added. */
function forwardHeaders(
  incoming: Record<string, string>,
  own: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    const lower = name.toLowerCase();
    if ((FORWARDED_HEADERS as readonly string[]).includes(lower)) headers[lower] = value;
  }
  return { ...headers, ...own };
}

type ForwardDecision =
  | { send: true; headers: Record<string, string> }
  | { send: false; reason: NotForwardedReason; explanation: string };

export interface ForwardContext {
  deliverySeq: number;
  outcome: SignatureOutcome;
  /** The delivery carried FORWARD_HEADER: it is one of our own forwards come back. */
  looped: boolean;
  /** The delivery's headers as they arrived. */
  incoming: Record<string, string>;
  forwardUnverified: readonly string[];
  receiverBaseUrl: string;
  publicUrls: readonly string[];
  /** How a target's host name is resolved (dns.lookup unless a test says otherwise). */
  resolve?: ResolveHost;
}

/** Whether one target gets the delivery, with which headers, or why not. */
export async function decideForward(target: string, c: ForwardContext): Promise<ForwardDecision> {
  if (c.looped) {
    return {
      send: false,
      reason: 'loop',
      explanation: `The delivery carries the ${FORWARD_HEADER} header: it was sent on by TP Inspector already, so forwarding it again could go round for ever. Check that no forward target leads back to this receiver.`,
    };
  }
  const self = await receiverMatch(target, c.receiverBaseUrl, c.publicUrls, c.resolve);
  if (self) {
    return {
      send: false,
      reason: 'target-is-receiver',
      explanation: `${target} is this receiver (${self.why}): forwarding there would go round for ever. Remove this target and forward to your own server's URL.`,
    };
  }
  const own: Record<string, string> = { [FORWARD_HEADER]: String(c.deliverySeq) };
  if (c.outcome !== 'valid') {
    if (!c.forwardUnverified.includes(target)) {
      return {
        send: false,
        reason: `signature-${c.outcome}`,
        explanation: `The delivery's signature is ${c.outcome === 'unsupported' ? 'not checkable' : c.outcome}, and this target takes verified deliveries only. Turn on "forward unverified too" for it to receive these as well.`,
      };
    }
    own[SIGNATURE_OUTCOME_HEADER] = c.outcome;
  }
  return { send: true, headers: forwardHeaders(c.incoming, own) };
}
