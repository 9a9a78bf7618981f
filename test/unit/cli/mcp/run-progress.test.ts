import { describe, expect, it } from 'vitest';
import { progressReporter, type ToolCall } from '../../../../src-main/cli/mcp/run-progress';
import type { RunView } from '../../../../src-shared/contract';

const view = (passed: number, failed: number, total: number) =>
  ({ counts: { passed, failed, skipped: 0, total } }) as RunView;

function call(progressToken?: string) {
  const sent: unknown[] = [];
  const extra = {
    _meta: progressToken === undefined ? {} : { progressToken },
    // Each send settles later than the one before it would if left to race.
    sendNotification: (n: { params: { progress: number } }) =>
      new Promise<void>((done) =>
        setTimeout(() => {
          sent.push(n.params.progress);
          done();
        }, 5 - n.params.progress),
      ),
  } as unknown as ToolCall;
  return { extra, sent };
}

describe("a run's progress notifications", () => {
  it('go forward only, in order, and are all sent before the answer', async () => {
    const { extra, sent } = call('t1');
    const progress = progressReporter(extra);
    // A quick run: its last views, then runner.start's first view (no step done) after them.
    progress.onChange!(view(1, 0, 2));
    progress.onChange!(view(1, 1, 2));
    progress.onChange!(view(1, 1, 2));
    progress.onChange!(view(0, 0, 2));
    await progress.sent();
    expect(sent).toEqual([1, 2]);
  });

  it('are not sent when the client did not ask', async () => {
    const { extra, sent } = call();
    const progress = progressReporter(extra);
    expect(progress.onChange).toBeUndefined();
    await progress.sent();
    expect(sent).toEqual([]);
  });
});
