// Built-in secrets ({{client_secret}}, {{app_token}}, {{user_token}}) are filled in only where the
// platform asks for them: a collection that names one anywhere else is refused when it is read,
// with the file, the line and the place, and nothing is sent.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCollection } from '../../../../src-main/core/collections/load-collection';
import { CLIENT_SECRET_ENDPOINTS } from '../../../../src-shared/collections/secret-places';

const root = mkdtempSync(join(tmpdir(), 'tp-secrets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function collection(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'col-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const lines = (...text: string[]) => `${text.join('\n')}\n`;

describe('built-in secrets in a collection', () => {
  it('are accepted in their places: the token endpoint and a Bearer Authorization header', async () => {
    expect(CLIENT_SECRET_ENDPOINTS).toEqual(['token']);
    const folder = collection({
      'token.yaml': lines(
        'steps:',
        '  - request:',
        '      endpoint: token',
        "      params: { grant_type: client_credentials, client_id: '{{client_id}}', client_secret: '{{client_secret}}' }",
      ),
      'me.yaml': lines(
        'steps:',
        '  - request:',
        '      endpoint: me',
        "      headers: { Authorization: 'Bearer {{app_token}}' }",
        '  - request:',
        '      endpoint: me',
        "      user: '{{ada}}'",
        "      headers: { authorization: 'bearer {{ user_token }}' }",
      ),
    });
    const loaded = await loadCollection(folder);
    for (const s of loaded.scenarios) expect(s.problems, s.path).toEqual([]);
  });

  it('are refused anywhere else, each with its file, line and place', async () => {
    const folder = collection({
      'collection.yaml': lines('variables:', "  leak: 'x{{client_secret}}'"),
      'send.yaml': lines(
        'variables:',
        "  mine: '{{app_token}}'",
        'steps:',
        '  - request:',
        '      endpoint: message.send',
        '      params:',
        '        contact_id: bot',
        '        resource_id: u1',
        '        msg_type: text',
        "        text: 'the secret is {{client_secret}}'",
        "      headers: { X-Leak: '{{user_token}}', Authorization: 'Token {{app_token}}' }",
        '  - simulate:',
        '      action: send-message',
        '      user: u1',
        '      contact: bot',
        "      params: { text: '{{app_token}}' }",
        '  - request:',
        '      endpoint: contact.add',
        "      params: { contact_id: c, display_name: '{{client_secret}}', client_secret: '{{client_secret}}' }",
      ),
    });
    const loaded = await loadCollection(folder);
    expect(loaded.problems).toEqual([
      {
        file: 'collection.yaml',
        line: 2,
        message: expect.stringMatching(/^variables\.leak uses \{\{client_secret\}\}: /) as unknown,
      },
    ]);
    // The catalog's own problem (contact.add takes no client_secret) is listed beside them.
    const problems = loaded.scenarios[0]!.problems.filter((p) => p.message.includes(' uses {{'));
    expect(problems.map((p) => `${p.line}: ${p.message.split(':')[0]}`)).toEqual([
      '2: variables.mine uses {{app_token}}',
      '10: steps.0.request.params.text uses {{client_secret}}',
      '11: steps.0.request.headers.X-Leak uses {{user_token}}',
      '11: steps.0.request.headers.Authorization uses {{app_token}}',
      '16: steps.1.simulate.params.text uses {{app_token}}',
      '19: steps.2.request.params.display_name uses {{client_secret}}',
      '19: steps.2.request.params.client_secret uses {{client_secret}}',
    ]);
    expect(problems[1]!.message).toBe(
      `steps.0.request.params.text uses {{client_secret}}: built-in secrets are filled in only as the token endpoint's client_secret ({{client_secret}}) and a request's Authorization header (Bearer {{app_token}} or Bearer {{user_token}}), so a collection cannot carry them anywhere else. Remove it from there, or let "as" and "user" pick the token; nothing was sent.`,
    );
  });
});
