// The consent page of /tp/authorize: plain HTML with a form, no script, so it works in any browser.
import { SCOPES } from '../../../src-shared/spec';
import type { AppRecord, UserRecord } from '../state/records';

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}
h1{font-size:1.4rem}fieldset{border:1px solid #d1d5db;border-radius:.5rem;margin:1rem 0;padding:.75rem 1rem}
legend{font-weight:600}label{display:block;margin:.35rem 0}.muted{color:#6b7280;font-size:.9rem}
input[type=text]{padding:.3rem;border:1px solid #9ca3af;border-radius:.3rem;width:45%}
button{font-size:1rem;padding:.5rem 1.2rem;border-radius:.4rem;border:1px solid #374151;margin-right:.5rem;cursor:pointer}
button[value=approve]{background:#2563eb;color:#fff;border-color:#2563eb}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function consentPage(args: {
  app: AppRecord;
  scopes: string[];
  state: string;
  users: UserRecord[];
  problem?: string;
}): string {
  const { app, scopes, state, users } = args;
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const scopeItems = scopes
    .map((s) => {
      const meaning = SCOPES.find((d) => d.name === s)?.meaning ?? '';
      return `<li><strong>${escapeHtml(s)}</strong>: ${escapeHtml(meaning)}</li>`;
    })
    .join('');
  const userItems = users
    .map(
      (u, i) =>
        `<label><input type="radio" name="user_id" value="${escapeHtml(u.id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(`${u.name} ${u.surname}`)} <span class="muted">${escapeHtml(u.msisdn)} · ${escapeHtml(u.id)}</span></label>`,
    )
    .join('');
  const body = `<h1>${escapeHtml(app.name)} wants to connect to your account</h1>
<p class="muted">Sandbox platform · client_id ${escapeHtml(app.client_id)} · returns to ${escapeHtml(app.redirect_uri)}</p>
${args.problem ? `<p role="alert"><strong>${escapeHtml(args.problem)}</strong></p>` : ''}
<form method="post" action="/tp/authorize">
${hidden('response_type', 'code')}${hidden('client_id', app.client_id)}${hidden('state', state)}${hidden('scope', scopes.join(' '))}
<fieldset><legend>It asks for</legend><ul>${scopeItems}</ul></fieldset>
<fieldset><legend>Continue as</legend>${userItems}
<label><input type="radio" name="user_id" value="new"${users.length === 0 ? ' checked' : ''}> A new user:
<input type="text" name="new_name" placeholder="Name" aria-label="Name"> <input type="text" name="new_surname" placeholder="Surname" aria-label="Surname"></label>
</fieldset>
<button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny">Deny</button>
</form>`;
  return page(`Connect ${app.name}`, body);
}

export function errorPage(description: string): string {
  return page(
    'Authorization error',
    `<h1>This authorization request cannot be completed</h1><p role="alert">${escapeHtml(description)}</p><p class="muted">The app sent a request the sandbox platform cannot redirect back to. Check its client_id and redirect_uri.</p>`,
  );
}
