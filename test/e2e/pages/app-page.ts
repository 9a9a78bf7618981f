// The app window as the tests see it: everything is found by role and accessible name, the way a
// person using assistive tech finds it, so a test breaks when the UI stops being accessible.
import type { Locator, Page } from 'playwright-core';

export class AppPage {
  readonly header: Locator;
  readonly engineStatus: Locator;
  readonly appTokenStatus: Locator;
  readonly activeProfile: Locator;
  readonly composer: Locator;
  readonly contactEditor: Locator;
  readonly eventLog: Locator;
  readonly getAppTokenButton: Locator;
  readonly composerAlert: Locator;
  readonly connectionBanner: Locator;
  readonly records: Locator;
  readonly loadEarlierButton: Locator;
  readonly recordDetail: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.engineStatus = this.header.getByRole('status', { name: 'Engine' });
    this.appTokenStatus = this.header.getByRole('status', { name: 'App token' });
    this.activeProfile = this.header.getByRole('group', { name: 'Active profile' });
    this.composer = page.getByRole('region', { name: 'Request composer', exact: true });
    this.contactEditor = page.getByRole('region', { name: 'Contacts', exact: true });
    this.eventLog = page.getByRole('region', { name: 'Event log', exact: true });
    this.getAppTokenButton = this.composer.getByRole('button', { name: 'Get app token' });
    this.composerAlert = this.composer.getByRole('alert');
    this.connectionBanner = page
      .getByRole('alert')
      .filter({ hasText: 'Disconnected from the engine' });
    this.records = this.eventLog.getByRole('listbox', { name: 'Records' });
    this.loadEarlierButton = this.eventLog.getByRole('button', { name: 'Load earlier records' });
    this.recordDetail = this.eventLog.getByRole('region', { name: 'Record detail' });
  }

  /** Opens the host's one-time URL (it sets the session cookie and redirects to the app). */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.engineStatus.getByText('connected', { exact: true }).waitFor();
  }

  /** The page's background colour as computed, to tell the light and dark themes apart. */
  async backgroundColor(): Promise<string> {
    // A string expression: the test tsconfig has no DOM types, the browser evaluates it.
    return String(await this.page.evaluate('getComputedStyle(document.body).backgroundColor'));
  }

  /** Sends the composer's request with its keyboard shortcut, from inside the composer. */
  async sendWithShortcut(): Promise<void> {
    // A trial click waits until the button is enabled: until the profiles have loaded it is
    // disabled, cannot take the focus, and the key would go to the page (failed once in CI).
    await this.getAppTokenButton.click({ trial: true });
    await this.getAppTokenButton.focus();
    await this.page.keyboard.press('ControlOrMeta+Enter');
  }

  /** Clicks "Get app token" and waits until the button is back from "Requesting app token…". */
  async getAppToken(): Promise<void> {
    await this.getAppTokenButton.click();
    await this.getAppTokenButton.waitFor();
  }

  /** How many records the list holds in all (rows out of view are not in the DOM). */
  async recordCount(): Promise<number> {
    const first = this.records.getByRole('option').first();
    if ((await first.count()) === 0) return 0;
    return Number(await first.getAttribute('aria-setsize'));
  }

  /** The row the keyboard is on in the record list, by its id. */
  async activeRecordId(): Promise<string | null> {
    return this.records.getAttribute('aria-activedescendant');
  }

  /**
   * The row the keyboard is on, or null while it is still loading. A row not yet fetched from
   * the engine is drawn under a placeholder id that changes once it arrives, so poll this
   * rather than holding on to an id read once.
   */
  async activeRecord(): Promise<{ text: string; position: string | null } | null> {
    const id = await this.activeRecordId();
    if (!id) return null;
    const row = this.records.locator(`[id="${id}"]`);
    if ((await row.count()) === 0 || (await row.getAttribute('aria-busy')) === 'true') return null;
    return { text: await row.innerText(), position: await row.getAttribute('aria-posinset') };
  }

  /** The log rows whose text matches every given piece, e.g. ('POST', '/tp/token', '200'). */
  recordRows(...parts: Array<string | RegExp>): Locator {
    let rows = this.records.getByRole('option');
    for (const part of parts) rows = rows.filter({ hasText: part });
    return rows;
  }

  /** Selects a row the keyboard way: focus the list, arrow down to the row, press Enter. */
  async selectWithKeyboard(row: Locator): Promise<void> {
    const target = await row.getAttribute('id');
    // Only the rows in view are in the DOM; every row says how many there are in all.
    const total = Number(await row.getAttribute('aria-setsize'));
    await this.records.focus();
    await this.page.keyboard.press('Home');
    for (let i = 0; i < total; i++) {
      if ((await this.records.getAttribute('aria-activedescendant')) === target) break;
      await this.page.keyboard.press('ArrowDown');
    }
    if ((await this.records.getAttribute('aria-activedescendant')) !== target) {
      throw new Error(`The arrow keys never reached the row ${target}`);
    }
    await this.page.keyboard.press('Enter');
  }

  /** The value shown for a label in one of the detail's label/value lists (a dt/dd pair). */
  detailValue(list: string, label: string): Locator {
    return this.recordDetail
      .getByRole('group', { name: list, exact: true })
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** The response body as shown now (pretty JSON or raw): a read-only multi-line text. */
  responseBody(): Locator {
    return this.recordDetail.getByRole('textbox', { name: /response body/i });
  }

  rawToggle(): Locator {
    return this.recordDetail.getByRole('button', { name: 'Raw', exact: true });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
