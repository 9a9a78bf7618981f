// A delivery through the tunnel, end to end in the UI:
//
//   "A user sees a sandbox user's message arrive through the tunnel, verified, forwarded to a local
//   server of theirs, replays it edited, restarts the app and still finds it, and exports the
//   session as an HTML report."
//
// The app user's part is all clicks and keys in Chromium through the headless host. The test side
// plays only what is not that user: the tunnel server (the loopback localtunnel-protocol server,
// test/helpers/lt-server.ts), the user's own local server (a node:http forward target that keeps
// the exact bytes it gets), and the platform's user, whose message the sandbox's simulator API
// sends.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { startLtServer, type LtServer } from '../helpers/lt-server';
import { EventLogPage } from './pages/event-log-page';
import { InboundPage } from './pages/inbound-page';
import { POLL, useAppSession } from './support/app-session';
import { connectedSandboxUser, userSends } from './support/event-log-sandbox';
import { freshDataDir, type RunningHost } from './support/host';

const session = useAppSession();
/** Every wait says what it waits for, so a failure reads as the step that did not happen. */
const until = (words: string) => ({ ...POLL, message: words });
// A row's text ends with the signature outcome (its cells' text runs together, no spaces).
const VALID = /(?<!in)valid$/;
const MESSAGE = 'Is my order 4471 on its way?';
const EDITED = 'Is my order 4472 on its way?';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** The user's own server on loopback: answers 202 and keeps each request's exact bytes. */
async function localServer() {
  const got: Array<{ body: Buffer; headers: Record<string, string | string[] | undefined> }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(202, { 'content-type': 'text/plain' }).end('queued');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/my-app/hooks`, got };
}

interface SandboxState {
  apps: { client_secret: string }[];
  deliveries: { url: string; data: string; signature: string; status: string }[];
}

async function sandboxState(running: RunningHost): Promise<SandboxState> {
  return (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as SandboxState;
}

describe('a delivery through the tunnel', () => {
  test('a sandbox user’s message comes through the tunnel, verified, forwarded, replayed edited, kept over a restart and exported as HTML', async () => {
    const lt: LtServer = await startLtServer();
    cleanups.push(() => lt.close());
    const mine = await localServer();
    const dataDir = freshDataDir();
    const running = await session.host(dataDir);
    // The embedded sandbox makes a new app secret at every start: the report must hold neither.
    const secrets = [(await sandboxState(running)).apps[0]!.client_secret];
    const app = await session.openApp(running);
    const inbound = new InboundPage(app.page);
    const log = new EventLogPage(app.page);

    // The user's local server as a forward target, then the tunnel up and pushed to the sandbox.
    await inbound.open();
    await inbound.addForwardTarget(mine.url);
    await inbound.serverHost.fill(lt.baseUrl);
    await inbound.startTunnelButton.click();
    await expect
      .poll(() => inbound.tunnelState.innerText(), until('the tunnel says it is up'))
      .toMatch(/^Up at /);
    const publicUrl = `${lt.baseUrl}/t/${lt.registrations[0]!.id}`;
    expect(await inbound.tunnelState.innerText()).toBe(`Up at ${publicUrl}`);
    await inbound.pushButton.click();
    await expect
      .poll(() => inbound.pushOutcome.innerText(), until('the push to the sandbox is confirmed'))
      .toBe(`The sandbox app now delivers to ${publicUrl}/hooks/sandbox.`);

    // The platform's user writes to the app; the sandbox delivers to the tunnel's public URL.
    const user = await connectedSandboxUser(running, 'Grace');
    await userSends(running, user.id, MESSAGE);
    await expect
      .poll(
        async () => (await sandboxState(running)).deliveries.map((d) => `${d.status} ${d.url}`),
        until('the sandbox has delivered the message'),
      )
      .toEqual([`delivered ${publicUrl}/hooks/sandbox`]);
    const sent = (await sandboxState(running)).deliveries[0]!;

    // The Event log, deliveries only: the message, verified.
    await log.kind('delivery').click();
    const arrived = log.rows('delivery', '/hooks/sandbox', VALID);
    await expect.poll(() => arrived.count(), until('the delivery row shows, valid')).toBe(1);
    await arrived.click();
    await expect
      .poll(() => log.detailValue('Signature', 'Outcome').innerText(), until('the detail opens'))
      .toBe('valid');
    expect(await log.detailValue('Signature', 'Method').innerText()).toBe('HMAC-SHA256');
    expect(await log.detailValue('Classification', 'User').innerText()).toBe(user.id);
    const data = log.detail.getByRole('textbox', { name: /delivery data/i });
    expect(await data.innerText()).toContain(MESSAGE);
    const seq = Number(/^#(\d+) /.exec(await log.detailTitle().innerText())![1]);
    // It came through the tunnel: the request was addressed to the tunnel's public host, not to
    // the receiver's own port, and carries the bytes the sandbox sent there.
    expect(await log.detailValue('Request headers', 'host').innerText()).toBe(
      new URL(publicUrl).host,
    );
    expect(await log.detailValue('Request', 'Request').innerText()).toBe('POST /hooks/sandbox');
    const captured = await log.detail
      .getByRole('textbox', { name: 'Raw request body' })
      .innerText();
    const form = new URLSearchParams(captured);
    expect(form.get('data')).toBe(sent.data);
    expect(form.get('signature')).toBe(sent.signature);

    // Forwarded to the user's local server: exactly the bytes captured, and its answer shown both
    // under the delivery and beside the target in the Inbound tab.
    await expect.poll(() => mine.got.length, until('the local server gets the delivery')).toBe(1);
    expect(mine.got[0]!.body.toString('utf8')).toBe(captured);
    expect(mine.got[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const results = log.detail.getByRole('list', { name: 'Forward results' });
    await expect
      .poll(() => results.getByRole('listitem').count(), until('the forward result is listed'))
      .toBe(1);
    expect(await results.innerText()).toContain(mine.url);
    expect(await results.innerText()).toMatch(/\b202\b/);
    await expect
      .poll(() => inbound.targetResult(mine.url).innerText(), until('the target shows its result'))
      .toMatch(new RegExp(`^Last: HTTP 202 in \\d+(\\.\\d)? ms \\(delivery #${seq}\\b`));

    // Replayed edited, signed again with the profile's secret: captured anew as valid, and (like
    // every delivery) forwarded, with a signature that holds for the edited data.
    await log.replayButton('Edit and replay…').click();
    const editor = log.detail.getByRole('group', { name: 'Edit and replay' });
    const textarea = editor.getByRole('textbox', { name: 'Data (JSON)' });
    const edited = (await textarea.inputValue()).replace(MESSAGE, EDITED);
    expect(edited).toContain(EDITED);
    await textarea.fill(edited);
    await editor.getByRole('radio', { name: /Sign again/ }).check();
    await editor.getByRole('button', { name: 'Send edited replay' }).click();
    await expect
      .poll(() => log.replayOutcome().innerText(), until('the replay says it was sent'))
      .toMatch(/^Replayed: #\d+ .*signature valid/);
    const replaySeq = Number(/^Replayed: #(\d+)/.exec(await log.replayOutcome().innerText())![1]);
    await expect
      .poll(() => log.rows('delivery', '(replay)', VALID).count(), until('the replay row shows'))
      .toBe(1);
    await expect.poll(() => mine.got.length, until('the local server gets the replay')).toBe(2);
    const replayed = new URLSearchParams(mine.got[1]!.body.toString('utf8'));
    expect(replayed.get('data')).toBe(edited);
    expect(replayed.get('signature')).toBe(
      createHmac('sha256', secrets[0]!).update(edited, 'utf8').digest('hex'),
    );

    // Restarted on the same data directory: both are still there, found by searching.
    await running.stop();
    const again = await session.host(dataDir);
    secrets.push((await sandboxState(again)).apps[0]!.client_secret);
    const reopened = await session.openApp(again);
    const after = new EventLogPage(reopened.page);
    await after.kind('delivery').click();
    await expect
      .poll(() => after.rows('delivery', '/hooks/sandbox', VALID).count(), until('both deliveries'))
      .toBe(2);
    await after.search.fill(MESSAGE);
    await expect
      .poll(() => after.count.innerText(), until('the search finds the original'))
      .toBe('1 record');
    await after.rows('delivery', VALID).click();
    await expect
      .poll(() => after.detailTitle().innerText(), until('the original opens'))
      .toMatch(new RegExp(`^#${seq} `));
    expect(await after.detailValue('Signature', 'Outcome').innerText()).toBe('valid');
    expect(await after.detailValue('Request headers', 'host').innerText()).toBe(
      new URL(publicUrl).host,
    );
    const kept = after.detail.getByRole('list', { name: 'Forward results' });
    await expect
      .poll(() => kept.innerText().catch(() => ''), until('its forward result is still listed'))
      .toContain(mine.url);
    await after.search.fill(EDITED);
    await expect
      .poll(() => after.rows('delivery', '(replay)', VALID).count(), until('the search finds it'))
      .toBe(1);
    await after.rows('delivery', '(replay)').click();
    await expect
      .poll(() => after.detail.innerText(), until('the replay opens'))
      .toContain(`A replay of #${seq}`);
    expect(await after.detailTitle().innerText()).toMatch(new RegExp(`^#${replaySeq} `));

    // Exported as an HTML report, from the Event log's heading.
    const download = await after.exportSession('HTML report');
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const file = await download.path();
    const html = readFileSync(file, 'utf8');
    for (const secret of secrets) expect(html).not.toContain(secret);
    // Read as a person reads it: opened in the browser.
    const report = await reopened.page.context().newPage();
    await report.setContent(html);
    const section = (n: number) =>
      report
        .locator('section')
        .filter({ has: report.getByRole('heading', { name: new RegExp(`^#${n} `) }) });
    const original = await section(seq).innerText();
    expect(original).toContain(`Delivery: text message from ${user.id} → 200 (signature valid)`);
    expect(original).toMatch(
      /Signature\s+valid\s+Method\s+HMAC-SHA256\s+Why\s+Valid HMAC-SHA256 signature/,
    );
    expect(original).toContain(MESSAGE);
    const replay = await section(replaySeq).innerText();
    expect(replay).toContain(`replay of #${seq}`);
    expect(replay).toMatch(/signature valid/);
    expect(replay).toContain(EDITED);
    expect(await report.locator('body').innerText()).toContain(
      `Forward of delivery #${seq} to ${mine.url} → 202`,
    );
  });
});
