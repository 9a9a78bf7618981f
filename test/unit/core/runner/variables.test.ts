// Variables: precedence of the layers, built-in secrets filled but hidden, dynamic values, and the
// words of an unknown variable.
import { describe, expect, it } from 'vitest';
import {
  hideSecrets,
  resolveTemplates,
  unknownVariablesText,
  stepPlace,
  type VariableLayers,
} from '../../../../src-main/core/runner/variables';

const layers = (over: Partial<VariableLayers> = {}): VariableLayers => ({
  run: {},
  captured: {},
  scenario: {},
  collection: {},
  profile: {},
  ...over,
});
const noSecrets = () => Promise.resolve({ missing: 'none here' });

describe('resolveTemplates', () => {
  it('takes the run values over captured, scenario, profile and collection ones', async () => {
    // The profile (an environment) overrides the collection's defaults, as in Postman.
    const all = layers({
      run: { a: 'run' },
      captured: { a: 'captured', b: 'captured' },
      scenario: { a: 'scenario', b: 'scenario', c: 'scenario' },
      profile: { c: 'profile', d: 'profile' },
      collection: { d: 'collection', e: 'collection', f: 'collection' },
      builtin: { f: 'builtin', client_id: 'app-1' },
    });
    const { value, unknown } = await resolveTemplates(
      { params: { x: '{{a}} {{b}} {{c}} {{d}} {{e}} {{f}} {{client_id}}' } },
      all,
      noSecrets,
    );
    expect(unknown).toEqual([]);
    expect(value.params.x).toBe('run captured scenario profile collection collection app-1');
  });

  it('fills built-in secrets only when used, and reports them for hiding', async () => {
    const asked: string[] = [];
    const { value, secrets } = await resolveTemplates(
      { headers: { authorization: 'Bearer {{app_token}}' } },
      layers(),
      (name) => {
        asked.push(name);
        return Promise.resolve({ value: 'tok-123456789' });
      },
    );
    expect(asked).toEqual(['app_token']);
    expect(value.headers.authorization).toBe('Bearer tok-123456789');
    expect(hideSecrets(`sent ${value.headers.authorization}`, new Set(secrets))).toBe(
      'sent Bearer ‹redacted›',
    );
  });

  it('makes dynamic values fresh at each use', async () => {
    const { value } = await resolveTemplates(
      {
        a: '{{$uuid}}',
        b: '{{$uuid}}',
        t: '{{$timestamp}}',
        i: '{{$isoTimestamp}}',
        r: '{{$randomInt}}',
      },
      layers(),
      noSecrets,
    );
    expect(value.a).toMatch(/^[0-9a-f-]{36}$/);
    expect(value.a).not.toBe(value.b);
    expect(value.t).toMatch(/^\d{10}$/);
    expect(Number.isNaN(Date.parse(value.i))).toBe(false);
    expect(Number(value.r)).toBeGreaterThanOrEqual(0);
  });

  it('names an unknown variable, where it is, and what to do', async () => {
    const { unknown, value } = await resolveTemplates(
      { user: '{{user_id}}', text: 'hi {{ nobody }}', secret: '{{user_token}}' },
      layers({ collection: { user_id: 'u1' } }),
      noSecrets,
    );
    // What has no value stays as written.
    expect(value).toEqual({ user: 'u1', text: 'hi {{ nobody }}', secret: '{{user_token}}' });
    expect(unknown).toEqual([
      { name: 'nobody', why: null },
      { name: 'user_token', why: 'none here' },
    ]);
    const text = unknownVariablesText(stepPlace('sends/text.yaml', 1, 'Send a text'), unknown);
    expect(text).toMatch(/^sends\/text\.yaml, step 2 "Send a text": /);
    expect(text).toMatch(
      /\{\{nobody\}\} is not defined\. Define it in collection\.yaml under `variables`, in the profile's variables, or run with --var nobody=value/,
    );
    expect(text).toMatch(/\{\{user_token\}\} has no value: none here/);
    expect(text).toMatch(/Nothing was sent\.$/);
  });

  it('fills strings in lists and nested objects, leaving the step as it was read', async () => {
    const step = {
      name: 'Send',
      request: {
        endpoint: 'message.send',
        user: '{{ada}}',
        params: { text: 'hi {{ada}}', list: ['a', '{{b}}', 3] },
      },
      expect: { status: 200, body: { 'data.id': { exists: true } } },
      always: false,
    };
    const before = structuredClone(step);
    const { value, unknown } = await resolveTemplates(
      step,
      layers({ run: { ada: 'u1', b: 'B' } }),
      noSecrets,
    );
    expect(unknown).toEqual([]);
    expect(value).toEqual({
      ...before,
      request: { ...before.request, user: 'u1', params: { text: 'hi u1', list: ['a', 'B', 3] } },
    });
    expect(step).toEqual(before);
    // What holds no variable is the step's own (nothing reads a step to change it).
    expect(value.expect).toBe(step.expect);
    expect(value.request).not.toBe(step.request);
  });

  it('gives a value without a variable back as it is, and fills a lone string', async () => {
    const plain = { request: { endpoint: 'resource.list' }, expect: { status: 200 } };
    expect((await resolveTemplates(plain, layers(), noSecrets)).value).toBe(plain);
    const lone = await resolveTemplates('{{a}}!', layers({ run: { a: 'A' } }), noSecrets);
    expect(lone.value).toBe('A!');
  });
});
