// Snapshots' volatile fields and their diff: what is masked by default (by name and by the value's
// shape), what a check adds, and the differences in words a failed snapshot check shows.
import { describe, expect, it } from 'vitest';
import { diffWords, structuralDiff } from '../../../../src-main/core/snapshots/diff';
import { MASKED, maskVolatile } from '../../../../src-main/core/snapshots/mask';

describe('masking volatile fields', () => {
  it('masks ids, times, tokens and run-made addresses by name, and keeps the rest', () => {
    const { value, paths } = maskVolatile({
      id: 'm1',
      contact_id: 'bob',
      created_at: 'yesterday',
      access_token: 'abc',
      sender: 'ada@platform.test',
      type: 'text',
      data: { body: 'Hello', count: 3 },
      user: { name: 'Ada' },
    });
    expect(value).toEqual({
      id: MASKED,
      contact_id: MASKED,
      created_at: MASKED,
      access_token: MASKED,
      sender: MASKED,
      type: 'text',
      data: { body: 'Hello', count: 3 },
      // A name masks a value, not an object: the user's name is still compared.
      user: { name: 'Ada' },
    });
    expect(paths).toEqual(['id', 'contact_id', 'created_at', 'access_token', 'sender']);
  });

  it('masks values shaped like ISO times, UUIDs, long random ids and epoch times, wherever they are', () => {
    const { value, paths } = maskVolatile({
      when: '2026-11-28T17:22:55.123Z',
      ref: 'bob-8af7eafc-8c1e-4e9c-a04a-0e6eaae8ba43@apps.test',
      key: 'k9Xq2LmP4vRt7ZbN1wYs',
      at: 1764350575,
      list: ['plain words that are long enough', 42],
    });
    expect(value).toEqual({
      when: MASKED,
      ref: MASKED,
      key: MASKED,
      at: MASKED,
      list: ['plain words that are long enough', 42],
    });
    expect(paths).toEqual(['when', 'ref', 'key', 'at']);
  });

  it("masks a check's field names anywhere and its body paths exactly", () => {
    const { value } = maskVolatile(
      { a: { note: 'x', keep: 'y' }, list: [{ text: 't1' }, { text: 't2' }] },
      ['note', 'list[1].text'],
    );
    expect(value).toEqual({
      a: { note: MASKED, keep: 'y' },
      list: [{ text: 't1' }, { text: MASKED }],
    });
  });
});

describe('structural diff', () => {
  it('names each value changed, field added and field removed by its path', () => {
    const differences = structuralDiff(
      { data: { body: 'Hello', old: 1 }, list: [1, 2] },
      { data: { body: 'Hi', extra: true }, list: [1, 3, 4] },
    );
    expect(diffWords(differences)).toBe(
      'data.body: "Hello" → "Hi"; removed: data.old (was 1); added: data.extra = true; list[1]: 2 → 3; added: list[2] = 4',
    );
  });

  it('finds no difference between equal values, and a change of type at the root', () => {
    expect(structuralDiff({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
    expect(diffWords(structuralDiff({ a: 1 }, 'text'))).toBe('$: {"a":1} → "text"');
  });

  it('says how many more differences there are past the first 20', () => {
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, i]));
    const words = diffWords(structuralDiff(many, {}));
    expect(words.split('; removed').length).toBe(20);
    expect(words).toMatch(/; and 5 more$/);
  });
});
