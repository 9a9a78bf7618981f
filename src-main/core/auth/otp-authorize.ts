// The directory URL's otp, used by the engine itself: one GET of /tp/authorize with the otp instead
// of scopes, read without following the redirect. The platform answers that GET at once with a
// redirect to the redirect URI carrying the code and our `state` (API document §4.1; docs/sandbox.md,
// Consent), so no browser has to make the trip. That is the point: the state of an otp-started
// flow never leaves the engine, so whoever opened the public directory URL cannot take it and
// pair it with a code of their own at the loopback redirect URI (login CSRF), and a visitor on
// another machine (the platform's client through the tunnel) no longer needs to reach 127.0.0.1.
import type { Journal, Redactor } from '../log';
import type { Profile } from '../profiles';
import { sendHttp, recordExchange, assertSecretTransport } from '../api';

type OtpAuthorizeOutcome =
  /** Where the platform sent the browser: the redirect URI with code (or error) and state. */
  { ok: true; landed: URL; apiSeq: number } | { ok: false; message: string; apiSeq: number | null };

export async function authorizeWithOtp(
  { journal, redactor }: { journal: Journal; redactor: Redactor },
  profile: Profile,
  authorizeUrl: string,
  timeoutMs: number,
): Promise<OtpAuthorizeOutcome> {
  // The otp is a credential for the user's grant: the same rule as the client secret.
  assertSecretTransport(authorizeUrl);
  const url = new URL(authorizeUrl);
  const params = Object.fromEntries(url.searchParams);
  const req = {
    method: 'GET' as const,
    url: authorizeUrl,
    headers: { accept: 'text/html' },
    params,
    timeoutMs,
  };
  const result = await sendHttp(req);
  const location = result.headers.location;
  let landed: URL | null = null;
  try {
    landed = location ? new URL(location, authorizeUrl) : null;
  } catch {
    landed = null;
  }
  // The code is single use but redeemable with the client secret until it is: never in clear.
  redactor.addSecret(landed?.searchParams.get('code') ?? null);
  const record = recordExchange(journal, redactor, req, result, {
    profileId: profile.id,
    summary: `GET /tp/authorize (otp) → ${result.status ?? 'no response'}`,
  });
  if (result.status === null) {
    return { ok: false, message: result.error ?? 'No answer.', apiSeq: record.seq };
  }
  const redirect = new URL(profile.redirectUri);
  const isRedirect = result.status >= 300 && result.status < 400;
  if (
    !isRedirect ||
    !landed ||
    landed.origin !== redirect.origin ||
    landed.pathname !== redirect.pathname
  ) {
    return {
      ok: false,
      message: `The platform answered /tp/authorize with ${result.status}${landed ? ` and a redirect to ${landed.origin}${landed.pathname}` : ''} instead of a redirect to the redirect URI, so the one-time password connected nobody. See the event log record #${record.seq}.`,
      apiSeq: record.seq,
    };
  }
  return { ok: true, landed, apiSeq: record.seq };
}
