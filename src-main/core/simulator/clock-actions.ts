// The sandbox's clock moved forward (POST /_sandbox/clock/advance; docs/sandbox.md, The clock).
// Unlike expireTokens, the engine's own tokens are left as they are: the app is not told, and meets
// the sandbox's invalid_token on its next call as it would the platform's, then refreshes.
import { clockOffsetWords, clockTimeText } from '../../../src-shared/rules/clock-advance';
import { ClockAnswer } from '../../../src-shared/sandbox-api/simulator-answers';
import type { SimContext, SimHandlers } from './context';
import { clockView } from './state-view';

export function clockActions({ act }: SimContext): Pick<SimHandlers, 'simulator.advanceClock'> {
  return {
    'simulator.advanceClock': (t, { by }) =>
      act(
        t,
        'advanceClock',
        { method: 'POST', path: '/_sandbox/clock/advance', body: { by } },
        (json) => {
          const clock = clockView(ClockAnswer.parse(json));
          return {
            outcome: `Moved the sandbox clock forward by ${clockOffsetWords(by)}: it reads ${clockTimeText(Date.parse(clock.now))}, ${clockOffsetWords(clock.offsetS)} ahead of real time. What expired in that time is refused from now on.`,
            value: { clock },
          };
        },
        'Moving the sandbox clock',
      ),
  };
}
