// A delivery's form, examined at once (no await, so deliveries are recorded in arrival order): the
// signature verified, the data parsed and classified, its shape checked against API document §6,
// and the answer planned per the response control. A form without JSON `data` is refused.
import type { InboundSettings, RawBody } from '../../../src-shared/contract';
import type { Profile } from '../profiles';
import { classify } from './classify';
import { notADelivery, type Findings, type FormFields } from './delivery-record';
import { planResponse, refusal, type PlannedResponse } from './response-control';
import { checkShape } from './shape-check';
import { verifySignature } from './verify-signature';

type Examined =
  /** Not a delivery after all: answered with `planned` and the connection closed. */
  | { kind: 'refused'; findings: Findings; planned: PlannedResponse }
  /** A delivery; its message id (when it has one) tells a repeat. */
  | {
      kind: 'delivery';
      findings: Findings;
      planned: PlannedResponse;
      messageId: string | undefined;
    };

export function examineDelivery(
  profile: Profile,
  body: RawBody,
  { data, signature, signatureMethod, shapeIssues }: FormFields,
  settingsNow: InboundSettings,
  rsaPublicKeyPem: string | null,
  random: () => number,
): Examined {
  const verification = verifySignature({
    data,
    signature,
    signatureMethod,
    clientSecret: profile.clientSecret,
    rsaPublicKeyPem,
  });
  const form = { data, signature, signatureMethod };
  if (data === null) {
    const error =
      'The delivery has no `data` field (API document §6: data, signature, signature_method).';
    const findings = notADelivery(body);
    findings.error = error;
    return { kind: 'refused', findings, planned: refusal(400, `${error}\n`) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (err) {
    const error = `The \`data\` field is not JSON (${(err as Error).message}).`;
    const findings = notADelivery(body);
    findings.form = form;
    findings.verification = verification;
    findings.shapeIssues = [...shapeIssues, error];
    findings.error = error;
    // The parser's words stay in the record; the sender gets the rule it broke.
    const answer = 'The `data` field is not JSON (API document §6).\n';
    return { kind: 'refused', findings, planned: refusal(400, answer) };
  }
  const classification = classify(parsed);
  for (const issue of checkShape(parsed, classification)) shapeIssues.push(issue);
  return {
    kind: 'delivery',
    findings: {
      body,
      form,
      verification,
      classification,
      shapeIssues,
      forwardTo: settingsNow.forwards.targets,
      error: undefined,
    },
    planned: planResponse(settingsNow.response, verification.outcome, random),
    messageId: classification.messageId,
  };
}
