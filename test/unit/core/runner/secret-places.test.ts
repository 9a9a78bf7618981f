// The runner checks a step's built-in secrets again before it fills it in (the loader refuses such
// a file already): a secret out of its place fails the step, no secret is looked up and nothing is
// sent; a variable whose value is written `{{client_secret}}` is sent as that text, never filled.
import { describe, expect, it } from 'vitest';
import type { Step } from '../../../../src-shared/collections/format';
import type { StepView } from '../../../../src-shared/contract';
import { runStep, type StepEnv } from '../../../../src-main/core/runner/run-step';
import type { Profile } from '../../../../src-main/core/profiles/profile-store';

const SECRET = 'the-client-secret-42';

function fakeEnv(run: Record<string, string> = {}) {
  const sent: unknown[] = [];
  const looked: string[] = [];
  const env = {
    deps: {
      appTokens: {
        ensure: () => {
          looked.push('app_token');
          return Promise.resolve('app-token-123');
        },
      },
      users: {
        accessToken: () => {
          looked.push('user_token');
          return Promise.resolve('user-token-123');
        },
      },
      journal: { append: () => undefined },
      redactor: { text: (t: string) => t, holdsSecret: () => false },
    },
    profile: { id: 'p', name: 'Staging', clientSecret: SECRET } as unknown as Profile,
    context: {
      invoke: (_command: string, input: unknown) => {
        sent.push(input);
        return Promise.reject(new Error('sent'));
      },
      // A request step sends through the engine's composer, not the contract.
      send: (input: unknown) => {
        sent.push(input);
        return Promise.reject(new Error('sent'));
      },
      events: {},
      profile: { id: 'p', name: 'Staging', baseUrl: 'http://127.0.0.1:1' },
      sandbox: false,
      collectionFolder: '/nowhere',
      signal: new AbortController().signal,
      inbox: {},
      ask: () => undefined,
    },
    layers: { run, captured: {}, scenario: {}, collection: {}, profile: {} },
    secrets: new Set<string>(),
  } as unknown as StepEnv;
  return { env, sent, looked };
}

const view = (): StepView => ({
  index: 1,
  name: 'Leak',
  kind: 'request',
  state: 'running',
  always: false,
  durationMs: null,
  failure: null,
  checks: [],
  records: [],
  captures: {},
});

const scenario = { path: 'leak.yaml', file: '/nowhere/leak.yaml' };

describe('a step run with a built-in secret out of its place', () => {
  it('fails before any secret is looked up, and sends nothing', async () => {
    const { env, sent, looked } = fakeEnv();
    const step: Step = {
      request: {
        endpoint: 'message.send',
        params: { contact_id: 'bot', text: 'hi {{client_secret}}' },
        headers: { 'X-Token': '{{user_token}}' },
        user: 'u1',
      },
    };
    const shown = view();
    await runStep(env, scenario, step, shown);
    expect(shown.state).toBe('failed');
    expect(shown.failure).toContain(
      'leak.yaml, step 2 "Leak": request.params.text uses {{client_secret}}: built-in secrets are filled in only as',
    );
    expect(shown.failure).toContain('request.headers.X-Token uses {{user_token}}');
    expect(looked).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("sends a variable's value written {{client_secret}} as text, never the secret", async () => {
    const { env, sent, looked } = fakeEnv({ built: '{{client_secret}}' });
    const step: Step = {
      request: {
        endpoint: 'message.send',
        params: { contact_id: 'bot', text: 'hi {{built}}' },
      },
    };
    await runStep(env, scenario, step, view());
    expect(looked).toEqual([]);
    expect(JSON.stringify(sent)).not.toContain(SECRET);
    expect(sent).toMatchObject([{ params: { text: 'hi {{client_secret}}' } }]);
  });

  it("fills the token endpoint's client_secret and a Bearer header", async () => {
    const { env, sent } = fakeEnv();
    const step: Step = {
      request: {
        endpoint: 'token',
        params: { grant_type: 'client_credentials', client_secret: '{{client_secret}}' },
        headers: { Authorization: 'Bearer {{app_token}}' },
      },
    };
    await runStep(env, scenario, step, view());
    expect(sent).toMatchObject([
      {
        params: { client_secret: SECRET },
        headers: { Authorization: 'Bearer app-token-123' },
      },
    ]);
  });
});
