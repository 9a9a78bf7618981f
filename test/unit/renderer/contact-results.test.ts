// One success box at a time under the contacts; a failure stays until dismissed or retried.
import { describe, expect, it } from 'vitest';
import type { OwnerResult } from '../../../src-shared/contract';
import { withResults } from '../../../src-renderer/src/features/contacts/contacts-store';

const result = (userId: string, ok: boolean): OwnerResult =>
  ({
    userId,
    action: 'add',
    ok,
    status: ok ? 200 : 403,
    message: ok ? 'Added' : 'Refused',
  }) as OwnerResult;

describe('withResults', () => {
  it('replaces the earlier successes and keeps the failures', () => {
    const before = {
      ok: [result('u1', true)],
      failed: [result('u1', true), result('u2', false)],
    };
    expect(withResults(before, 'new', [result('u1', true)])).toEqual({
      failed: before.failed,
      new: [result('u1', true)],
    });
  });

  it("replaces the contact's own earlier results, failed or not", () => {
    const before = { c: [result('u2', false)] };
    expect(withResults(before, 'c', [result('u2', true)])).toEqual({ c: [result('u2', true)] });
  });
});
