// tp check's reporters: a passing check that measures (the deadline's answer times, the burst's
// deliveries a second and p99) shows its figures in the pretty report and in JUnit's system-out;
// another passing check shows only its line.
import { describe, expect, it } from 'vitest';
import { renderCheckReport } from '../../../src-main/cli/check/check-report';
import type { EndpointCheckReport, EndpointCheckResult } from '../../../src-shared/contract';

const timing = { count: 1, p50Ms: 3, p99Ms: 4 };
const check = (id: string, reason: string): EndpointCheckResult => ({
  id,
  name: `The ${id} check`,
  rule: 'API document §6',
  outcome: 'pass',
  reason,
  advice: '',
  seqs: [],
  timing,
});
const report: EndpointCheckReport = {
  url: 'http://127.0.0.1:3000/webhook',
  profileName: 'Sandbox',
  signatureMethod: 'HMAC-SHA256',
  sessionId: 's1',
  startedAt: '2026-11-28T23:00:00.000Z',
  durationMs: 150,
  timing,
  checks: [
    check('accepts.text', 'Answered 200.'),
    check('burst', '50 deliveries at once in 0.05 s (1000 a second), p99 12 ms: all 2xx.'),
    check('deadline', 'p50 3 ms, p99 9 ms over 83 deliveries.'),
  ],
  passed: true,
};

describe('tp check reports a passing measurement with its figures', () => {
  it('pretty', () => {
    const text = renderCheckReport('pretty', report);
    expect(text).toContain(
      '✓ burst  The burst check\n    50 deliveries at once in 0.05 s (1000 a second), p99 12 ms',
    );
    expect(text).toContain('✓ deadline  The deadline check\n    p50 3 ms, p99 9 ms over 83');
    expect(text).not.toContain('Answered 200.');
  });

  it('junit, in system-out, not as a warning', () => {
    const xml = renderCheckReport('junit', report);
    expect(xml).toMatch(
      /<testcase [^>]*name="burst: [^"]*"[^>]*>\s*<system-out>50 deliveries at once in 0\.05 s \(1000 a second\), p99 12 ms: all 2xx\.<\/system-out>\s*<\/testcase>/,
    );
    expect(xml).toMatch(/<testcase [^>]*name="accepts\.text: [^"]*"[^>]*\/>/);
    expect(xml).not.toContain('warning:');
  });
});
