// The window's arrangement as the tests see it: the splitters by their accessible names, the
// columns' widths as drawn, the pane that holds the focus, and the detail's Maximize control.
import type { Locator, Page } from 'playwright-core';

type Splitter = 'tools column' | 'event log column' | 'record list';
type PaneId = 'pane-tools' | 'pane-middle' | 'pane-log';

export class LayoutPage {
  readonly widenTools: Locator;
  readonly maximizeDetail: Locator;
  readonly records: Locator;
  readonly recordDetail: Locator;

  constructor(readonly page: Page) {
    this.widenTools = page.getByRole('button', { name: 'Widen the tools' });
    const log = page.getByRole('region', { name: 'Event log', exact: true });
    this.records = log.getByRole('listbox', { name: 'Records' });
    this.recordDetail = log.getByRole('region', { name: 'Record detail' });
    this.maximizeDetail = this.recordDetail.getByRole('button', { name: 'Maximize' });
  }

  splitter(which: Splitter): Locator {
    return this.page.getByRole('separator', { name: `Resize the ${which}` });
  }

  async value(which: Splitter): Promise<number> {
    return Number(await this.splitter(which).getAttribute('aria-valuenow'));
  }

  /** The column's width as drawn, in whole pixels. */
  async width(pane: PaneId): Promise<number> {
    const box = await this.page.locator(`#${pane}`).boundingBox();
    return box ? Math.round(box.width) : 0;
  }

  async shown(pane: PaneId): Promise<boolean> {
    return this.page.locator(`#${pane}`).isVisible();
  }

  /** Presses a key on a splitter, as a keyboard user who tabbed to it would. */
  async press(which: Splitter, key: string, times = 1): Promise<void> {
    await this.splitter(which).focus();
    for (let i = 0; i < times; i++) await this.page.keyboard.press(key);
  }

  /** Which of the three columns holds the focus now, and the focused element's role and name. */
  async focused(): Promise<{ pane: string | null; role: string | null; name: string }> {
    // A string expression: the test tsconfig has no DOM types, the browser evaluates it.
    return (await this.page.evaluate(`(() => {
      const el = document.activeElement;
      const pane = el && el.closest('#pane-tools, #pane-middle, #pane-log');
      return {
        pane: pane ? pane.id : null,
        role: el ? el.getAttribute('role') : null,
        name: el ? (el.getAttribute('aria-label') || el.textContent || '').trim() : '',
      };
    })()`)) as { pane: string | null; role: string | null; name: string };
  }
}
