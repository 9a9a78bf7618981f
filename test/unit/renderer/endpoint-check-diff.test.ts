// The endpoint check's report card compares a re-run with the URL's run before it: per check
// fixed / now failing / unchanged, and one line; the families of the check chooser; the form body
// of a delivery as it was sent.
import { describe, expect, it } from 'vitest';
import type { EndpointCheckReport, EndpointCheckResult } from '../../../src-shared/contract';
import {
  diffReports,
  familiesOf,
  formBodyOf,
} from '../../../src-renderer/src/features/endpoint-check/report-diff';
import { byAttention } from '../../../src-renderer/src/features/endpoint-check/check-words';

const check = (id: string, outcome: EndpointCheckResult['outcome']): EndpointCheckResult => ({
  id,
  name: id,
  rule: 'API document §6',
  outcome,
  reason: '',
  advice: '',
  seqs: [],
  timing: { count: 0, p50Ms: 0, p99Ms: 0 },
});

const report = (startedAt: string, checks: EndpointCheckResult[]): EndpointCheckReport => ({
  url: 'http://127.0.0.1:3000/hook',
  profileName: 'Sandbox',
  signatureMethod: 'HMAC-SHA256',
  sessionId: 's1',
  startedAt,
  durationMs: 1,
  timing: { count: 0, p50Ms: 0, p99Ms: 0 },
  checks,
  passed: checks.every((c) => c.outcome !== 'fail'),
});

describe('diffReports', () => {
  it('says per check fixed, now failing or unchanged, and counts them in one line', () => {
    const before = report('2026-11-28T14:02:11Z', [
      check('raw-bytes.non-ascii', 'fail'),
      check('raw-bytes.key-order', 'pass'),
      check('refuses.empty-data', 'warn'),
      check('redelivery', 'warn'),
      check('accepts.text', 'fail'),
    ]);
    const after = report('2026-11-28T14:05:00Z', [
      check('raw-bytes.non-ascii', 'pass'),
      check('raw-bytes.key-order', 'fail'),
      check('refuses.empty-data', 'pass'),
      check('redelivery', 'warn'),
      check('accepts.text', 'warn'),
      check('burst', 'pass'),
    ]);
    const diff = diffReports(before, after, () => '14:02:11');
    expect(diff.changes).toEqual({
      'raw-bytes.non-ascii': 'fixed',
      'raw-bytes.key-order': 'now-failing',
      // warn to pass is no failure fixed: the card shows the outcome itself.
      'refuses.empty-data': 'unchanged',
      redelivery: 'unchanged',
      // fail to warn is fixed: a warning passes.
      'accepts.text': 'fixed',
      burst: 'not-run-before',
    });
    expect(diff.summary).toBe(
      'Since the run at 14:02:11: 2 fixed, 1 now failing, 2 unchanged, 1 not run before.',
    );
  });

  it('leaves "not run before" out of the line when every check ran before', () => {
    const same = [check('accepts.text', 'fail')];
    const diff = diffReports(report('2026-11-28T14:02:11Z', same), report('x', same), () => 'then');
    expect(diff.summary).toBe('Since the run at then: 0 fixed, 0 now failing, 1 unchanged.');
  });
});

describe('familiesOf', () => {
  it('groups check ids by the part before the dot, in the order of the battery', () => {
    expect(
      familiesOf([
        'accepts.text',
        'accepts.sticker',
        'refuses.no-signature',
        'redelivery',
        'burst',
      ]),
    ).toEqual([
      { family: 'accepts', ids: ['accepts.text', 'accepts.sticker'] },
      { family: 'refuses', ids: ['refuses.no-signature'] },
      { family: 'redelivery', ids: ['redelivery'] },
      { family: 'burst', ids: ['burst'] },
    ]);
  });
});

describe('formBodyOf', () => {
  it('encodes the journaled parameters as the check sent them, spaces as +, in their order', () => {
    expect(
      formBodyOf({
        data: '{"text":"a b+c&d"}',
        signature: 'c2ln',
        signature_method: 'HMAC-SHA256',
      }),
    ).toBe('data=%7B%22text%22%3A%22a+b%2Bc%26d%22%7D&signature=c2ln&signature_method=HMAC-SHA256');
  });
});

describe('byAttention', () => {
  it('puts failures first, then warnings, passes and not-configured, in battery order within', () => {
    const order = byAttention([
      { id: 'a', outcome: 'pass' },
      { id: 'b', outcome: 'not-configured' },
      { id: 'c', outcome: 'fail' },
      { id: 'd', outcome: 'warn' },
      { id: 'e', outcome: 'fail' },
      { id: 'f', outcome: 'pass' },
    ] as const);
    expect(order.map((c) => c.id)).toEqual(['c', 'e', 'd', 'a', 'f', 'b']);
  });
});
