// A `wait` step: a pause (a token's lifetime, a rate limit's window); stopping the run ends it.
import { pause, type StepContext, type StepOutcome } from './step-context';

export async function runWaitStep(ctx: StepContext, ms: number): Promise<StepOutcome> {
  await pause(ms, ctx.signal);
  return { checks: [], records: [], source: { values: {} } };
}
