// The signature TP Inspector computed for an invalid delivery is a valid signature of the data the
// sender sent: whoever reads it (in the event log, a session export, a report attached to a bug)
// could deliver that forged data as genuine. So it is kept as a short prefix only, enough to
// compare with the received one by eye, and never whole, not even from a journal written before.

/** How many characters of an expected signature are kept. */
const EXPECTED_SIGNATURE_SHOWN = 8;

/** `3f9a0c21…`: the start of a signature, enough to compare by eye, useless to sign with. */
export function signaturePrefix(signature: string): string {
  if (signature.length <= EXPECTED_SIGNATURE_SHOWN + 1) return signature;
  return `${signature.slice(0, EXPECTED_SIGNATURE_SHOWN)}…`;
}

/**
 * A verification with its expected signature cut to the prefix, in the field and in the
 * explanation that quoted it: what a record written before the cut becomes when it is read.
 */
export function cutExpectedSignature<V extends { explanation: string; expected?: string }>(
  verification: V,
): V {
  const full = verification.expected;
  if (full === undefined || signaturePrefix(full) === full) return verification;
  const prefix = signaturePrefix(full);
  return {
    ...verification,
    expected: prefix,
    explanation: verification.explanation.split(full).join(prefix),
  };
}
