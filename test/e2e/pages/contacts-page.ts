// The Contacts tab (the "Contact editor" pane) as the tests see it, by role and name: the book's
// rows, the add/edit form, per-owner results, import and export. Also connects a sandbox user to
// the engine for a test's setup, through the engine's own flow and the sandbox's simulator API.
import type { Download, Locator, Page } from 'playwright-core';
import type { RunningHost } from '../support/host';

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

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Contacts' });
    this.pane = page.getByRole('region', { name: 'Contact editor', exact: true });
    this.toolbar = this.pane.getByRole('toolbar', { name: 'Contact book' });
    this.addButton = this.toolbar.getByRole('button', { name: 'Add contact' });
    this.importButton = this.toolbar.getByRole('button', { name: 'Import…' });
    this.list = this.pane.getByRole('list', { name: 'Contacts', exact: true });
    this.importPanel = this.pane.getByRole('region', { name: 'Import contacts' });
    this.importPreview = this.importPanel.getByRole('table', { name: 'Import preview' });
    this.alert = this.pane.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.tab.click();
    await this.pane.waitFor();
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

  /** Clicks an export button and returns the download it started. */
  async export(format: 'CSV' | 'JSON'): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.toolbar.getByRole('button', { name: `Export ${format}` }).click(),
    ]);
    return download;
  }
}

/** port_in_use: another host holds the shared redirect port; flow_in_progress: a flow ending. */
const RETRY_CODES = new Set(['port_in_use', 'flow_in_progress']);

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
  // Every host's sandbox profile has the same loopback redirect URI, so another test file
  // connecting a user at this moment holds its port: try again a few times.
  let flow: { authorizeUrl: string } | null = null;
  for (let attempt = 1; flow === null; attempt++) {
    const answer = await command(page, 'auth.connectUser', {
      scopes: ['basic'],
      openBrowser: false,
    });
    if (answer.ok) flow = answer.output as { authorizeUrl: string };
    else if (!RETRY_CODES.has(answer.error.code) || attempt >= 15) {
      throw new Error(`auth.connectUser failed (attempt ${attempt}): ${answer.error.message}`);
    } else await page.waitForTimeout(1_000);
  }
  const q = new URL(flow.authorizeUrl).searchParams;
  const res = await fetch(`${sandbox}/_sandbox/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: q.get('client_id'),
      redirect_uri: q.get('redirect_uri'),
      state: q.get('state'),
      scope: q.get('scope'),
      user_id: user.id,
      decision: 'approve',
    }),
  });
  const { redirect } = (await res.json()) as { redirect: string };
  await (await fetch(redirect)).text();
  // The code is exchanged after the redirect is answered: wait for the flow to end.
  for (let i = 0; i < 150; i++) {
    const answer = await command(page, 'auth.flow', {});
    const now = answer.ok
      ? (answer.output as { status: string; userId: string | null; error: string | null })
      : null;
    if (now?.status === 'connected' && now.userId === user.id) return user;
    if (now && now.status !== 'waiting' && now.status !== 'exchanging') {
      throw new Error(`Connecting ${user.id} ended ${now.status}: ${now.error}`);
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`${user.id} was not connected within 15 s`);
}

type Answer =
  { ok: true; output: unknown } | { ok: false; error: { code: string; message: string } };

/** One engine command over the page's own WebSocket (same origin, same session cookie). */
async function command(page: Page, name: string, input: unknown): Promise<Answer> {
  const request = JSON.stringify({ id: 1, command: name, input });
  // A string expression: the test tsconfig has no DOM types; the browser evaluates it.
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
    ws.onopen = () => ws.send(${JSON.stringify(request)});
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.id !== 1) return;
      ws.close();
      resolve(msg);
    };
    ws.onerror = () => reject(new Error('the WebSocket to the engine failed'));
  })`)) as Answer;
}
