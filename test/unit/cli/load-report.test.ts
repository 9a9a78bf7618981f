// tp load's pretty summary draws the histogram from the first range with answers to the last, each
// range named; the range past the last edge is named by where it starts.
import { describe, expect, it } from 'vitest';
import { renderLoadSummary } from '../../../src-main/cli/load/load-report';
import { LOAD_SUMMARY, loadHistogram } from '../../helpers/load-summary';

/** The histogram's lines: range, count, bar length. */
const histogramOf = (text: string) => {
  const start = text.indexOf('answer times\n') + 'answer times\n'.length;
  return text
    .slice(start, text.indexOf('\n\n', start))
    .split('\n')
    .map((l) => /^ {4}(.+?) +(\d+) {2}(█*)$/.exec(l)!.slice(1))
    .map(([range, count, bar]) => [range, Number(count), bar!.length]);
};

describe("tp load's pretty summary", () => {
  it('draws the ranges from the first with answers to the last, bars as long as their share', () => {
    expect(histogramOf(renderLoadSummary('pretty', LOAD_SUMMARY))).toEqual([
      ['≤ 2 ms', 300, 20],
      ['≤ 5 ms', 600, 40],
      ['≤ 10 ms', 0, 0],
      ['≤ 20 ms', 50, 3],
      ['≤ 50 ms', 20, 1],
      ['≤ 100 ms', 0, 0],
      ['≤ 200 ms', 0, 0],
      ['≤ 500 ms', 0, 0],
      ['≤ 1000 ms', 10, 1],
    ]);
  });

  it('names the range past the last edge by that edge, even when it is the only one shown', () => {
    const slow = { ...LOAD_SUMMARY, histogram: loadHistogram({ null: 3 }) };
    expect(histogramOf(renderLoadSummary('pretty', slow))).toEqual([['> 10000 ms', 3, 40]]);
  });
});
