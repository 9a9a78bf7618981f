// The request composer as the tests see it, by role and accessible name: the endpoint and act-as
// pickers, the generated form (each field named by its parameter), Send, the views (Request, Raw,
// Response, History) and what each shows. Also the setup a send needs that is not the composer's
// to show: a sandbox user connected to the engine, a contact that user owns, a room.
import type { Locator, Page } from 'playwright-core';
import type { CommandInput, CommandName, CommandOutput } from '../../../src-main/core/contract';
import type { RunningHost } from '../support/host';

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

/**
 * One command to the engine over the page's own WebSocket (the session cookie is the page's): for
 * test setup the UI under test is not there to do, such as connecting a user without a browser tab.
 */
export async function engineCall<K extends CommandName>(
  page: Page,
  command: K,
  input: CommandInput<K>,
): Promise<CommandOutput<K>> {
  // A string expression: the test tsconfig has no DOM types, the browser evaluates it.
  const script = `new Promise((resolve, reject) => {
    const ws = new WebSocket((location.protocol === 'https:' ? 'wss:' : 'ws:') + '//' + location.host + '/ws');
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, command: ${JSON.stringify(command)}, input: ${JSON.stringify(input)} }));
    ws.onmessage = (m) => {
      const d = JSON.parse(m.data);
      if (d.id !== 1) return;
      ws.close();
      d.ok ? resolve(d.output) : reject(new Error(d.error.message));
    };
    ws.onerror = () => reject(new Error('the WebSocket to the engine failed'));
  })`;
  return (await page.evaluate(script)) as CommandOutput<K>;
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

/**
 * Connects a sandbox user to the engine: the engine starts the flow, the simulator plays the
 * user's approval (POST /_sandbox/authorize), and the redirect lands on the engine's loopback.
 */
export async function connectUser(page: Page, running: RunningHost, userId: string) {
  const flow = await startFlow(page);
  const url = new URL(flow.authorizeUrl);
  const { redirect } = await simulator<{ redirect: string }>(running, '/_sandbox/authorize', {
    client_id: url.searchParams.get('client_id'),
    redirect_uri: url.searchParams.get('redirect_uri'),
    state: url.searchParams.get('state'),
    user_id: userId,
    scope: 'basic',
    decision: 'approve',
  });
  await (await fetch(redirect)).text();
  for (let i = 0; i < 200; i++) {
    const now = await engineCall(page, 'auth.flow', {});
    if (now?.status === 'connected') return;
    if (now && now.status !== 'waiting' && now.status !== 'exchanging') {
      throw new Error(`Connecting ${userId} ended ${now.status}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Connecting ${userId} did not finish`);
}

/**
 * The sandbox app's redirect URI is one fixed loopback port for every host on the machine, so a
 * test elsewhere may hold it for a moment: try again for a while before giving up.
 */
async function startFlow(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await engineCall(page, 'auth.connectUser', { scopes: ['basic'], openBrowser: false });
    } catch (err) {
      if (attempt >= 40 || !/is in use/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
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
