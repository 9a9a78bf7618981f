// GET /tp/authorize (the consent page, or an immediate redirect) and POST /tp/authorize (the
// person's answer from that page).
import type { Target } from '../http/target';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context';
import { mediaType, readForm } from '../http/body';
import { redirect, sendHtml } from '../http/reply';
import { createUser } from '../users';
import { checkAuthorize, decide, type AuthorizeInput } from './authorize';
import { consentPage, errorPage } from './consent-page';

function inputOf(get: (name: string) => string | undefined): AuthorizeInput {
  return {
    response_type: get('response_type'),
    client_id: get('client_id'),
    redirect_uri: get('redirect_uri'),
    state: get('state'),
    scope: get('scope'),
    otp: get('otp'),
  };
}

export async function handleAuthorize(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: Target,
): Promise<void> {
  const { store } = ctx;
  if (req.method === 'GET' || req.method === 'HEAD') {
    req.resume();
    const check = checkAuthorize(
      store,
      inputOf((n) => url.searchParams.get(n) ?? undefined),
    );
    if (check.kind === 'fatal') return sendHtml(res, 400, errorPage(check.description));
    if (check.kind === 'redirect') return redirect(res, check.url);
    return sendHtml(res, 200, consentPage({ ...check, users: [...store.users.values()] }));
  }
  // POST: the form of the consent page.
  if (mediaType(req) !== 'application/x-www-form-urlencoded') {
    req.resume();
    return sendHtml(res, 400, errorPage('The consent form must be posted as a form.'));
  }
  const { fields } = await readForm(req);
  const get = (n: string) => fields.get(n)?.[0];
  const check = checkAuthorize(store, inputOf(get));
  if (check.kind === 'fatal') return sendHtml(res, 400, errorPage(check.description));
  if (check.kind === 'redirect') return redirect(res, check.url, 303);
  const approve = get('decision') === 'approve';
  let userId = get('user_id');
  if (approve && userId === 'new') {
    const name = get('new_name')?.trim() ?? '';
    const surname = get('new_surname')?.trim() ?? '';
    if (name === '' || name.length > 128 || surname.length > 128) {
      const users = [...store.users.values()];
      return sendHtml(
        res,
        400,
        consentPage({
          ...check,
          users,
          problem: 'Give the new user a name (up to 128 characters).',
        }),
      );
    }
    userId = createUser(store, ctx.baseUrl, { name, surname }).id;
  }
  if (approve && (userId === undefined || !store.users.has(userId))) {
    const users = [...store.users.values()];
    return sendHtml(
      res,
      400,
      consentPage({ ...check, users, problem: 'Pick a user to continue as.' }),
    );
  }
  return redirect(res, decide(store, check, userId ?? '', approve), 303);
}
