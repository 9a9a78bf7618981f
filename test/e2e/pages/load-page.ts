// The Load part of the Endpoint check view as the tests see it, by role and name: the URL is the
// check's (EndpointCheckPage.url); the load's form (Rate, Duration, Mix, Start load, Stop load),
// its progress line, the question before a URL off this machine, and the summary (its figures and
// the histogram of answer times, a list item per range).
import type { Locator, Page } from 'playwright-core';
import { EndpointCheckPage } from './endpoint-check-page';

export class LoadPage {
  readonly check: EndpointCheckPage;
  readonly section: Locator;
  readonly rate: Locator;
  readonly duration: Locator;
  readonly mix: Locator;
  readonly startButton: Locator;
  readonly stopButton: Locator;
  readonly progress: Locator;
  readonly failure: Locator;
  readonly remoteQuestion: Locator;
  readonly summary: Locator;
  readonly figures: Locator;
  readonly histogram: Locator;

  constructor(readonly page: Page) {
    this.check = new EndpointCheckPage(page);
    this.section = this.check.pane.getByRole('region', { name: 'Load', exact: true });
    const form = this.section.getByRole('form', { name: 'Load run' });
    this.rate = form.getByRole('spinbutton', { name: 'Rate (/s)' });
    this.duration = form.getByRole('spinbutton', { name: 'Duration (s)' });
    this.mix = form.getByRole('textbox', { name: 'Mix' });
    this.startButton = form.getByRole('button', { name: 'Start load', exact: true });
    this.stopButton = form.getByRole('button', { name: 'Stop load', exact: true });
    this.progress = this.section.getByRole('status', { name: 'Load progress' });
    this.failure = this.section.getByRole('alert', { name: 'Load failure' });
    this.remoteQuestion = this.section.getByRole('alert', { name: 'Load a URL off this machine' });
    this.summary = this.section.getByRole('region', { name: 'Load summary' });
    this.figures = this.summary.getByLabel('Load figures');
    this.histogram = this.summary.getByRole('list', { name: 'Answer times' });
  }

  /** Loads `url` (the check's URL field) at `rate` a second for `seconds`, with `mix` if given. */
  async start(url: string, rate: number, seconds: number, mix = ''): Promise<void> {
    await this.check.url.fill(url);
    await this.rate.fill(String(rate));
    await this.duration.fill(String(seconds));
    await this.mix.fill(mix);
    await this.startButton.click();
  }
}
