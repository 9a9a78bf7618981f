// A tester's session on the headless host, deliveries: an edited replay the person sent reads as
// a replay of its original, edited (in the Event log's row and detail, and among the Inbound tab's
// recent answers), never as the platform's retry; and a delivery the platform sends again shows
// its "(repeat)" marker whole in a 1280 px window.
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { InboundPage } from './pages/inbound-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';
import { connectedSandboxUser, userSends } from './support/event-log-sandbox';
import type { RunningHost } from './support/host';

const session = useAppSession();

/** The sandbox sends one of its deliveries again (a retry, the same message id), once it ended. */
async function platformRedelivers(running: RunningHost, messageText: string): Promise<void> {
  const base = `${running.ready.sandbox}/_sandbox/deliveries`;
  const ended = async () => {
    const { deliveries } = (await (await fetch(base)).json()) as {
      deliveries: { id: string; status: string; payload?: unknown }[];
    };
    const d = deliveries.find((x) => JSON.stringify(x).includes(messageText));
    return d && d.status !== 'pending' ? d.id : null;
  };
  await expect.poll(ended, POLL).not.toBeNull();
  const res = await fetch(`${base}/${(await ended())!}/redeliver`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`redeliver answered ${res.status}: ${await res.text()}`);
}

describe('replays and repeats in the event log', () => {
  test('an edited replay, signed again, reads as a replay of its original, edited, not as a retry', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const log = new EventLogPage(app.page);
    const user = await connectedSandboxUser(running, 'Ada');
    await userSends(running, user.id, 'Where is my order?');

    const original = log.rows('delivery', '/hooks/sandbox');
    await expect.poll(() => original.count(), POLL).toBe(1);
    const originalSeq = await log.openRecord(original);
    await log.replayButton('Edit and replay…').click();
    const editor = log.detail.getByRole('group', { name: 'Edit and replay' });
    const textarea = editor.getByRole('textbox', { name: 'Data (JSON)' });
    await textarea.fill((await textarea.inputValue()).replace('Where is my order?', 'Edited'));
    await editor.getByRole('radio', { name: /Sign again/ }).check();
    await editor.getByRole('button', { name: 'Send edited replay' }).click();
    await expect.poll(() => log.replayOutcome().innerText(), POLL).toMatch(/signature valid/);

    // The row says what it is: the person's replay, edited (its cells' text runs together);
    // nothing calls it a repeat.
    const replay = log.rows('delivery', '(replay)edited');
    await expect.poll(() => replay.count(), POLL).toBe(1);
    expect(await log.rows('delivery', '(repeat)').count()).toBe(0);
    expect(await log.markerSeen(replay, '(replay)')).toEqual({ found: true, clipped: false });
    await log.openRecord(replay);
    await saveAppScreenshot(app.page, 'event-log-edited-replay');
    const detail = await log.detail.innerText();
    expect(detail).toContain(
      `A replay of #${originalSeq}, sent from TP Inspector with data edited`,
    );
    expect(detail).not.toMatch(/retry/i);

    // The Inbound tab's recent answers: a replay of the original, edited; not "retry of".
    const inbound = new InboundPage(app.page);
    await inbound.open();
    const answers = inbound.answers;
    await expect.poll(() => answers.getByRole('listitem').count(), POLL).toBe(2);
    const newest = answers.getByRole('listitem').first();
    await answers.scrollIntoViewIfNeeded();
    await saveAppScreenshot(app.page, 'inbound-recent-answers-replay');
    expect(await newest.innerText()).toContain(`replay of #${originalSeq}, edited`);
    expect(await answers.innerText()).not.toContain('retry of');
  });

  test("at 1280 px a retried delivery's (repeat) marker is drawn whole inside its row", async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const log = new EventLogPage(app.page);
    const user = await connectedSandboxUser(running, 'Ada');
    const text = 'Where is my order? I placed it last Tuesday and it still says preparing';
    await userSends(running, user.id, text);
    await platformRedelivers(running, text);

    const repeat = log.rows('delivery', '(repeat)');
    await expect.poll(() => repeat.count(), POLL).toBe(1);
    await saveAppScreenshot(app.page, 'event-log-repeat-1280');
    const seen = await log.markerSeen(repeat, '(repeat)');
    expect(seen, JSON.stringify(seen)).toMatchObject({ found: true, clipped: false });
  });
});
