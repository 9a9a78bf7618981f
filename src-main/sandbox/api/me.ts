// GET /tp/me.json (API document §4.4): id, profile and lang with basic; msisdn with user_phone.
import { ApiError } from '../http/reply';
import type { ApiHandler } from './pipeline';

export const me: ApiHandler = (ctx, { actor }) => {
  const user = actor.userId === null ? undefined : ctx.store.users.get(actor.userId);
  if (!user) throw new ApiError('not_found', 'The user no longer exists.');
  const out: Record<string, unknown> = { id: user.id };
  if (actor.scopes.includes('basic')) {
    out.profile = { name: user.name, surname: user.surname, avatar_url: user.avatar_url };
    out.lang = user.lang;
  }
  if (actor.scopes.includes('user_phone')) out.msisdn = user.msisdn;
  return out;
};

// POST /tp/otp/verify.json (4.3): answers the otp's user once.
export const otpVerify: ApiHandler = (ctx, { actor, params }) => {
  const otp = ctx.store.otps.get(params.str('otp') ?? '');
  if (
    !otp ||
    otp.client_id !== actor.app.client_id ||
    otp.used ||
    ctx.store.clock.now() >= otp.expires_at
  ) {
    throw new ApiError(
      'invalid_grant',
      'otp is unknown, already used, expired or for another app.',
    );
  }
  otp.used = true;
  return { user_id: otp.user_id };
};
