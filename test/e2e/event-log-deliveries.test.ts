// Deliveries in the Event log: a simulator message arrives at the receiver, shows as verified with
// its classification, and is replayed from the detail pane: as captured to the receiver, edited
// and signed again (valid), edited keeping the old signature (invalid), and to a forward target
// URL whose answer shows among the forward results; the invalid one shows the expected signature's
// start only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { InboundPage } from './pages/inbound-page';
import { saveAppScreenshot } from './support/screenshot';
import { POLL, useAppSession } from './support/app-session';
import { connectedSandboxUser, userSends } from './support/event-log-sandbox';

const session = useAppSession();
// A row's text ends with the signature outcome (its cells' text runs together, no spaces).
const VALID = /(?<!in)valid$/;
const INVALID = /invalid$/;
const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A forward target on loopback that answers 204 and remembers what it got. */
async function forwardTarget() {
  const got: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push(body);
      res.writeHead(204).end();
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mine`, got };
}

describe('deliveries in the event log', () => {
  test('a simulator message shows as verified and is replayed, edited and forwarded from the UI', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const log = new EventLogPage(app.page);
    const user = await connectedSandboxUser(running, 'Ada');
    await userSends(running, user.id, 'Where is my order?');

    // The delivery row: kind, the receiver's path, the answer, the signature outcome.
    const delivery = log.rows('delivery', '/hooks/sandbox', VALID);
    await expect.poll(() => delivery.count(), POLL).toBe(1);
    await delivery.click();
    await expect
      .poll(() => log.detailValue('Signature', 'Outcome').innerText(), POLL)
      .toBe('valid');
    expect(await log.detailValue('Signature', 'Method').innerText()).toBe('HMAC-SHA256');
    expect(await log.detailValue('Signature', 'Explanation').innerText()).toMatch(/valid/i);
    expect(await log.detailValue('Classification', 'msg_type').innerText()).toBe('text');
    expect(await log.detailValue('Classification', 'User').innerText()).toBe(user.id);
    expect(await log.detailValue('Classification', 'Contact').innerText()).toBe('acme-orders');
    const data = log.detail.getByRole('textbox', { name: /delivery data/i });
    expect(await data.innerText()).toContain('Where is my order?');
    const originalSeq = Number(/^#(\d+)/.exec(await log.detailTitle().innerText())![1]);
    // The README's picture: a verified delivery open in the Event log beside the other panes.
    await saveAppScreenshot(app.page);

    // As captured, to the receiver: a new delivery, marked as a replay, still valid.
    await log.replayButton('Replay to receiver').click();
    await expect.poll(() => log.replayOutcome().innerText(), POLL).toMatch(/^Replayed: #\d+/);
    expect(await log.replayOutcome().innerText()).toMatch(/signature valid/);
    await expect.poll(() => log.rows('delivery', '(replay)', VALID).count(), POLL).toBe(1);
    await log
      .replayGroup()
      .getByRole('button', { name: /^#\d+$/ })
      .click();
    await expect.poll(() => log.detail.innerText(), POLL).toContain(`A replay of #${originalSeq}`);

    // Back to the original: edit the data and sign it again → valid.
    await log.rows('delivery', String(originalSeq)).first().click();
    await expect.poll(() => log.detailTitle().innerText(), POLL).toMatch(`#${originalSeq} `);
    await log.replayButton('Edit and replay…').click();
    const editor = log.detail.getByRole('group', { name: 'Edit and replay' });
    const textarea = editor.getByRole('textbox', { name: 'Data (JSON)' });
    const edited = (await textarea.inputValue()).replace('Where is my order?', 'Edited text');
    await textarea.fill(edited);
    await editor.getByRole('radio', { name: /Sign again/ }).check();
    await editor.getByRole('button', { name: 'Send edited replay' }).click();
    await expect.poll(() => log.replayOutcome().innerText(), POLL).toMatch(/signature valid/);

    // Edited again, keeping the old signature on purpose → the receiver finds it invalid.
    await log.replayButton('Edit and replay…').click();
    await textarea.fill(edited);
    await editor.getByRole('radio', { name: /Keep the old signature/ }).check();
    await editor.getByRole('button', { name: 'Send edited replay' }).click();
    await expect.poll(() => log.replayOutcome().innerText(), POLL).toMatch(/signature invalid/);
    await expect.poll(() => log.rows('delivery', INVALID).count(), POLL).toBe(1);

    // Not JSON: refused in words before anything is sent.
    await log.replayButton('Edit and replay…').click();
    await textarea.fill('{not json');
    await editor.getByRole('button', { name: 'Send edited replay' }).click();
    expect(await editor.getByRole('alert').innerText()).toMatch(/not JSON/);
    // Another replay going out makes that problem stale: it goes.
    await log.replayButton('Replay to receiver').click();
    await expect.poll(() => log.replayOutcome().innerText(), POLL).toMatch(/^Replayed: #\d+/);
    await expect.poll(() => editor.getByRole('alert').count(), POLL).toBe(0);
    await log.replayButton('Edit and replay…').click();

    // To a URL typed in Replay to URL: the target's answer is listed with the delivery.
    const target = await forwardTarget();
    await log.replayGroup().getByRole('combobox', { name: 'Replay to URL' }).fill(target.url);
    await log.replayButton('Replay to this URL').click();
    await expect.poll(() => log.replayOutcome().innerText(), POLL).toMatch(/^Replayed: #\d+/);
    const results = log.detail.getByRole('list', { name: 'Forward results' });
    await expect.poll(() => results.getByRole('listitem').count(), POLL).toBe(1);
    expect(await results.innerText()).toContain(target.url);
    expect(await results.innerText()).toMatch(/\b204\b/);
    expect(target.got[0]).toContain('signature=');

    // The forward's own record says what it sent: the delivery's body, not parameters of its own.
    const forwardRow = log.rows('forward', target.url);
    await expect.poll(() => forwardRow.count(), POLL).toBe(1);
    await log.openRecord(forwardRow);
    await expect
      .poll(() => log.detail.innerText(), POLL)
      .toMatch(/REQUEST BODY\s+The body of delivery #\d+, byte for byte\./i);

    // The invalid replay shows the signature the receiver expected by its start only: whole, it
    // would be a valid signature of the edited data for anyone who reads the screen.
    await log.openRecord(log.rows('delivery', INVALID));
    await expect
      .poll(() => log.detailValue('Signature', 'Expected (start)').innerText(), POLL)
      .toMatch(/^[0-9a-f]{8}…$/);
    const received = await log.detailValue('Signature', 'Received').innerText();
    const longHex = (await log.detail.innerText()).match(/[0-9a-fA-F]{40,}/g) ?? [];
    expect(longHex.filter((run) => !received.includes(run))).toEqual([]);
  });

  test('a request that is not a delivery is refused in words, and its shape is said not checked', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const inbound = new InboundPage(app.page);
    await inbound.open();
    await expect.poll(() => inbound.deliveryUrl(), POLL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const res = await fetch(await inbound.deliveryUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'garbage',
    });
    expect(res.status).toBe(400);

    const log = new EventLogPage(app.page);
    const refused = log.rows('delivery', '/hooks/sandbox', '400');
    await expect.poll(() => refused.count(), POLL).toBe(1);
    await log.openRecord(refused);
    const detail = await log.detail.innerText();
    expect(detail).toContain('Not checked: the request was refused before its data could be read.');
    expect(detail).not.toContain('Matches the documented shape');
  });
});
