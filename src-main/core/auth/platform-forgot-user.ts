// Whether the platform no longer knows a user at all (docs/sandbox.md, Tokens and OAuth: the app
// token with the user's id answers 404 not_found for a user it does not know, and 403
// user_not_connected for one that is only no longer connected). Asked after a refused refresh, to
// tell "connect again" (the user is there, the grant is gone) from "forget it" (the platform's data
// was reset, as when the sandbox's state was deleted: connecting again makes another user).
// Asked through the API client acting as the app for that user: the platform that forgot the user
// forgot the stored app token too, and the client renews a refused token once, as for any call.
import type { ApiClient } from '../api';

export const FORGOTTEN_USER_MESSAGE =
  'The platform no longer knows this user: it refused the refresh token and answers not_found for this user id (its data was reset, or the user was deleted). Connecting again would make another user: remove this one from the list.';

/** True only when the platform says so; any other answer, or none, is not taken as proof. */
export async function platformForgotUser(
  api: Pick<ApiClient, 'call'>,
  profileId: string,
  userId: string,
): Promise<boolean> {
  try {
    const { result, json } = await api.call({
      profileId,
      method: 'GET',
      path: '/tp/me.json',
      params: {},
      actAs: { kind: 'appForUser', userId },
    });
    return result.status === 404 && (json as { error?: unknown } | null)?.error === 'not_found';
  } catch {
    return false;
  }
}
