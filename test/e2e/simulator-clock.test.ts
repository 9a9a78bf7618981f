// The Simulator's Clock: the sandbox's time shown, and +1 min, +10 min, +1 h, +1 day moving it
// forward; the shown time follows the sandbox's answer, the outcome says it with its Event log
// record, and the pictures of the guide are taken light and dark.
import { describe, expect, test } from 'vitest';
import { SimulatorPage } from './pages/simulator-page';
import { POLL, useAppSession } from './support/app-session';
import { saveDocScreenshot } from './support/screenshot';

const session = useAppSession();

/** How far ahead of real time the shown sandbox time is, in minutes (rounded). */
async function minutesAhead(sim: SimulatorPage): Promise<number> {
  const shown = Date.parse((await sim.clockTime.getAttribute('datetime')) ?? '');
  // The shown time is the start of its minute, read at a tick every few seconds: it trails the
  // sandbox's time by up to a minute and those seconds, so half a minute is added before rounding
  // (-0 reads as 0).
  return Math.round((shown - Date.now()) / 60_000 + 0.45) || 0;
}

describe("the Simulator's Clock", () => {
  test('shows the sandbox time and moves it forward by each button, saying so', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const sim = new SimulatorPage(app.page);
    await sim.open();
    await sim.clockTime.waitFor(POLL);
    expect(await sim.clock.innerText()).toMatch(
      /Sandbox time \d{4}-\d\d-\d\d \d\d:\d\d UTC · real time/,
    );
    // Read until it holds: near the end of a minute the shown minute trails a little more.
    await expect.poll(() => minutesAhead(sim), POLL).toBe(0);

    await sim.clockForward('+1 h').click();
    await expect
      .poll(() => sim.outcome('Clock').innerText(), POLL)
      .toMatch(/^Moved the sandbox clock forward by 1 h: .* Event log #\d+\.$/s);
    await expect.poll(() => minutesAhead(sim), POLL).toBe(60);
    expect(await sim.clock.innerText()).toContain('1 h ahead of real time');

    for (const label of ['+10 min', '+1 min'] as const) await sim.clockForward(label).click();
    await expect.poll(() => sim.clock.innerText(), POLL).toContain('1 h 11 min ahead of real time');
    await sim.clockForward('+1 day').click();
    await expect.poll(() => minutesAhead(sim), POLL).toBe(24 * 60 + 71);
    // The sandbox itself reads the same.
    const read = (await (await fetch(`${running.ready.sandbox}/_sandbox/clock`)).json()) as {
      offset_s: number;
    };
    expect(read.offset_s).toBe(86_400 + 71 * 60);

    await app.page.setViewportSize({ width: 1280, height: 800 });
    await sim.clock.scrollIntoViewIfNeeded();
    for (const colorScheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme });
      await saveDocScreenshot(app.page, `simulator-clock-${colorScheme}`);
    }
  });
});
