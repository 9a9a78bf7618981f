// The sandbox's clock through the simulator API (docs/sandbox.md, The clock): read it, or move it
// forward. Nothing is told to the app: it meets expired tokens and otps as it would in production.
import { z } from 'zod';
import {
  ClockAdvance,
  clockOffsetWords,
  MAX_CLOCK_OFFSET_S,
} from '../../../src-shared/rules/clock-advance';
import { ApiError } from '../http/reply';
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
  const offsetS = ctx.store.clock.offsetMs / 1000;
  if (offsetS + by > MAX_CLOCK_OFFSET_S) {
    throw new ApiError(
      'invalid_request',
      `The sandbox clock is already ${clockOffsetWords(offsetS)} ahead of real time and goes at most 100 years ahead. To bring it back to real time, start the sandbox with a fresh state (delete its state file while it is stopped).`,
    );
  }
  ctx.store.clock.advance(by * 1000);
  return clockAnswer(ctx.store.clock);
};
