// A request step's failed status check says what the platform answered when its error body does:
// `error` and `error_description`, as the person reads them in the Runner and in CI.
import { describe, expect, it } from 'vitest';
import { ResponseExpect } from '../../../../src-shared/collections/format';
import { failedChecksText } from '../../../../src-main/core/runner/checks';
import { platformSaid, responseChecks } from '../../../../src-main/core/runner/request-step';

const status = (equals: number) => ResponseExpect.parse({ status: equals });
const answer = (status: number, json: unknown) => ({
  status,
  timeMs: 12,
  headers: {},
  json,
  shapeIssues: [],
});

describe('a request step’s status check', () => {
  it('quotes the error and its description when the status is not the one expected', () => {
    const checks = responseChecks(
      status(200),
      answer(400, {
        error: 'invalid_request',
        error_description: 'vcard: +12 must be an international number.',
      }),
    );
    expect(failedChecksText(checks)).toBe(
      'status: expected 200, got 400. The platform said: invalid_request: vcard: +12 must be an international number.',
    );
  });

  it('says nothing more when the body has no error, or when the status passed', () => {
    expect(failedChecksText(responseChecks(status(200), answer(502, 'Bad gateway')))).toBe(
      'status: expected 200, got 502.',
    );
    const expectedRefusal = responseChecks(
      status(400),
      answer(400, { error: 'invalid_request', error_description: 'text is required' }),
    );
    expect(expectedRefusal[0]).toMatchObject({ passed: true, actual: '400' });
  });

  it('reads either field alone and shortens a long description', () => {
    expect(platformSaid({ error: 'invalid_token' })).toBe('invalid_token');
    expect(platformSaid({ error_description: 'Too many requests.' })).toBe('Too many requests');
    expect(platformSaid({ error: '', message: 'hi' })).toBeNull();
    expect(platformSaid([{ error: 'x' }])).toBeNull();
    const long = platformSaid({ error: 'e', error_description: 'x'.repeat(1000) });
    expect(long).toHaveLength(301);
    expect(long?.endsWith('…')).toBe(true);
  });
});
