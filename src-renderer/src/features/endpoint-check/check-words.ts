// The endpoint check's words: each outcome as the card shows it (a mark and a word, colour only
// repeating it), and a run's counts in one line.
import type { EndpointCheckOutcome, EndpointCheckReport } from '../../../../src-shared/contract';

export const OUTCOME_WORDS: Record<EndpointCheckOutcome, { mark: string; word: string }> = {
  pass: { mark: '✓', word: 'pass' },
  warn: { mark: '!', word: 'warn' },
  fail: { mark: '✗', word: 'fail' },
  'not-configured': { mark: '–', word: 'not configured' },
};

/** "3 failed, 1 warning, 33 passed, 3 not configured". */
export function countsLine(report: EndpointCheckReport): string {
  const n = (o: EndpointCheckOutcome) => report.checks.filter((c) => c.outcome === o).length;
  const parts = [
    n('fail') ? `${n('fail')} failed` : '',
    n('warn') ? `${n('warn')} ${n('warn') === 1 ? 'warning' : 'warnings'}` : '',
    `${n('pass')} passed`,
    n('not-configured') ? `${n('not-configured')} not configured` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

const ORDER: Record<EndpointCheckOutcome, number> = {
  fail: 0,
  warn: 1,
  pass: 2,
  'not-configured': 3,
};

/** The card's order: what needs attention first (failures, then warnings), the battery's within. */
export function byAttention<T extends { outcome: EndpointCheckOutcome }>(
  checks: readonly T[],
): T[] {
  return [...checks].sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome]);
}
