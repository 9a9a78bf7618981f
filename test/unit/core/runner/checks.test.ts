// Checks and body paths: each operator passes and fails with expected and actual in words.
import { describe, expect, it } from 'vitest';
import { parseBodyPath, readBodyPath } from '../../../../src-main/core/runner/body-path';
import { evaluateCheck, failedChecksText } from '../../../../src-main/core/runner/checks';
import { takeCaptures } from '../../../../src-main/core/runner/captures';

const body = { user: { name: 'Ada', tags: ['a', 'b'] }, not_authorized: ['u2'], count: 3 };

describe('body paths', () => {
  it('reads keys, indexes and the whole value', () => {
    expect(readBodyPath(body, 'user.name')).toEqual({ found: true, value: 'Ada' });
    expect(readBodyPath(body, 'not_authorized[0]')).toEqual({ found: true, value: 'u2' });
    expect(readBodyPath(body, 'user.tags[1]')).toEqual({ found: true, value: 'b' });
    expect(readBodyPath(body, '$')).toEqual({ found: true, value: body });
    expect(readBodyPath(body, '$.count')).toEqual({ found: true, value: 3 });
    expect(readBodyPath([{ id: 'x' }], '[0].id')).toEqual({ found: true, value: 'x' });
  });

  it('answers not found for a path that leads nowhere or is not well formed', () => {
    expect(readBodyPath(body, 'user.surname')).toEqual({ found: false });
    expect(readBodyPath(body, 'not_authorized[5]')).toEqual({ found: false });
    expect(readBodyPath(body, 'count.x')).toEqual({ found: false });
    expect(parseBodyPath('a..b')).toBeNull();
    expect(parseBodyPath('a[x]')).toBeNull();
  });
});

describe('checks', () => {
  const at = (path: string) => readBodyPath(body, path);

  it('equals compares a number with its text, and words both sides', () => {
    expect(evaluateCheck('status', { equals: 200 }, { found: true, value: 200 }).passed).toBe(true);
    expect(evaluateCheck('status', { equals: '200' }, { found: true, value: 200 }).passed).toBe(
      true,
    );
    expect(evaluateCheck('status', { equals: 200 }, { found: true, value: 404 })).toEqual({
      label: 'status',
      passed: false,
      expected: '200',
      actual: '404',
    });
  });

  it('matches, exists, type, length, below and above', () => {
    expect(evaluateCheck('n', { matches: '^A' }, at('user.name')).passed).toBe(true);
    expect(evaluateCheck('n', { matches: '^B' }, at('user.name'))).toMatchObject({
      passed: false,
      expected: 'text matching /^B/',
      actual: '"Ada"',
    });
    expect(evaluateCheck('s', { exists: false }, at('user.surname')).passed).toBe(true);
    expect(evaluateCheck('s', { exists: true }, at('user.surname'))).toMatchObject({
      passed: false,
      expected: 'present',
      actual: 'absent',
    });
    expect(evaluateCheck('t', { type: 'array' }, at('user.tags')).passed).toBe(true);
    expect(evaluateCheck('t', { type: 'string' }, at('user.tags'))).toMatchObject({
      passed: false,
      expected: 'of type string',
      actual: '["a","b"] (of type array)',
    });
    expect(evaluateCheck('l', { length: 2 }, at('user.tags')).passed).toBe(true);
    expect(evaluateCheck('l', { length: 1 }, at('user.tags')).actual).toMatch(/of length 2/);
    expect(evaluateCheck('c', { below: 4, above: 2 }, at('count')).passed).toBe(true);
    expect(evaluateCheck('c', { below: 3 }, at('count'))).toMatchObject({
      passed: false,
      expected: 'below 3',
    });
    expect(evaluateCheck('r', { matches: '(' }, at('user.name'))).toMatchObject({
      passed: false,
      expected: 'a valid regular expression (()',
    });
  });

  it('a step fails with its failed checks in words', () => {
    const checks = [
      evaluateCheck('status', { equals: 200 }, { found: true, value: 200 }),
      evaluateCheck('body message_id', { exists: true }, { found: false }),
    ];
    expect(failedChecksText(checks)).toBe('body message_id: expected present, got absent.');
    expect(failedChecksText(checks.slice(0, 1))).toBeNull();
  });

  it('ends a check whose words already end a sentence with one period, not two', () => {
    const snapshot = {
      label: 'snapshot message',
      passed: false,
      expected: 'the data as stored',
      actual: '1 difference: body: "a" → "b". Run again with --update-snapshots.',
    };
    expect(failedChecksText([snapshot])).toBe(
      'snapshot message: expected the data as stored, got 1 difference: body: "a" → "b". Run again with --update-snapshots.',
    );
  });
});

describe('captures', () => {
  it('reads status, headers, body and data paths and named values', () => {
    const got = takeCaptures(
      { s: 'status', h: 'header.Content-Type', n: 'body.user.name', d: 'data.id', q: 'seq' },
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { value: body },
        data: { value: { id: 'm1' } },
        values: { seq: '7' },
      },
    );
    expect(got).toEqual({
      values: { s: '200', h: 'application/json', n: 'Ada', d: 'm1', q: '7' },
      missing: [],
    });
  });

  it('says which source a step does not have, and which it has', () => {
    const got = takeCaptures({ x: 'body.id' }, { values: { user_id: 'u1' } });
    expect(got.missing).toEqual(['capture x: this step has no body.id (it has user_id)']);
  });
});
