// One contact/add or contact/remove for one owner, through the API client (so it is journaled as
// an `api` record). Each owner's call carries that user's own token: API document §4.5 leaves
// "not shown" whether contact/add accepts user_id with an app token, so the documented way is used.
import { errorText } from '../../../src-shared/contract/errors';
import type { OwnerResult } from '../../../src-shared/contract';
import { type ApiClient, parseJsonObject } from '../api';
import { retryAfterSeconds } from '../common/retry-after';
import { ContactRemoveResponse, ContactResponse } from '../../../src-shared/spec';
import type { StoredContact } from './contact-book';

export type OwnerAction = 'add' | 'remove';

interface OwnerCall {
  result: OwnerResult;
  /** contact/add answers the whole contact after the change: the platform's word on its fields. */
  echoed: ContactResponse | null;
}

const HINTS: Record<number, string> = {
  400: ' Correct the value named above and save again.',
  401: ' The user’s token was refused even after a refresh: connect the user again (Users tab), then retry.',
  403: ' The user’s grant may lack the basic scope, or the user is no longer connected: connect the user again, then retry.',
  404: ' The platform does not know this contact for this user (removed elsewhere?). Forget it from the book if it is gone.',
};

/** A clock time (local, HH:MM:SS), for a message read later than it was written. */
const timeOfDay = (d: Date): string =>
  [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');

/** Ends a sentence with one period: the platform's error_description often has its own. */
const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The words for a refused call. A 429 says when to retry as a time of day, from Retry-After counted
 * from `now` (when the answer came), since the message stays in the book and is read later.
 */
export function refusalMessage(
  what: string,
  userId: string,
  status: number,
  body: Record<string, unknown> | null,
  headers: Record<string, string>,
  now: Date = new Date(),
): string {
  const code = typeof body?.error === 'string' ? body.error : null;
  const description = typeof body?.error_description === 'string' ? body.error_description : null;
  const said = code ? ` ${code}${description ? `: ${description}` : ''}` : '';
  let hint = HINTS[status] ?? ' The event log has the whole answer.';
  if (status === 429) {
    const wait = retryAfterSeconds(headers['retry-after'], now.getTime());
    hint =
      wait === null
        ? ' The rate limit was reached: wait a little, then retry.'
        : ` The rate limit was reached: retry at ${timeOfDay(new Date(now.getTime() + wait * 1000))} or later (Retry-After: ${wait} s, said at ${timeOfDay(now)}).`;
  }
  return `${sentence(`${what} for ${userId} was refused with ${status}${said}`)}${hint}`;
}

function addParams(contact: StoredContact): Record<string, string> {
  // Every field is sent, empty ones too: contact/add keeps an omitted optional value, so an avatar
  // or capabilities cleared in the editor must be sent as "" to be cleared on the platform.
  return {
    contact_id: contact.contactId,
    display_name: contact.displayName,
    avatar_url: contact.avatarUrl,
    capabilities: contact.capabilities.join(' '),
  };
}

const failed = (result: Omit<OwnerResult, 'ok'>): OwnerCall => ({
  result: { ...result, ok: false },
  echoed: null,
});

export async function callForOwner(
  api: ApiClient,
  profileId: string,
  userId: string,
  action: OwnerAction,
  contact: StoredContact,
): Promise<OwnerCall> {
  const path = action === 'add' ? '/tp/contact/add' : '/tp/contact/remove';
  const params = action === 'add' ? addParams(contact) : { contact_id: contact.contactId };
  const what = action === 'add' ? 'contact/add' : 'contact/remove';
  try {
    const { record, json, result } = await api.call({
      profileId,
      method: 'POST',
      path,
      params,
      actAs: { kind: 'user', userId },
    });
    const status = result.status;
    const base = { userId, action, status, apiSeq: record.seq };
    if (status === null) {
      return failed({
        ...base,
        message: `${what} for ${userId} got no answer: ${result.error ?? 'network error'}. Check that the platform is reachable, then retry.`,
      });
    }
    if (status >= 200 && status < 300) {
      const parsed =
        action === 'add' ? ContactResponse.safeParse(json) : ContactRemoveResponse.safeParse(json);
      return {
        result: {
          ...base,
          ok: true,
          message: `${action === 'add' ? 'Added or updated' : 'Removed'} for this owner${parsed.success ? '' : ' (the response does not have the documented fields; see the event log)'}.`,
        },
        echoed: action === 'add' && parsed.success ? (parsed.data as ContactResponse) : null,
      };
    }
    const body = result.body ? parseJsonObject(result.body) : null;
    return failed({
      ...base,
      message: refusalMessage(what, userId, status, body, result.headers),
    });
  } catch (err) {
    // No call went out (no token for the user, a refresh refused): say why, keep it for retry.
    const why = errorText(err);
    return failed({
      userId,
      action,
      status: null,
      apiSeq: null,
      message: `${what} for ${userId} was not sent: ${why}`,
    });
  }
}
