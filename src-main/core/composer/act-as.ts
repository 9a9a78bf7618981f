// "Act as" and user_id (API document §5, with the catalog's `auth` and `appTokenOnly`):
// user_id is filled from "act as" where the document allows it, and where it does not, the rule
// is said in words rather than silently dropped.
import type { ActAs, ComposerIssue } from '../../../src-shared/contract';
import type { EndpointSpec } from '../../../src-shared/spec';

interface ActAsOutcome {
  /** user_id to send ('' when none). */
  userId: string;
  errors: ComposerIssue[];
  notes: ComposerIssue[];
  /** Whether the user_id parameter applies to this endpoint and act-as. */
  userIdApplies: boolean;
}

const sectionOf = (e: EndpointSpec) => `${e.paths[0]} (API document §${e.section})`;

export function resolveActAs(
  endpoint: EndpointSpec,
  actAs: ActAs,
  typedUserId: string,
  ctx: { contactId: string; supercontactId: string },
): ActAsOutcome {
  const errors: ComposerIssue[] = [];
  const notes: ComposerIssue[] = [];
  const userIdParam = endpoint.params.find((p) => p.appTokenOnly);

  if (endpoint.auth === 'none') {
    notes.push({
      field: 'actAs',
      message: `${sectionOf(endpoint)} takes no Authorization header: "act as" does not apply.`,
    });
    return { userId: '', errors, notes, userIdApplies: false };
  }
  if (endpoint.auth === 'app') {
    if (actAs.kind !== 'app') {
      errors.push({
        field: 'actAs',
        message: `${sectionOf(endpoint)} requires the app-level token (client credentials, API document §5.7); a user's token, or the app token for a user, is refused (403 app_token_required on the sandbox). Act as "app token".`,
      });
    }
    notes.push({
      field: 'user_id',
      message: `${endpoint.title} takes no user_id: it acts for the app itself.`,
    });
    return { userId: '', errors, notes, userIdApplies: false };
  }

  // auth 'user': a user's token, or the app token with user_id (5.3).
  if (!userIdParam) return { userId: '', errors, notes, userIdApplies: false };
  if (actAs.kind === 'user') {
    if (typedUserId !== '') {
      errors.push({
        field: 'user_id',
        message: `user_id is only for an app-level token (API document §5.3): with a user's token, ${sectionOf(endpoint)} refuses it (400 invalid_request). Leave it empty, or act as "app token for a user".`,
      });
    }
    return { userId: typedUserId, errors, notes, userIdApplies: false };
  }
  if (actAs.kind === 'appForUser') {
    if (typedUserId !== '' && typedUserId !== actAs.userId) {
      errors.push({
        field: 'user_id',
        message: `user_id ${typedUserId} differs from the user acted for (${actAs.userId}). Leave it empty: it is filled in from "act as".`,
      });
      return { userId: typedUserId, errors, notes, userIdApplies: true };
    }
    notes.push({
      field: 'user_id',
      message: `Filled from "act as": the app token with user_id=${actAs.userId} acts as that user (API document §5.3).`,
    });
    return { userId: actAs.userId, errors, notes, userIdApplies: true };
  }
  // The app token: user_id as typed. Without one the call acts for no user.
  if (typedUserId === '') {
    const supercontact = endpoint.id === 'message.send' && ctx.contactId === ctx.supercontactId;
    if (supercontact) {
      notes.push({
        field: 'user_id',
        message: `No user_id: the supercontact (${ctx.supercontactId}) may send to any connected user with the app token; the recipient is the user acted for.`,
      });
    } else {
      errors.push({
        field: 'user_id',
        message: `With the app token, ${sectionOf(endpoint)} needs user_id, the connected user to act for (API document §5.3). Fill it in, or act as "app token for a user" or as the user.`,
      });
    }
  }
  return { userId: typedUserId, errors, notes, userIdApplies: true };
}
