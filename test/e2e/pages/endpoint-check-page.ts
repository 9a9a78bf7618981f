// The Endpoint check view as the tests see it, by role and name: the middle column's tab, the way
// in from the Inbound tab, the form (Handler URL, Profile, Signature method, Burst size, the checks
// to run, Run check, Stop), the progress line, the question before a URL off this machine, and the
// report card: its counts, the changes since the last run, each check as a list item named by its
// id, with its outcome, its change and its exchanges.
import type { Locator, Page } from 'playwright-core';
import { InboundPage } from './inbound-page';
import { openTab } from './tabs';

export class EndpointCheckPage {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly url: Locator;
  readonly profile: Locator;
  readonly signatureMethod: Locator;
  readonly burst: Locator;
  readonly runButton: Locator;
  readonly stopButton: Locator;
  readonly progress: Locator;
  readonly failure: Locator;
  readonly remoteQuestion: Locator;
  readonly report: Locator;
  readonly counts: Locator;
  readonly changes: Locator;
  readonly checks: Locator;

  constructor(readonly page: Page) {
    // The middle column's tab is short ("Check"); the view's heading is "Endpoint check".
    this.tab = page.getByRole('tab', { name: 'Check', exact: true });
    this.pane = page.getByRole('region', { name: 'Endpoint check', exact: true });
    const form = this.pane.getByRole('form', { name: 'Check endpoint' });
    // A text field with a list of suggestions (the forward targets) is a combobox.
    this.url = form.getByRole('combobox', { name: 'Handler URL' });
    this.profile = form.getByRole('combobox', { name: 'Profile' });
    this.signatureMethod = form.getByRole('combobox', { name: 'Signature method' });
    this.burst = form.getByRole('spinbutton', { name: 'Burst size' });
    this.runButton = form.getByRole('button', { name: 'Run check', exact: true });
    this.stopButton = form.getByRole('button', { name: 'Stop', exact: true });
    this.progress = this.pane.getByRole('status', { name: 'Check progress' });
    this.failure = this.pane.getByRole('alert', { name: 'Check failure' });
    this.remoteQuestion = this.pane.getByRole('alert', { name: 'Check a URL off this machine' });
    this.report = this.pane.getByRole('region', { name: 'Report', exact: true });
    this.counts = this.report.getByRole('status', { name: 'Report counts' });
    this.changes = this.report.getByRole('status', { name: 'Changes since the last run' });
    this.checks = this.report.getByRole('list', { name: 'Checks' });
  }

  async open(): Promise<void> {
    await openTab(this.tab, this.pane, 'Endpoint check');
  }

  /** From the Inbound tab's "Check endpoint", as a person finds it. */
  async openFromInbound(): Promise<void> {
    const inbound = new InboundPage(this.page);
    await inbound.open();
    await inbound.pane
      .getByRole('region', { name: 'Check endpoint', exact: true })
      .getByRole('button', { name: 'Check endpoint', exact: true })
      .click();
    await this.pane.waitFor();
  }

  /** The checkbox of a family of checks ("raw-bytes", "burst"...). */
  family(name: string): Locator {
    return this.pane
      .getByRole('group', { name: /^Checks to run/ })
      .getByRole('checkbox', { name: new RegExp(`^${name}\\.?( checks)?$`) });
  }

  /** Runs the check of `url` and waits for the report of this run (its start time changes). */
  async run(url: string): Promise<void> {
    await this.url.fill(url);
    await this.runButton.click();
  }

  check(id: string): Locator {
    return this.checks.getByRole('listitem', { name: id, exact: true });
  }

  /** "pass", "warn", "fail" or "not configured". */
  async outcome(id: string): Promise<string> {
    const label = await this.check(id)
      .getByLabel(/^Outcome: /)
      .getAttribute('aria-label');
    return (label ?? '').replace(/^Outcome: /, '');
  }

  /** "fixed", "now failing", "not run before", or '' when unchanged. */
  async change(id: string): Promise<string> {
    const badge = this.check(id).getByLabel('Change since the last run');
    return (await badge.count()) ? badge.innerText() : '';
  }

  /** Opens a check's exchanges in place; answers the first delivery's section. */
  async openExchange(id: string): Promise<Locator> {
    await this.check(id)
      .getByRole('button', { name: /^Show exchange/ })
      .click();
    const first = this.check(id)
      .getByRole('region', { name: /^Delivery #\d+$/ })
      .first();
    await first.waitFor();
    return first;
  }
}
