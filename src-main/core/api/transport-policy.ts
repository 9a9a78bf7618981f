// The platform requires HTTPS for calls that carry the client secret. Loopback is the one
// exception (RFC 8252 §8.3 reasoning: traffic never leaves the machine), which the sandbox uses.
import { CommandError } from '../../../src-shared/contract';
import { isLoopbackHost } from '../../../src-shared/rules/loopback-host';

export { isLoopbackHost };

/** Throws unless the URL may carry the client secret. */
export function assertSecretTransport(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CommandError({
      code: 'invalid_input',
      message: `${JSON.stringify(url)} is not a valid URL. Fix the profile's base URL.`,
    });
  }
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return;
  throw new CommandError({
    code: 'insecure_transport',
    message:
      `This call carries the client secret, and ${parsed.host} would be reached over ${parsed.protocol.replace(':', '')}. ` +
      "The platform requires HTTPS for it: change the profile's base URL to https:// (plain HTTP is allowed only for loopback addresses such as 127.0.0.1).",
  });
}
