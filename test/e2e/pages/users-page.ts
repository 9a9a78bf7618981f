// The Users tab as the tests see it, by role and name: connecting a user (scopes, the flow, the
// paste fallback), the connected users with their token facts, and the otp visits.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { openTab } from './tabs';

export class UsersPage {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly connectButton: Locator;
  /** The flow in flight or the last one: its state in words, the authorize URL, Cancel. */
  readonly flow: Locator;
  readonly cancelButton: Locator;
  readonly pasteField: Locator;
  readonly pasteButton: Locator;
  readonly users: Locator;
  readonly otpVisits: Locator;
  readonly alert: Locator;
  readonly secretsNotice: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Users' });
    this.pane = page.getByRole('region', { name: 'Users', exact: true });
    this.connectButton = this.pane.getByRole('button', { name: 'Connect user' });
    this.flow = this.pane.getByRole('region', { name: 'Connection', exact: true });
    this.cancelButton = this.flow.getByRole('button', { name: 'Cancel' });
    this.pasteField = this.flow.getByRole('textbox', { name: 'Paste the redirect URL' });
    this.pasteButton = this.flow.getByRole('button', { name: 'Use this URL' });
    this.users = this.pane.getByRole('list', { name: 'Users', exact: true });
    this.otpVisits = this.pane.getByRole('list', { name: 'One-time password visits' });
    this.alert = this.pane.getByRole('alert');
    this.secretsNotice = this.pane.getByRole('region', { name: 'Secret storage' });
  }

  async open(): Promise<void> {
    await openTab(this.tab, this.pane, 'Users');
  }

  scope(name: string): Locator {
    return this.pane.getByRole('group', { name: 'Scopes to request' }).getByRole('checkbox', {
      name,
      exact: true,
    });
  }

  /** One connected user's entry, by the name it shows ("Ada Lovelace") or its user id. */
  user(name: string): Locator {
    return this.users.getByRole('listitem', { name, exact: true });
  }

  /** A fact of a user's token ("User id", "Scopes", "Expires", "Refresh token", ...). */
  userValue(name: string, label: string): Locator {
    return this.user(name)
      .getByRole('group', { name: `Token of ${name}`, exact: true })
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /**
   * Clicks "Connect user" (or "Connect again") and returns the consent page the app opened in a new tab. Every host's
   * sandbox profile has the same loopback redirect URI, so another test file connecting a user
   * at this moment holds its port: the app says so in words, and this tries again a few times.
   */
  async startConnect(
    context: BrowserContext,
    button: Locator = this.connectButton,
    timeout = 15_000,
  ): Promise<Page> {
    const portBusy = this.alert.filter({ hasText: /in use by another program/ });
    for (let attempt = 1; ; attempt++) {
      const popup = context.waitForEvent('page', { timeout }).catch(() => null);
      await button.click();
      const busy = portBusy
        .waitFor({ timeout })
        .then(() => 'busy' as const)
        .catch(() => null);
      const first = await Promise.race([popup, busy]);
      if (first && first !== 'busy') {
        await first.waitForLoadState('domcontentloaded');
        return first;
      }
      if (first !== 'busy' || attempt >= 10) {
        const said = (await this.alert.allInnerTexts()).join(' / ');
        throw new Error(`"Connect user" opened no consent page (attempt ${attempt}): ${said}`);
      }
      await this.page.waitForTimeout(1_000);
    }
  }

  /**
   * Connects a platform user the way a person does: "Connect user", the sandbox's consent page
   * the app opens in a new tab, the user picked and Approve; then the tab is closed. Waits for the
   * user among the connected users and answers their id as the Users tab shows it.
   */
  async connectThroughConsent(context: BrowserContext, name: string): Promise<string> {
    const consent = await this.startConnect(context);
    await answerConsentPage(consent, name, 'Approve');
    try {
      await this.user(name).waitFor({ timeout: 15_000 });
    } catch {
      const said = (await this.flow.allInnerTexts()).join(' / ');
      throw new Error(`Waited 15 s for ${name} among the connected users; the flow says: ${said}`);
    }
    await consent.close();
    return (await this.userValue(name, 'User id').innerText()).trim();
  }
}

/** The sandbox's consent page: pick one of its users, then Approve or Deny. */
export async function answerConsentPage(
  consent: Page,
  userName: string,
  decision: 'Approve' | 'Deny',
): Promise<void> {
  await consent.getByRole('radio', { name: new RegExp(`^${userName}\\b`) }).check();
  await consent.getByRole('button', { name: decision, exact: true }).click();
}
