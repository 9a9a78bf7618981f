// The directory URL's otp, used by the engine itself: one GET of /tp/authorize with the otp instead
// of scopes, read without following the redirect. The platform answers that GET at once with a
// redirect to the redirect URI carrying the code and our `state` (API document §4.1; docs/sandbox.md,
// Consent), so no browser has to make the trip. That is the point: the state of an otp-started
// flow never leaves the engine, so whoever opened the public directory URL cannot take it and
// pair it with a code of their own at the loopback redirect URI (login CSRF), and a visitor on
// another machine (the platform's client through the tunnel) no longer needs to reach 127.0.0.1.
import type { Profile } from '../profiles';
import { type HttpResult, sendExchange, type ExchangeDeps } from '../api';

type OtpAuthorizeOutcome =
  /** Where the platform sent the browser: the redirect URI with code (or error) and state. */
  { ok: true; landed: URL; apiSeq: number } | { ok: false; message: string; apiSeq: number | null };

export async function authorizeWithOtp(
  deps: ExchangeDeps,
  profile: Profile,
  authorizeUrl: string,
  timeoutMs: number,
): Promise<OtpAuthorizeOutcome> {
  const req = {
    method: 'GET' as const,
    url: authorizeUrl,
    headers: { accept: 'text/html' },
    params: URL.canParse(authorizeUrl)
      ? Object.fromEntries(new URL(authorizeUrl).searchParams)
      : {},
    timeoutMs,
    // The otp is a credential for the user's grant: the same rule as the client secret.
    carriesSecret: true,
  };
  const { record, result } = await sendExchange(deps, req, {
    profileId: profile.id,
    summary: (result) => `GET /tp/authorize (otp) → ${result.status ?? 'no response'}`,
    // The code is single use but redeemable with the client secret until it is: never in clear.
    onAnswer: (result) =>
      deps.redactor.addSecret(landedAt(result, authorizeUrl)?.searchParams.get('code') ?? null),
  });
  const landed = landedAt(result, authorizeUrl);
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

/** Where the answer's Location points, read against the URL asked; null when none or unreadable. */
function landedAt(result: HttpResult, authorizeUrl: string): URL | null {
  const location = result.headers.location;
  try {
    return location ? new URL(location, authorizeUrl) : null;
  } catch {
    return null;
  }
}
