// The engine keeps each URL's last two endpoint-check reports (what a re-run is compared with), the
// most recently checked URL first, and forgets the least recently checked past its limit.
import { describe, expect, it } from 'vitest';
import { createCheckHistory } from '../../../../src-main/core/endpoint-check/check-history';
import type { EndpointCheckReport } from '../../../../src-shared/contract';

const report = (url: string, startedAt: string): EndpointCheckReport => ({
  url,
  profileName: 'Sandbox',
  signatureMethod: 'HMAC-SHA256',
  sessionId: `session-${startedAt}`,
  startedAt,
  durationMs: 1,
  timing: { count: 0, p50Ms: 0, p99Ms: 0 },
  checks: [],
  passed: true,
});

describe('createCheckHistory', () => {
  it("keeps a URL's last report and the one before it, not older ones", () => {
    const history = createCheckHistory();
    expect(history.remember(report('http://a/', '1')).previous).toBeNull();
    history.remember(report('http://a/', '2'));
    const third = history.remember(report('http://a/', '3'));
    expect([third.last.startedAt, third.previous?.startedAt]).toEqual(['3', '2']);
    expect(history.list()).toHaveLength(1);
  });

  it('lists the most recently checked URL first, and forgets the least recent past the limit', () => {
    const history = createCheckHistory(2);
    history.remember(report('http://a/', '1'));
    history.remember(report('http://b/', '2'));
    history.remember(report('http://a/', '3'));
    expect(history.list().map((h) => h.url)).toEqual(['http://a/', 'http://b/']);
    history.remember(report('http://c/', '4'));
    expect(history.list().map((h) => h.url)).toEqual(['http://c/', 'http://a/']);
  });
});
