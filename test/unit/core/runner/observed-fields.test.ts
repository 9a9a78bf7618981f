// Check this: the fields of what a step saw, as paths the checks read back.
import { describe, expect, it } from 'vitest';
import { readBodyPath } from '../../../../src-main/core/runner/body-path';
import {
  MAX_OBSERVED_FIELDS,
  observedFields,
} from '../../../../src-main/core/runner/observed-fields';

describe('observedFields', () => {
  const answer = {
    message_id: 'm-1',
    user: { name: 'Ada', id: 7, verified: true, avatar: null },
    list: [{ id: 'a' }, { id: 'b' }],
    'odd.key': 'left out',
    token: 'secret-value',
  };

  it('lists each scalar by a path that reads it back, secrets left out', () => {
    const fields = observedFields(answer, (v) => v === 'secret-value');
    expect(fields.map((f) => f.path)).toEqual([
      'message_id',
      'user.name',
      'user.id',
      'user.verified',
      'user.avatar',
      'list[0].id',
      'list[1].id',
    ]);
    for (const field of fields)
      expect(readBodyPath(answer, field.path)).toEqual({ found: true, value: field.value });
  });

  it('is bounded for a large answer', () => {
    const big = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    expect(observedFields(big, () => false)).toHaveLength(MAX_OBSERVED_FIELDS);
  });
});
