// The authorization step of /tp/authorize, shared by the consent page (GET shows it, POST is the
// person's answer) and POST /_sandbox/authorize (a script's answer). docs/sandbox.md, Consent: an
// unknown client or a wrong redirect_uri is an error page without redirect; everything else
// redirects to the redirect_uri with `error`, `error_description` and `state`.
import { endpointById, isScope, splitSpaceList } from '../../../src-shared/spec';
import type { AppRecord } from '../state/records';
import type { Store } from '../state/store';
import { issueCode } from './tokens';

const RESPONSE_TYPES: readonly string[] = endpointById('authorize').params.find(
  (p) => p.name === 'response_type',
)?.values ?? ['code'];

export interface AuthorizeInput {
  response_type?: string | undefined;
  client_id?: string | undefined;
  redirect_uri?: string | undefined;
  state?: string | undefined;
  scope?: string | undefined;
  otp?: string | undefined;
}

type AuthorizeCheck =
  /** No redirect is possible: answer an error page (or a JSON 400). */
  | { kind: 'fatal'; description: string }
  | { kind: 'redirect'; url: string }
  /** Ask the user (consent page, or the scripted decision). */
  | { kind: 'consent'; app: AppRecord; scopes: string[]; state: string };

function redirectWith(app: AppRecord, params: Record<string, string | undefined>): string {
  const url = new URL(app.redirect_uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

function fail(app: AppRecord, error: string, description: string, state: string | undefined) {
  return {
    kind: 'redirect' as const,
    url: redirectWith(app, { error, error_description: description, state }),
  };
}

export function checkAuthorize(store: Store, input: AuthorizeInput): AuthorizeCheck {
  if (!input.client_id) return { kind: 'fatal', description: 'client_id is missing.' };
  const app = store.app(input.client_id);
  if (!app)
    return {
      kind: 'fatal',
      description: `No app is registered with client_id "${input.client_id}".`,
    };
  if (input.redirect_uri !== undefined && input.redirect_uri !== app.redirect_uri) {
    return {
      kind: 'fatal',
      description: `redirect_uri does not match the redirect URI registered for ${app.name}.`,
    };
  }
  const state = input.state;
  if (input.response_type === undefined || input.response_type === '') {
    return fail(app, 'invalid_request', 'response_type is missing.', state);
  }
  if (!RESPONSE_TYPES.includes(input.response_type)) {
    return fail(
      app,
      'unsupported_response_type',
      `response_type must be ${RESPONSE_TYPES.join(' or ')}.`,
      state,
    );
  }
  if (state === undefined || state === '')
    return fail(app, 'invalid_request', 'state is missing.', state);
  if (input.otp !== undefined && input.otp !== '') {
    const otp = store.otps.get(input.otp);
    if (
      !otp ||
      otp.client_id !== app.client_id ||
      otp.used ||
      store.clock.now() >= otp.expires_at
    ) {
      return fail(app, 'access_denied', 'otp is unknown, used, expired or for another app.', state);
    }
    if (!store.users.has(otp.user_id))
      return fail(app, 'access_denied', 'The otp user no longer exists.', state);
    otp.used = true;
    const code = issueCode(store, app, otp.user_id, [...app.scopes]);
    return { kind: 'redirect', url: redirectWith(app, { code, state }) };
  }
  if (input.scope === undefined || input.scope.trim() === '') {
    return fail(app, 'invalid_request', 'scope is missing (or give otp).', state);
  }
  const scopes = [...new Set(splitSpaceList(input.scope))];
  const bad = scopes.find((s) => !isScope(s) || !app.scopes.includes(s));
  if (bad !== undefined) {
    return fail(
      app,
      'invalid_scope',
      `scope "${bad.slice(0, 64)}" is not among the app's registered scopes (${app.scopes.join(' ')}).`,
      state,
    );
  }
  return { kind: 'consent', app, scopes, state };
}

/** The user's answer: a redirect with a code, or with access_denied. */
export function decide(
  store: Store,
  consent: Extract<AuthorizeCheck, { kind: 'consent' }>,
  userId: string,
  approve: boolean,
): string {
  if (!approve) {
    return redirectWith(consent.app, {
      error: 'access_denied',
      error_description: 'The user denied the request.',
      state: consent.state,
    });
  }
  const code = issueCode(store, consent.app, userId, consent.scopes);
  return redirectWith(consent.app, { code, state: consent.state });
}
