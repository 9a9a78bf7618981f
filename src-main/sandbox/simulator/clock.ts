// The sandbox's clock through the simulator API (docs/sandbox.md, The clock): read it, or move it
// forward. Nothing is told to the app: it meets expired tokens and otps as it would in production.
import { z } from 'zod';
import { ClockAdvance } from '../../../src-shared/rules/clock-advance';
import type { ClockAnswer, Sent } from '../../../src-shared/sandbox-api/simulator-answers';
import type { SandboxClock } from '../clock';
import { parseBody, type SimHandler } from './common';

export function clockAnswer(clock: SandboxClock): Sent<typeof ClockAnswer> {
  return { now: new Date(clock.now()).toISOString(), offset_s: clock.offsetMs / 1000 };
}

export const getClock: SimHandler<Sent<typeof ClockAnswer>> = ({ ctx }) =>
  clockAnswer(ctx.store.clock);

const AdvanceBody = z.object({ by: ClockAdvance }).strict();

/** `{"by": "1h"}` or `{"by": 3600}`; the waits it passes (delivery retries) run at once, in order. */
export const postAdvanceClock: SimHandler<Sent<typeof ClockAnswer>> = ({ ctx, body }) => {
  const { by } = parseBody(AdvanceBody, body);
  ctx.store.clock.advance(by * 1000);
  return clockAnswer(ctx.store.clock);
};
