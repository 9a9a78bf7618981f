// The Add step form's fields and the step it makes: each kind's keys, the fixed sets as choices,
// and only what the person filled in.
import { describe, expect, it } from 'vitest';
import { Step, STEP_KINDS } from '../../../src-shared/collections/format';
import {
  CAPTURE_FROM_KEY,
  CAPTURE_NAME_KEY,
  EXPECT_STATUS_KEY,
  fieldsOf,
  stepFromForm,
} from '../../../src-renderer/src/features/collections/step-form-fields';

describe('the Add step form', () => {
  it('has a form for every step kind', () => {
    for (const kind of STEP_KINDS) expect(fieldsOf(kind, {}).length).toBeGreaterThan(0);
  });

  it("offers the catalog's endpoints, then the chosen endpoint's parameters", () => {
    const endpoint = fieldsOf('request', {})[0]!;
    expect(endpoint.options).toContain('message.send');
    const keys = fieldsOf('request', { endpoint: 'message.send' }).map((f) => f.key);
    expect(keys).toContain('params.msg_type');
    expect(fieldsOf('request', { endpoint: 'token' }).map((f) => f.key)).not.toContain(
      'params.client_secret',
    );
  });

  it("shows a simulated action's keys only", () => {
    const keys = (action: string) => fieldsOf('simulate', { action }).map((f) => f.key);
    expect(keys('send-message')).toEqual([
      'action',
      'user',
      'contact',
      'room',
      'msg_type',
      'params.text',
    ]);
    expect(keys('create-user')).toEqual(['action', 'name', 'surname']);
  });

  it('makes a step the format takes, with only the fields filled in', () => {
    const simulate = stepFromForm('simulate', ' Ada writes ', {
      action: 'send-message',
      user: '{{ada}}',
      contact: '',
      msg_type: 'text',
      'params.text': 'Hi',
      name: 'left from another action',
    });
    expect(simulate).toEqual({
      name: 'Ada writes',
      simulate: {
        action: 'send-message',
        user: '{{ada}}',
        msg_type: 'text',
        params: { text: 'Hi' },
      },
    });
    const request = stepFromForm('request', '', {
      endpoint: 'me',
      [EXPECT_STATUS_KEY]: '200',
      [CAPTURE_NAME_KEY]: 'me',
      [CAPTURE_FROM_KEY]: 'body.user_id',
    });
    expect(request).toEqual({
      request: { endpoint: 'me' },
      expect: { status: 200 },
      capture: { me: 'body.user_id' },
    });
    expect(stepFromForm('wait', '', { '': '500ms' })).toEqual({ wait: '500ms' });
    const clock = stepFromForm('advance-clock', 'A day passes', { '': '1d' });
    expect(clock).toEqual({ name: 'A day passes', 'advance-clock': '1d' });
    expect(Step.safeParse(clock).success).toBe(true);
    const delivery = stepFromForm('expect-delivery', '', {
      'match.kind': 'message',
      timeout: '5s',
    });
    for (const step of [simulate, request, delivery])
      expect(Step.safeParse(step).success).toBe(true);
  });

  it("offers check-endpoint, its check lists and burst written as the format's", () => {
    expect(fieldsOf('check-endpoint', {}).map((f) => f.key)).toEqual([
      'url',
      'only',
      'skip',
      'burst',
      'signature_method',
    ]);
    const step = stepFromForm('check-endpoint', 'My handler', {
      url: '{{handler_url}}',
      only: 'accepts., refuses.',
      burst: '20',
      signature_method: '',
    });
    expect(step).toEqual({
      name: 'My handler',
      'check-endpoint': { url: '{{handler_url}}', only: ['accepts.', 'refuses.'], burst: 20 },
    });
    expect(Step.safeParse(step).success).toBe(true);
  });
});
