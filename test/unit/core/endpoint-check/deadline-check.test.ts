// The deadline check judges the answer times of what the battery already sent: past 10 s fails,
// past half of it (5 s) warns with what to change, under it passes with the figures. Judged here
// over answers of given times, so no test waits 5 s for a slow handler.
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../../src-main/core/endpoint-check/check-context';
import { loadChecks } from '../../../../src-main/core/endpoint-check/checks-load';

const deadline = loadChecks().find((c) => c.id === 'deadline')!;

/** A context whose battery already sent deliveries answered in these times; it sends nothing. */
function sentIn(...ms: number[]): CheckContext {
  return {
    sent: ms.map((t, i) => ({ status: 200, ms: t, seq: i + 1 })),
    send: () => Promise.reject(new Error('the deadline check sent a delivery of its own')),
  } as unknown as CheckContext;
}

describe('the deadline check', () => {
  it('warns past half the deadline, saying to answer before slow work', async () => {
    const verdict = await deadline.run(sentIn(120, 300, 6200));
    expect(verdict.outcome).toBe('warn');
    expect(verdict.reason).toBe(
      'p50 300 ms, p99 6200 ms over 3 deliveries: within the 10 s deadline, but past half of it (5 s).',
    );
    expect(verdict.advice).toMatch(/^Answer before doing slow work/);
  });

  it('passes under half the deadline, with the figures', async () => {
    const verdict = await deadline.run(sentIn(120, 300, 4900));
    expect(verdict).toMatchObject({
      outcome: 'pass',
      reason: 'p50 300 ms, p99 4900 ms over 3 deliveries.',
    });
  });

  it('fails past the deadline, counting the late ones', async () => {
    const verdict = await deadline.run(sentIn(120, 10_500, 12_000));
    expect(verdict.outcome).toBe('fail');
    expect(verdict.reason).toMatch(
      /^2 of 3 deliveries got no answer within the platform's 10 s deadline/,
    );
  });
});
