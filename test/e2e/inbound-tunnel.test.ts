// The tunnel from the Inbound tab, against the loopback localtunnel-protocol server the tests run
// (test/helpers/lt-server.ts): its note that the leg from the tunnel server is unencrypted, started
// from its form, "up" with the public URL (also shown as the receiver's public URL and in the
// delivery URL), pushed into the sandbox app, killed by the server and shown down and retrying with
// its reason, back up once the server takes it again, stopped.
import { afterEach, describe, expect, test } from 'vitest';
import { startLtServer, type LtServer } from '../helpers/lt-server';
import { InboundPage } from './pages/inbound-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const servers: LtServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function sandboxEndpoint(sandboxUrl: string): Promise<string> {
  const res = await fetch(`${sandboxUrl}/_sandbox/state`);
  const state = (await res.json()) as { apps: { endpoint_url: string }[] };
  return state.apps[0]!.endpoint_url;
}

describe('the tunnel in the Inbound tab', () => {
  test('comes up, is pushed to the sandbox, goes down and retries, recovers, and stops', async () => {
    const lt = await startLtServer();
    servers.push(lt);
    const running = await session.host();
    const app = await session.openApp(running);
    const inbound = new InboundPage(app.page);
    await inbound.open();
    const loopbackEndpoint = await sandboxEndpoint(running.ready.sandbox);

    // The badge says "Tunnel …" until the engine's tunnel.status is in (the pane shows first).
    await expect.poll(() => inbound.badge.innerText(), POLL).toBe('No tunnel');
    expect(await inbound.pushButton.isDisabled()).toBe(true);
    // The localtunnel's last leg is plain TCP: said beside its form, with what to do about it.
    await inbound.tunnelEncryptionNote.waitFor(POLL);
    const note = await inbound.tunnelEncryptionNote.innerText();
    expect(note).toMatch(/^Between the tunnel server and this app, requests travel unencrypted/);
    expect(note).toContain('Answer 401 to deliveries whose signature is not valid');
    expect(note).toContain('your own TLS tunnel');
    // A bad subdomain is refused in words before anything starts.
    await inbound.subdomain.fill('No!');
    await inbound.startTunnelButton.click();
    await inbound.tunnel
      .getByRole('alert')
      .getByText(/A subdomain is 4 to 63/)
      .waitFor(POLL);

    await inbound.serverHost.fill(lt.baseUrl);
    await inbound.subdomain.fill('');
    await inbound.startTunnelButton.click();
    await expect.poll(() => inbound.tunnelState.innerText(), POLL).toMatch(/^Up at /);
    const id = lt.registrations[0]!.id;
    const publicUrl = `${lt.baseUrl}/t/${id}`;
    expect(await inbound.tunnelState.innerText()).toBe(`Up at ${publicUrl}`);
    expect(await inbound.badge.innerText()).toBe('Tunnel up');
    await expect.poll(() => inbound.receiverValue('Public URL').innerText(), POLL).toBe(publicUrl);
    // The URL to register is now the public one.
    expect(await inbound.deliveryUrl()).toBe(`${publicUrl}/hooks/sandbox`);
    await inbound.tunnel.getByText(/Last health check .*: passed \(HTTP 200/).waitFor(POLL);

    await inbound.pushButton.click();
    await expect
      .poll(() => inbound.pushOutcome.innerText(), POLL)
      .toBe(`The sandbox app now delivers to ${publicUrl}/hooks/sandbox.`);
    expect(await sandboxEndpoint(running.ready.sandbox)).toBe(`${publicUrl}/hooks/sandbox`);

    // The server forgets the tunnel and refuses it for now: down, with the reason, retrying.
    lt.refuse({ status: 503, message: 'maintenance' });
    lt.kill(id);
    await expect
      .poll(() => inbound.tunnelState.innerText(), POLL)
      .toMatch(/^Down, retrying (in \d+ s|now) \(attempt \d+\): .+/);
    await expect.poll(() => inbound.tunnelState.innerText(), POLL).toContain('maintenance');
    expect(await inbound.badge.innerText()).toMatch(/^Tunnel: retrying (in \d+ s|now)$/);
    await saveAppScreenshot(app.page, 'inbound-tunnel-down');

    // Taken back: up again, under the same name, and the sandbox still follows it.
    lt.refuse(null);
    await expect
      .poll(() => inbound.tunnelState.innerText(), { timeout: 30_000 })
      .toBe(`Up at ${publicUrl}`);
    expect(await sandboxEndpoint(running.ready.sandbox)).toBe(`${publicUrl}/hooks/sandbox`);

    await inbound.stopTunnelButton.click();
    await expect
      .poll(() => inbound.tunnelState.innerText(), POLL)
      .toContain('Off: the receiver is reachable on this machine only.');
    // Stopping points the sandbox back at the receiver on loopback.
    await expect.poll(() => sandboxEndpoint(running.ready.sandbox), POLL).toBe(loopbackEndpoint);
    // The pane follows the engine's tunnel.changed event, which may come a moment after.
    await expect
      .poll(() => inbound.receiverValue('Public URL').innerText(), POLL)
      .toContain('no tunnel is up');
    await expect.poll(() => inbound.pushOutcome.count(), POLL).toBe(0);
    await expect.poll(() => inbound.badge.innerText(), POLL).toBe('No tunnel');
  });

  test('watches your own public URL with the same health check', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const inbound = new InboundPage(app.page);
    await inbound.open();
    // Playing the person's ngrok: the receiver itself, reached by its loopback URL.
    const listening = await inbound.receiverValue('Listening on').innerText();
    await inbound.ownUrl.fill(listening);
    await inbound.useOwnUrlButton.click();
    await expect.poll(() => inbound.tunnelState.innerText(), POLL).toBe(`Up at ${listening}`);
    await inbound.stopTunnelButton.click();
    await expect.poll(() => inbound.tunnelState.innerText(), POLL).toContain('Off');
  });
});
