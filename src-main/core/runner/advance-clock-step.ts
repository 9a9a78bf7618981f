// An `advance-clock` step: the embedded sandbox's clock moves forward (docs/sandbox.md, The clock).
// The engine is not told what expired: the steps after it meet the sandbox's refusals (an
// invalid_token, a stale otp) as the app would meet the platform's, and the engine's refresh
// shows in the Event log. Captures: `seq` (the simulator's journal record) and `now`.
import type { StepContext, StepOutcome } from './step-context';

export async function runAdvanceClockStep(ctx: StepContext, seconds: number): Promise<StepOutcome> {
  if (!ctx.sandbox)
    return {
      checks: [],
      records: [],
      source: { values: {} },
      failure: `advance-clock moves the embedded sandbox's clock, and the profile "${ctx.profile.name}" is not the sandbox: a real platform's clock cannot be moved. Run this scenario against the sandbox profile, or use a wait step.`,
    };
  const out = await ctx.invoke('simulator.advanceClock', {
    profileId: ctx.profile.id,
    by: seconds,
  });
  return {
    checks: [],
    records: [out.seq],
    source: { values: { seq: String(out.seq), now: out.clock.now } },
  };
}
