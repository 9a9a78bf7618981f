// The Contacts tab (and its "Contacts" pane) as the tests see it, by role and name: the book's
// rows, the add/edit form, per-owner results, import and export. Also connects a sandbox user to
// the engine for a test's setup, through the engine's own flow and the sandbox's simulator API.
import type { Download, Locator, Page } from 'playwright-core';
import { connectUser } from '../support/engine';
import type { RunningHost } from '../support/host';
import { openTab } from './tabs';

export class ContactsPage {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly toolbar: Locator;
  readonly addButton: Locator;
  readonly importButton: Locator;
  readonly list: Locator;
  readonly importPanel: Locator;
  readonly importPreview: Locator;
  readonly alert: Locator;
  /** Shown when the book is loaded and holds no contact of its own: how a book fills. */
  readonly emptyBookHint: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Contacts' });
    this.pane = page.getByRole('region', { name: 'Contacts', exact: true });
    this.toolbar = this.pane.getByRole('toolbar', { name: 'Contact book' });
    this.addButton = this.toolbar.getByRole('button', { name: 'Add contact' });
    this.importButton = this.toolbar.getByRole('button', { name: 'Import…' });
    this.list = this.pane.getByRole('list', { name: 'Contacts', exact: true });
    this.importPanel = this.pane.getByRole('region', { name: 'Import contacts' });
    this.importPreview = this.importPanel.getByRole('table', { name: 'Import preview' });
    this.alert = this.pane.getByRole('alert');
    this.emptyBookHint = this.pane.getByText(/this book holds the ones added or imported here/);
  }

  async open(): Promise<void> {
    await openTab(this.tab, this.pane, 'Contacts');
  }

  /** The add form ("Add contact") or the edit form of a contact ("Edit contact order-1"). */
  form(contactId?: string): Locator {
    return this.pane.getByRole('form', {
      name: contactId ? `Edit contact ${contactId}` : 'Add contact',
      exact: true,
    });
  }

  /** A contact's row, by its contact_id. */
  row(contactId: string): Locator {
    // A row is named "<contact_id>, <display name>".
    const escaped = contactId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.list.getByRole('listitem', { name: new RegExp(`^${escaped}, `) });
  }

  /** The capabilities a contact's row shows, one item each. */
  capabilities(contactId: string): Locator {
    return this.row(contactId).getByRole('list', { name: 'Capabilities' });
  }

  /** A row's Remove for one owner (named "Remove <contact_id> for <name · id>"). */
  removeFor(contactId: string, userId: string): Locator {
    return this.row(contactId).getByRole('button', {
      name: new RegExp(`^Remove ${contactId} for .*${userId}$`),
    });
  }

  /** The question asked before the last owner's removal deletes the contact. */
  lastOwnerConfirm(contactId: string): Locator {
    return this.row(contactId).getByRole('group', {
      name: `Remove ${contactId} for its last owner`,
    });
  }

  /** Above the list: what a removal that deleted a contact did (its row is gone). */
  deletedNote(): Locator {
    return this.pane.getByRole('status', { name: 'Contact deleted' });
  }

  results(contactId: string): Locator {
    return this.pane.getByRole('list', { name: `Results for ${contactId}`, exact: true });
  }

  /** Fills and saves the add form. */
  async add(contact: {
    contactId: string;
    displayName: string;
    capabilities: string[];
    owners: string[];
  }): Promise<void> {
    await this.addButton.click();
    const form = this.form();
    await form.getByRole('textbox', { name: 'contact_id' }).fill(contact.contactId);
    await form.getByRole('textbox', { name: 'Display name' }).fill(contact.displayName);
    for (const cap of contact.capabilities) await form.getByRole('checkbox', { name: cap }).check();
    for (const owner of contact.owners) {
      await form.getByRole('checkbox', { name: new RegExp(owner) }).check();
    }
    await form.getByRole('button', { name: 'Save contact' }).click();
  }

  /** Opens the import panel, pastes CSV lines and waits for the preview table. */
  async previewImport(lines: string[]): Promise<void> {
    await this.importButton.click();
    await this.importPanel
      .getByRole('textbox', { name: 'Or paste CSV or JSON' })
      .fill(lines.join('\n'));
    await this.importPanel.getByRole('button', { name: 'Preview' }).click();
    await this.importPreview.waitFor();
  }

  /** Opens the import panel and chooses a file with the panel's picker. */
  async chooseImportFile(name: string, lines: string[]): Promise<void> {
    if ((await this.importPanel.count()) === 0) await this.importButton.click();
    await this.importPanel.getByLabel('CSV or JSON file').setInputFiles({
      name,
      mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });
  }

  /** The chosen file's name as the panel shows it (or that none is chosen). */
  chosenImportFile(): Locator {
    return this.importPanel.getByRole('group', { name: 'File to import' }).getByRole('status');
  }

  /** Clicks a button of the import panel and returns the download it started. */
  async downloadFromImport(name: string): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.importPanel.getByRole('button', { name }).click(),
    ]);
    return download;
  }

  /** The owners list of a contact's row. */
  owners(contactId: string): Locator {
    return this.pane.getByRole('list', { name: `Owners of ${contactId}`, exact: true });
  }

  /** Clicks an export button and returns the download it started. */
  async export(format: 'CSV' | 'JSON'): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.toolbar.getByRole('button', { name: `Export ${format}` }).click(),
    ]);
    return download;
  }
}

interface SandboxUser {
  id: string;
  name: string;
  surname: string;
}

/**
 * Connects one of the embedded sandbox's seeded users to the engine behind the page: the engine's
 * auth.connectUser over the page's own WebSocket (same origin, same session cookie), the consent
 * answered through POST /_sandbox/authorize, the redirect followed to the engine's loopback.
 */
export async function connectSandboxUser(
  page: Page,
  running: RunningHost,
  index = 0,
): Promise<SandboxUser> {
  const sandbox = running.ready.sandbox;
  const state = (await (await fetch(`${sandbox}/_sandbox/state`)).json()) as {
    users: SandboxUser[];
  };
  const user = state.users[index];
  if (!user) throw new Error(`The sandbox has no user #${index}`);
  await connectUser(page, running, user.id);
  return user;
}
