// Forward-to on the public edge, as a person sees it: a delivery with a wrong signature (anyone
// who knows the tunnel's URL can post one) is not sent on to the developer's server, and both the
// target's line in the Inbound tab and the delivery's detail in the Event log say why; with
// "Forward unverified too" on, the target gets it, told so in a header.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { InboundPage } from './pages/inbound-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();
const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** The developer's local server: answers 202 and remembers what it got. */
async function developerServer() {
  const got: { body: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ body, headers: req.headers });
      res.writeHead(202).end('thanks');
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/mine`, got };
}

/** A delivery as a stranger would forge it: the right shape, a signature that does not hold. */
async function postForged(deliveryUrl: string, id: string) {
  const data = JSON.stringify({
    id,
    type: 'text',
    timestamp: String(Date.now()),
    sender: 'u1@platform.test',
    owner: 'u1@platform.test',
    recipient: 'acme-orders@acme-orders.apps.platform.test',
    data: { body: 'trust me' },
  });
  const res = await fetch(deliveryUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: 'session=stolen',
    },
    body: new URLSearchParams({
      data,
      signature: '00'.repeat(32),
      signature_method: 'HMAC-SHA256',
    }).toString(),
  });
  await res.arrayBuffer();
}

describe('forward-to and signatures', () => {
  test('a forged delivery is not forwarded, and the Inbound tab and the Event log say why', async () => {
    const mine = await developerServer();
    const running = await session.host();
    const app = await session.openApp(running);
    const inbound = new InboundPage(app.page);
    const log = new EventLogPage(app.page);
    await inbound.open();
    await inbound.addForwardTarget(mine.url);
    expect(await inbound.forwardUnverified(mine.url).isChecked()).toBe(false);

    await postForged(await inbound.deliveryUrl(), 'm-forged');
    await expect
      .poll(
        () =>
          inbound
            .targetResult(mine.url)
            .innerText()
            .catch(() => ''),
        { ...POLL, message: 'the target line to say the forged delivery was not forwarded' },
      )
      .toMatch(/^Last: not forwarded: signature invalid \(delivery #\d+/);
    expect(mine.got).toHaveLength(0);

    // The delivery's detail lists the target with the same words, and what to do.
    const delivery = log.rows('delivery', '/hooks/sandbox', /invalid$/);
    await expect
      .poll(() => delivery.count(), { ...POLL, message: 'the forged delivery row' })
      .toBe(1);
    await log.openRecord(delivery);
    const results = log.detail.getByRole('list', { name: 'Forward results' });
    await expect
      .poll(() => results.innerText().catch(() => ''), {
        ...POLL,
        message: 'the delivery detail to list the target as not forwarded',
      })
      .toMatch(/not forwarded: signature invalid/);
    expect(await results.innerText()).toContain(mine.url);
    expect(await results.innerText()).toMatch(/forward unverified too/i);

    // The person lets this target have unverified deliveries too: the next one arrives, told so.
    await inbound.forwardUnverified(mine.url).click();
    await expect
      .poll(() => inbound.forwardUnverified(mine.url).isChecked(), {
        ...POLL,
        message: 'the switch to be saved on',
      })
      .toBe(true);
    await postForged(await inbound.deliveryUrl(), 'm-forged-2');
    await expect
      .poll(
        () =>
          inbound
            .targetResult(mine.url)
            .innerText()
            .catch(() => ''),
        { ...POLL, message: 'the target line to show the forward of the second forged delivery' },
      )
      .toMatch(/^Last: HTTP 202 in \d+(\.\d)? ms/);
    expect(mine.got).toHaveLength(1);
    expect(mine.got[0]!.body).toContain('m-forged-2');
    expect(mine.got[0]!.headers['x-tp-signature-outcome']).toBe('invalid');
    expect(mine.got[0]!.headers.cookie).toBeUndefined();
  });
});
