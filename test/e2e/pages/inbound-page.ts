// The Inbound tab as the tests see it, by role and name: the receiver's facts, the tunnel (its
// state line, the localtunnel and own-URL forms, push to sandbox), response control, forward
// targets with their last result, the RSA key, and the receiver's recent answers.
import type { Locator, Page } from 'playwright-core';
import { openTab } from './tabs';

export class InboundPage {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly receiver: Locator;
  readonly tunnel: Locator;
  readonly tunnelState: Locator;
  /** The note that the leg between the tunnel server and the app is unencrypted. */
  readonly tunnelEncryptionNote: Locator;
  readonly serverHost: Locator;
  readonly subdomain: Locator;
  readonly startTunnelButton: Locator;
  readonly stopTunnelButton: Locator;
  readonly ownUrl: Locator;
  readonly useOwnUrlButton: Locator;
  readonly pushButton: Locator;
  readonly pushOutcome: Locator;
  readonly response: Locator;
  readonly forwards: Locator;
  readonly forwardTargets: Locator;
  readonly forwardUrl: Locator;
  readonly addTargetButton: Locator;
  readonly key: Locator;
  readonly answers: Locator;
  /** The header's compact tunnel state (TunnelBadge). */
  readonly badge: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Inbound' });
    this.pane = page.getByRole('region', { name: 'Inbound', exact: true });
    this.receiver = this.pane.getByRole('region', { name: 'Receiver', exact: true });
    this.tunnel = this.pane.getByRole('region', { name: 'Tunnel', exact: true });
    this.tunnelState = this.tunnel.getByRole('status', { name: 'Tunnel state' });
    this.tunnelEncryptionNote = this.tunnel.getByRole('note', { name: 'Tunnel encryption' });
    this.serverHost = this.tunnel.getByRole('textbox', { name: 'Server host' });
    this.subdomain = this.tunnel.getByRole('textbox', { name: /^Subdomain/ });
    this.startTunnelButton = this.tunnel.getByRole('button', { name: /^(Start|Restart) tunnel$/ });
    this.stopTunnelButton = this.tunnel.getByRole('button', { name: 'Stop', exact: true });
    this.ownUrl = this.tunnel.getByRole('textbox', { name: /^Own public URL/ });
    this.useOwnUrlButton = this.tunnel.getByRole('button', { name: 'Use my own public URL' });
    this.pushButton = this.tunnel.getByRole('button', { name: 'Push to sandbox' });
    this.pushOutcome = this.tunnel.getByRole('status', { name: 'Push outcome' });
    this.response = this.pane.getByRole('region', { name: 'Response', exact: true });
    this.forwards = this.pane.getByRole('region', { name: 'Forward to', exact: true });
    this.forwardTargets = this.forwards.getByRole('list', { name: 'Forward targets' });
    this.forwardUrl = this.forwards.getByRole('textbox', { name: 'Forward target URL' });
    this.addTargetButton = this.forwards.getByRole('button', { name: 'Add target' });
    this.key = this.pane.getByRole('region', { name: 'Signature key', exact: true });
    this.answers = this.pane.getByRole('list', { name: 'Recent answers' });
    this.badge = page.getByRole('banner').getByRole('status', { name: 'Tunnel', exact: true });
  }

  async open(): Promise<void> {
    await openTab(this.tab, this.pane, 'Inbound');
  }

  /** A fact of the receiver ("Listening", "Delivery URL", "Public URL", ...). */
  receiverValue(label: string): Locator {
    return this.receiver
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** The delivery URL as shown (without its Copy button's text). */
  async deliveryUrl(): Promise<string> {
    const text = await this.receiverValue('Delivery URL').innerText();
    return text.split(/\s+/)[0] ?? '';
  }

  responseField(name: string): Locator {
    return this.response.getByRole('textbox', { name, exact: true });
  }

  /** Fills response control fields by label ("Status", "Delay (ms)", ...) and saves. */
  async setResponse(fields: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(fields)) await this.responseField(name).fill(value);
    await this.response.getByRole('button', { name: 'Save response' }).click();
    await this.response
      .getByRole('status')
      .getByText('Saved', { exact: true })
      .waitFor({ timeout: 15_000 });
  }

  async addForwardTarget(url: string): Promise<void> {
    await this.forwardUrl.fill(url);
    await this.addTargetButton.click();
    await this.target(url).waitFor();
  }

  target(url: string): Locator {
    return this.forwardTargets.getByRole('listitem', { name: url, exact: true });
  }

  /** A target's "Forward unverified too" switch (off: only verified deliveries reach it). */
  forwardUnverified(url: string): Locator {
    return this.target(url).getByRole('checkbox', { name: `Forward unverified too to ${url}` });
  }

  /** The "Last: HTTP 200 in 3 ms (delivery #12, …)" line under a target. */
  targetResult(url: string): Locator {
    return this.target(url).getByLabel('Last forward result');
  }
}
