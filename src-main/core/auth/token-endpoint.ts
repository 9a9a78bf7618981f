// One call to POST /tp/token for any grant, sent and journaled as every platform call is
// (api/send-exchange.ts), over HTTPS only as it carries the client secret (loopback aside). The
// response is read tolerantly (the refresh response is "not shown" in the API document: a missing
// refresh_token or scope is normal), new tokens are registered for redaction before the exchange
// is journaled, and the outcome is a value rather than an exception, so that callers decide what a
// failure means for them.
import { CommandError } from '../../../src-shared/contract';
import type { Profile } from '../profiles';
import {
  type HttpResult,
  platformUrl,
  describeHttpFailure,
  parseJsonObject,
  sendExchange,
  type ExchangeDeps,
} from '../api';

type Grant = 'client_credentials' | 'authorization_code' | 'refresh_token';

export interface IssuedToken {
  accessToken: string;
  tokenType: string;
  scope: string | null;
  expiresIn: number | null;
  refreshToken: string | null;
  userId: string | null;
}

type GrantOutcome =
  | { ok: true; token: IssuedToken; apiSeq: number }
  | { ok: false; message: string; errorCode: string | null; status: number | null; apiSeq: number };

export async function requestToken(
  deps: ExchangeDeps,
  profile: Profile,
  grant: Grant,
  extra: Record<string, string> = {},
): Promise<GrantOutcome> {
  if (!profile.clientSecret) {
    throw new CommandError({
      code: 'invalid_input',
      message: `Profile "${profile.name}" has no client secret. Enter it in the profile, then try again.`,
    });
  }
  const params = {
    grant_type: grant,
    client_id: profile.clientId,
    client_secret: profile.clientSecret,
    ...extra,
  };
  const req = {
    method: 'POST' as const,
    url: platformUrl(profile, '/tp/token'),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
    params,
    carriesSecret: true,
  };
  const { record, result } = await sendExchange(deps, req, {
    profileId: profile.id,
    summary: (result) => `POST /tp/token (${grant}) → ${result.status ?? 'no response'}`,
    onAnswer(result) {
      // Remember new tokens before journaling, so the raw body is written redacted.
      const answer = jsonOf(result);
      deps.redactor.addSecret(stringIn(answer, 'access_token'));
      deps.redactor.addSecret(stringIn(answer, 'refresh_token'));
    },
  });
  const json = jsonOf(result);
  const str = (key: string) => stringIn(json, key);
  const accessToken = str('access_token');
  const refreshToken = str('refresh_token');
  const success = result.status !== null && result.status >= 200 && result.status < 300;
  if (!success || accessToken === null) {
    return {
      ok: false,
      message: describeHttpFailure(`The ${grant} grant`, result, json, deps.redactor.text),
      errorCode: str('error'),
      status: result.status,
      apiSeq: record.seq,
    };
  }
  const expiresIn = Number(json?.expires_in);
  return {
    ok: true,
    apiSeq: record.seq,
    token: {
      accessToken,
      tokenType: str('token_type') ?? 'Bearer',
      scope: str('scope'),
      expiresIn: json?.expires_in !== undefined && Number.isFinite(expiresIn) ? expiresIn : null,
      refreshToken,
      userId: str('user_id') ?? (typeof json?.user_id === 'number' ? String(json.user_id) : null),
    },
  };
}

const jsonOf = (result: HttpResult) => (result.body ? parseJsonObject(result.body) : null);

const stringIn = (json: Record<string, unknown> | null, key: string) =>
  typeof json?.[key] === 'string' ? (json[key] as string) : null;
