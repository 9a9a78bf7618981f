// The request composer as the tests see it, by role and accessible name: the endpoint and act-as
// pickers, the generated form (each field named by its parameter), Send, the views (Request, Raw,
// Response, History) and what each shows. Also the setup a send needs that is not the composer's
// to show: a sandbox user connected to the engine, a contact that user owns, a room.
import type { Locator, Page } from 'playwright-core';
import { engineCall } from '../support/engine';
import type { RunningHost } from '../support/host';

// The engine helpers the composer's tests (and others) import from here.
export { connectUser, engineCall } from '../support/engine';

export class ComposerPage {
  readonly region: Locator;
  readonly endpoint: Locator;
  readonly sendButton: Locator;
  readonly sendAnywayButton: Locator;
  readonly alert: Locator;
  readonly requestUrl: Locator;
  readonly raw: Locator;
  readonly jsonTree: Locator;
  readonly rawBodyToggle: Locator;
  readonly rawBody: Locator;
  readonly bulkTable: Locator;
  readonly historySearch: Locator;
  readonly history: Locator;
  readonly curlCommand: Locator;
  readonly vcardXml: Locator;
  readonly chosenFile: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Request composer', exact: true });
    const r = this.region;
    this.endpoint = r.getByRole('combobox', { name: 'Endpoint', exact: true });
    this.sendButton = r.getByRole('button', { name: 'Send', exact: true });
    this.sendAnywayButton = r.getByRole('button', { name: 'Send anyway' });
    this.alert = r.getByRole('alert');
    this.requestUrl = r.getByLabel('Request URL');
    this.raw = r.getByRole('textbox', { name: 'Raw request' });
    this.jsonTree = r.getByRole('group', { name: 'Response body as a JSON tree' });
    this.rawBodyToggle = r.getByRole('button', { name: 'Raw', exact: true });
    this.rawBody = r.getByRole('textbox', { name: 'Raw response body' });
    this.bulkTable = r.getByRole('table', { name: 'Per-recipient result' });
    this.historySearch = r.getByRole('searchbox', { name: 'Search history' });
    this.history = r.getByRole('list', { name: 'Past calls' });
    this.curlCommand = r.getByRole('textbox', { name: 'cURL command' });
    this.vcardXml = r.getByLabel('vCard XML');
    this.chosenFile = r.getByRole('group', { name: 'Chosen file' });
  }

  tab(name: 'Request' | 'Raw' | 'Response' | 'History'): Locator {
    return this.region.getByRole('tab', { name, exact: true });
  }

  /** The field of a catalog parameter, by its name (`contact_id`, `msg_type`, ...). */
  field(name: string): Locator {
    return this.region.getByLabel(name, { exact: true });
  }

  /** The reason shown under a field, from the field's description. */
  async fieldDescription(name: string): Promise<string> {
    const ids = (await this.field(name).getAttribute('aria-describedby')) ?? '';
    const parts = await Promise.all(
      ids
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => this.page.locator(`[id="${id}"]`).innerText()),
    );
    return parts.join(' ');
  }

  actAs(name: 'App token' | 'App token for a user' | "User's token"): Locator {
    return this.region
      .getByRole('radiogroup', { name: 'Act as' })
      .getByRole('radio', { name, exact: true });
  }

  sample(name: string): Locator {
    return this.region.getByRole('group', { name: 'Sample files' }).getByRole('button', { name });
  }

  /** A value of the response's facts ("Status", "Size", "Call"). */
  responseValue(label: string): Locator {
    return this.region
      .getByRole('group', { name: 'Response', exact: true })
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  historyRow(seqOrText: string | RegExp): Locator {
    return this.history.getByRole('listitem').filter({ hasText: seqOrText });
  }

  async chooseEndpoint(id: string): Promise<void> {
    await this.endpoint.selectOption(id);
  }

  /** Fills a text field, or picks a select's option, by parameter name. */
  async set(name: string, value: string): Promise<void> {
    const field = this.field(name);
    // An input with suggestions is a combobox too, so the role does not tell a select apart.
    const id = await field.getAttribute('id');
    const isSelect = (await this.region.locator(`select[id="${id}"]`).count()) > 0;
    if (isSelect) await field.selectOption(value);
    else await field.fill(value);
  }

  /** Sends with the keyboard shortcut from inside the form. */
  async sendWithShortcut(): Promise<void> {
    await this.tab('Request').click();
    await this.field('contact_id').focus();
    await this.page.keyboard.press('ControlOrMeta+Enter');
  }
}

async function simulator<T>(running: RunningHost, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${running.ready.sandbox}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export function sandboxUser(running: RunningHost, name: string, surname: string) {
  return simulator<{ id: string }>(running, '/_sandbox/users', { name, surname });
}

/** A contact the user owns (group_add, interactive), added with the user's token. */
export async function addContact(page: Page, userId: string, contactId: string) {
  const out = await engineCall(page, 'composer.send', {
    endpointId: 'contact.add',
    params: {
      contact_id: contactId,
      display_name: `Contact ${contactId}`,
      capabilities: 'group_add interactive',
    },
    actAs: { kind: 'user', userId },
  });
  if (out.record.api.status !== 200) throw new Error(`contact/add: ${out.record.summary}`);
}

/** A room the user made, with the contact invited into it. */
export async function roomWithContact(
  running: RunningHost,
  userId: string,
  contactId: string,
  subject: string,
) {
  const room = await simulator<{ room: string }>(running, '/_sandbox/rooms', {
    subject,
    created_by: userId,
  });
  await simulator(running, `/_sandbox/rooms/${room.room}/invite`, {
    contact_id: contactId,
    by: userId,
  });
  return room.room;
}
