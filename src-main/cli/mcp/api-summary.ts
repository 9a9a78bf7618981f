// The platform's API in brief, for a model that has not read the API document: what it is, how a
// call is authorized, how deliveries are signed, and the endpoint catalog as the engine knows it
// (src-shared/spec), each endpoint with its section of the API document.
import { ENDPOINTS } from '../../../src-shared/spec/endpoints';
import type { ParamSpec } from '../../../src-shared/spec/params';

const OVERVIEW = `# The platform's third-party API, in brief

An app on the messaging platform talks to its users through contacts (API document §4): a user
writes to one of the app's contacts, the platform sends the message to the app's endpoint URL as a
signed delivery, and the app answers through the API (sends, contacts, rooms, media).

- Authorization (API document §5): the app gets an app token with its client id and secret
  (grant_type client_credentials) and user tokens through consent (\`/tp/authorize\`, API document
  §4.1) or a one-time password the platform puts in the app's management or directory URL. A call
  needing a user may carry the user's token, or the app token with \`user_id\` (API document §5.3).
  Tokens expire; a refresh token renews them.
- Messages (API document §2): text, sticker, location, contact (a vCard in XML, API document §2.5),
  picture, movie, sound, voice and file; media is sent as a multipart file with one of the MIME types
  API document §4.7 lists.
- Deliveries (API document §6): a form POST with \`data\` (the JSON of the event), \`signature\` and
  \`signature_method\` (HMAC-SHA256, HMAC-SHA1 or RSA-SHA256), signed over the \`data\` field. Group
  events (invites, joins, leaves) share the group-invite shape (API document §6.1). The handler should
  verify the signature, refuse a forgery with a 4xx, answer a genuine delivery with a 2xx quickly, and
  take a repeat calmly: the platform retries a delivery that was not answered in time
  (docs/sandbox.md, Deliveries).
- The embedded sandbox plays the platform on this machine (docs/sandbox.md): its users, rooms and
  otps are the sandbox_* tools.

## Endpoints (the ids send_request takes)
`;

function paramLine(p: ParamSpec): string {
  const required =
    p.required === true
      ? 'required'
      : p.required === false
        ? 'optional'
        : `required when ${p.required.param} is ${p.required.oneOf.join('/')}`;
  const values = p.values ? ` (${p.values.join(', ')})` : '';
  return `  - \`${p.name}\`, ${required}${values}: ${p.doc}`;
}

export function apiSummary(): string {
  const endpoints = ENDPOINTS.map((e) =>
    [
      `### ${e.id}: ${e.title} (API document §${e.section})`,
      `${e.method} ${e.paths[0]}; authorized as ${e.auth === 'none' ? 'nobody' : e.auth === 'app' ? 'the app' : 'a user (or the app with user_id)'}${e.scope ? `, scope ${e.scope}` : ''}.`,
      ...(e.params as readonly ParamSpec[]).map(paramLine),
    ].join('\n'),
  );
  return `${OVERVIEW}\n${endpoints.join('\n\n')}\n`;
}
