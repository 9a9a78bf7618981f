// bench:live's trace summary (bench/trace-summary.mjs): the page's main thread time per list update,
// phase by phase, in wall time and in the thread's CPU time (the events' tdur), which a busy
// machine does not stretch.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectDir } from '../../helpers/builder-config';

// Loaded by URL: the script belongs to the scripts' type project, not the tests'.
const { summarizeTrace } = (await import(
  pathToFileURL(join(projectDir, 'bench', 'trace-summary.mjs')).href
)) as { summarizeTrace(trace: Buffer, seconds: number): string[] };

const main = { pid: 1, tid: 7 };
const idle = { pid: 2, tid: 9 };
/** A complete event: start and wall duration in µs, CPU duration in µs. */
const x = (where: typeof main, name: string, ts: number, dur: number, tdur: number) => ({
  ...where,
  ph: 'X',
  name,
  ts,
  dur,
  tdur,
});
const threadName = (where: typeof main) => ({
  ...where,
  ph: 'M',
  name: 'thread_name',
  ts: 0,
  args: { name: 'CrRendererMain' },
});

// Two list updates on a machine where the thread waited for a core: each task 4 ms of wall time,
// 2 ms of CPU; its script 2 ms wall (1 ms CPU) with a forced layout inside (1 ms wall, 0.5 CPU).
const trace = Buffer.from(
  JSON.stringify({
    traceEvents: [
      threadName(main),
      threadName(idle),
      x(idle, 'RunTask', 0, 100, 100),
      ...[0, 10_000].flatMap((t) => [
        x(main, 'RunTask', t, 4000, 2000),
        x(main, 'FunctionCall', t + 100, 2000, 1000),
        x(main, 'Layout', t + 500, 1000, 500),
        x(main, 'Paint', t + 2500, 1000, 600),
        x(main, 'Paint', t + 2600, 500, 300),
      ]),
    ],
  }),
);

describe("bench:live's trace summary", () => {
  const [busy, wall, cpu] = summarizeTrace(trace, 2);

  it("gives the page's main thread busy time per second and per update, wall and CPU apart", () => {
    expect(busy).toBe(
      "the page's main thread (Chrome trace): busy 4 ms/s, of which CPU 2 ms/s; 2 layouts (list updates) in 2.0 s, 4.00 ms of the thread's time per update (CPU 2.00 ms)",
    );
  });

  it('gives each phase per update in wall time and in CPU time, a nested event of one name once', () => {
    expect(wall).toContain('script (with forced style and layout) 2.00 ms');
    expect(wall).toContain('layout 1.00 ms');
    expect(wall).toContain('paint 1.00 ms');
    expect(cpu).toBe(
      '  per update, CPU: script (with forced style and layout) 1.00 ms, style 0.00 ms, layout 0.50 ms, pre-paint 0.00 ms, paint 0.60 ms, layerize 0.00 ms, commit 0.00 ms',
    );
  });
});
