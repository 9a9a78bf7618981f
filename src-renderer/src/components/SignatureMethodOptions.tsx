// The platform's signature methods as a select's options, in the order the API document lists
// them: the Simulator's app registration and the endpoint check offer the same choice.
import { SIGNATURE_METHODS } from '../../../src-shared/spec';

export function SignatureMethodOptions() {
  return (
    <>
      {SIGNATURE_METHODS.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </>
  );
}
