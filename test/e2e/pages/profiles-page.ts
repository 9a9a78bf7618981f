// The header's profile switcher and the Profiles dialog, by role and name.
import type { Locator, Page } from 'playwright-core';

export class ProfilesPage {
  readonly switcher: Locator;
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly list: Locator;
  readonly newButton: Locator;
  readonly status: Locator;
  readonly alert: Locator;
  readonly secretsNotice: Locator;
  /** Under the header: the active profile's base URL does not answer, and what to do. */
  readonly notAnswering: Locator;
  /** Under the header: the embedded sandbox got another port than it wanted. */
  readonly sandboxPortNotice: Locator;

  constructor(readonly page: Page) {
    const header = page.getByRole('banner');
    this.switcher = header.getByRole('combobox', { name: 'Active profile' });
    this.openButton = header.getByRole('button', { name: 'Profiles…' });
    this.dialog = page.getByRole('dialog', { name: 'Profiles' });
    this.list = this.dialog.getByRole('list', { name: 'Profile list' });
    this.newButton = this.dialog.getByRole('button', { name: 'New profile' });
    this.status = this.dialog.getByRole('status');
    this.alert = this.dialog.getByRole('alert');
    this.secretsNotice = this.dialog.getByRole('region', { name: 'Secret storage' });
    this.notAnswering = page.getByRole('alert', { name: 'Profile does not answer' });
    this.sandboxPortNotice = page.getByRole('status', { name: 'Sandbox port' });
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await this.dialog.waitFor();
  }

  /** The list entry of a profile (its name, then badges such as "sandbox", "active"). */
  item(name: string): Locator {
    return this.list.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}( |$)`) });
  }

  /** A field of the profile form shown, by its label ("Base URL", "Client secret", ...). */
  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  /** The words under a field when it was refused. */
  fieldError(label: string): Locator {
    return this.dialog.getByText(new RegExp(`^${escapeRegExp(label)}[: ]`));
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
