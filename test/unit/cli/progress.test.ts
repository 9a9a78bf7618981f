import { describe, expect, it } from 'vitest';
import { createProgress, useColor } from '../../../src-main/cli/progress';
import type { RunView } from '../../../src-shared/contract';
import { RUN_FIXTURE } from './run-fixture';

/** The fixture as it was while its second scenario's first step had just failed. */
function midway(): RunView {
  const view = structuredClone(RUN_FIXTURE);
  view.status = 'running';
  const sends = view.scenarios[1];
  if (!sends) throw new Error('fixture changed');
  sends.state = 'running';
  for (const step of sends.steps.slice(1)) step.state = 'waiting';
  view.scenarios[2] = { ...view.scenarios[2]!, state: 'waiting', problems: [] };
  return view;
}

describe('progress on stderr', () => {
  it('prints each step and scenario once, as it finishes', () => {
    const lines: string[] = [];
    const progress = createProgress((l) => lines.push(l), false);
    progress.update(midway());
    progress.update(midway());
    expect(lines).toEqual([
      '  ✓ get the app token  52 ms',
      '  ✓ step 2 (wait)  10 ms',
      '✓ App token (auth/app-token.yaml)  64 ms',
      '  ✗ send <hello> & wave  38 ms',
      '      Two checks failed.',
    ]);
    progress.update(RUN_FIXTURE);
    expect(lines.slice(5)).toEqual([
      '  – the delivery arrives',
      '  ✓ clean up  30 ms',
      '✗ Send a text (sends/text.yaml)  1.72 s',
      '✗ broken (broken.yaml)',
      '    broken.yaml:4: steps.0.wait: a duration is like 500ms',
    ]);
  });

  it('prints each run of a scenario of a data-driven run, though they share a file', () => {
    const lines: string[] = [];
    const progress = createProgress((l) => lines.push(l), false);
    const once = structuredClone(RUN_FIXTURE.scenarios[0]!);
    const view: RunView = {
      ...structuredClone(RUN_FIXTURE),
      scenarios: [1, 2].map((index) => ({
        ...structuredClone(once),
        iteration: { index, total: 2, label: `msg_type=${index === 1 ? 'text' : 'sticker'}` },
      })),
    };
    progress.update(view);
    expect(lines.filter((l) => l.startsWith('✓'))).toEqual([
      '✓ App token (auth/app-token.yaml [1/2] msg_type=text)  64 ms',
      '✓ App token (auth/app-token.yaml [2/2] msg_type=sticker)  64 ms',
    ]);
    expect(lines.filter((l) => l.includes('get the app token'))).toHaveLength(2);
  });

  it('colors the marks only at a terminal without NO_COLOR', () => {
    expect(useColor({ isTTY: true }, {})).toBe(true);
    expect(useColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(useColor({ isTTY: false }, {})).toBe(false);
    const lines: string[] = [];
    createProgress((l) => lines.push(l), true).update(RUN_FIXTURE);
    expect(lines[0]).toBe('  \u001b[32m✓\u001b[0m get the app token  52 ms');
  });
});
