// How answers are judged: a forgery answered 2xx fails with what that means, a refusal passes,
// anything unknown may be refused but not crash on, and the percentiles are nearest-rank.
import { describe, expect, it } from 'vitest';
import {
  judgeAccepted,
  judgeRefused,
  judgeTolerated,
  percentile,
} from '../../../../src-main/core/endpoint-check/judge';

const answer = (status: number | null, extra = {}) => ({ status, ms: 12, seq: 1, ...extra });

describe('endpoint check verdicts', () => {
  it('a forgery answered 2xx fails, 4xx passes, 5xx warns', () => {
    const accepted = judgeRefused(answer(200), 'A delivery with no signature');
    expect(accepted.outcome).toBe('fail');
    expect(accepted.reason).toContain('Anyone who knows this URL can send your app messages');
    expect(judgeRefused(answer(401), 'x').outcome).toBe('pass');
    expect(judgeRefused(answer(500), 'x').outcome).toBe('warn');
  });

  it('a genuine delivery must be 2xx; a redirect fails with the platform not following it', () => {
    expect(judgeAccepted([answer(204)], 'A text').outcome).toBe('pass');
    const redirected = judgeAccepted([answer(301, { location: 'https://x.test/' })], 'A text');
    expect(redirected.outcome).toBe('fail');
    expect(redirected.reason).toBe('A text: answered 301 to https://x.test/ in 12 ms, a redirect.');
    expect(judgeAccepted([answer(null, { error: 'refused' })], 'A text').reason).toMatch(
      /^A text: got no answer \(refused\), not 2xx/,
    );
    expect(redirected.advice).toContain('does not follow redirects');
    expect(judgeAccepted([answer(200), answer(500)], 'Twice').outcome).toBe('fail');
    // A genuine delivery refused as unauthorized points at the secret, not at the handler's log.
    expect(judgeAccepted([answer(401)], 'A text').advice).toMatch(
      /verifies with the app's client secret/,
    );
    expect(judgeAccepted([answer(500)], 'A text').advice).toMatch(/see the handler's log/);
  });

  it('something unknown may get 2xx or 4xx, never 5xx or no answer', () => {
    expect(judgeTolerated(answer(202), 'x').outcome).toBe('pass');
    expect(judgeTolerated(answer(422), 'x').outcome).toBe('pass');
    expect(judgeTolerated(answer(500), 'x').outcome).toBe('fail');
    expect(judgeTolerated(answer(null, { error: 'closed' }), 'x').outcome).toBe('fail');
  });

  it('percentiles are nearest-rank over the sorted values', () => {
    const ms = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(ms, 0.5)).toBe(50);
    expect(percentile(ms, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});
