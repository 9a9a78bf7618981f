// A skipped test must say why. vitest's JSON report keeps task meta but not skip notes, so the
// reason goes into meta too, where scripts/run-tests.mjs prints it beside the summary line.
import type { TestContext } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    skipReason?: string;
  }
}

export function skipWithReason(ctx: TestContext, reason: string): never {
  ctx.task.meta.skipReason = reason;
  return ctx.skip(reason) as never;
}
