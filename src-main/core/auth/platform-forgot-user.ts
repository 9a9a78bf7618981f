// Whether the platform no longer knows a user at all (docs/sandbox.md, Tokens and OAuth: the app
// token with the user's id answers 404 not_found for a user it does not know, and 403
// user_not_connected for one that is only no longer connected). Asked after a refused refresh, to
// tell "connect again" (the user is there, the grant is gone) from "forget it" (the platform's data
// was reset, as when the sandbox's state was deleted: connecting again makes another user).
import { isInvalidToken, sendAuthorized } from '../api';
import type { Journal, Redactor } from '../log';
import type { Profile } from '../profiles';

export const FORGOTTEN_USER_MESSAGE =
  'The platform no longer knows this user: it refused the refresh token and answers not_found for this user id (its data was reset, or the user was deleted). Connecting again would make another user: remove this one from the list.';

/** True only when the platform says so; any other answer, or none, is not taken as proof. */
export async function platformForgotUser(
  deps: { journal: Journal; redactor: Redactor },
  profile: Profile,
  appToken: { current: () => Promise<string>; renew: (refused: string) => Promise<string> },
  userId: string,
): Promise<boolean> {
  const ask = (token: string) =>
    sendAuthorized(
      deps,
      profile,
      { method: 'GET', path: '/tp/me.json', params: { user_id: userId } },
      token,
    );
  try {
    const token = await appToken.current();
    let answer = await ask(token);
    // The platform that forgot the user forgot the stored app token too: get a new one, once.
    if (isInvalidToken(answer.result)) answer = await ask(await appToken.renew(token));
    const { result, json } = answer;
    return result.status === 404 && (json as { error?: unknown } | null)?.error === 'not_found';
  } catch {
    return false;
  }
}
