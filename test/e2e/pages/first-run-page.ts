// The first-run steps in the Event log as the tests see them: the panel by its heading, each step
// by its button's name, whether the panel says the step is done, and taking a step to its end.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { POLL } from '../support/app-session';

export const STEP_BUTTONS = [
  'Get the app token',
  'Connect a sandbox user',
  'Send a message',
  'See the delivery',
] as const;
type StepButton = (typeof STEP_BUTTONS)[number];

export class FirstRunPage {
  readonly panel: Locator;
  readonly dismiss: Locator;

  constructor(readonly page: Page) {
    const log = page.getByRole('region', { name: 'Event log', exact: true });
    this.panel = log.getByRole('region', { name: 'First steps: what this tool does' });
    this.dismiss = this.panel.getByRole('button', { name: 'Dismiss' });
  }

  button(step: StepButton): Locator {
    return this.panel.getByRole('button', { name: step, exact: true });
  }

  /** The step's row, which says "Done." or "To do." to assistive tech before what it does. */
  step(step: StepButton): Locator {
    // `has` is looked for inside each item, so it starts from the page, not from the panel.
    const button = this.page.getByRole('button', { name: step, exact: true });
    return this.panel.getByRole('listitem').filter({ has: button });
  }

  async done(step: StepButton): Promise<boolean> {
    if ((await this.step(step).count()) === 0) return false;
    return ((await this.step(step).textContent()) ?? '').includes('Done.');
  }

  /** The step's failure in words, or null. */
  async failure(step: StepButton): Promise<string | null> {
    const alert = this.step(step).getByRole('alert');
    return (await alert.count()) ? alert.innerText() : null;
  }

  /** Clicks one of the first three steps and waits until it is ticked (or fails with its words). */
  async take(step: Exclude<StepButton, 'See the delivery'>): Promise<void> {
    await this.button(step).click();
    await expect
      .poll(async () => (await this.failure(step)) ?? (await this.done(step)), {
        ...POLL,
        message: `"${step}" to be ticked`,
      })
      .toBe(true);
  }

  /** The last step: the delivery, which arrives on its own after the send, opens; the panel goes. */
  async seeTheDelivery(): Promise<void> {
    const step = 'See the delivery';
    await this.button(step).click();
    await expect
      .poll(async () => (await this.failure(step)) ?? (await this.panel.count()), {
        ...POLL,
        message: 'the panel to go once the delivery is selected',
      })
      .toBe(0);
  }
}
