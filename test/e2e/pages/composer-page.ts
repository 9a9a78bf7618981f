// The request composer as the tests see it, by role and accessible name: the endpoint and act-as
// pickers, the generated form (each field named by its parameter), Send, the views (Request, Raw,
// Response, History) and what each shows. Also the setup a send needs that is not the composer's
// to show: a sandbox user connected to the engine, a contact that user owns, a room.
import type { Locator, Page } from 'playwright-core';
import { engineCall } from '../support/engine';
import type { RunningHost } from '../support/host';
import { choose, shows } from './simulator-page';

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
  /** The send bar's line counting the problems with the API document's rules. */
  readonly rulesSummary: Locator;

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
    this.rulesSummary = r
      .getByRole('status')
      .filter({ hasText: /problems? with the API document's rules/ });
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

  /**
   * Chooses how to act and waits until the choice holds. A click can land while the form still
   * moves (the endpoint's rules arrive a moment after it is chosen and add a note above the
   * radios), so the step clicks again until the radio reads checked rather than trusting one click.
   */
  async chooseActAs(name: 'App token' | 'App token for a user' | "User's token"): Promise<void> {
    const radio = this.actAs(name);
    const until = Date.now() + 15_000;
    while (!(await radio.isChecked())) {
      if (Date.now() > until)
        throw new Error(`Waited 15 s for "${name}" to stay chosen in Act as; it never did.`);
      await radio.click({ timeout: 5_000 }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
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

  /** The last response's call ("#12 POST http://…/tp/message/send.json"), or null before any. */
  async lastCall(): Promise<string | null> {
    const call = this.responseValue('Call');
    return (await call.count()) > 0 ? (await call.innerText()).trim() : null;
  }

  /**
   * Picks one of resource_id's suggestions, the way a person picks from the field's list after
   * "List resources": the first whose label starts with `label` ("user · ", "room · Hike").
   * Waits for the listing (/tp/resource/list for each connected user) and answers the id picked.
   */
  async pickResource(label: string): Promise<string> {
    const list = this.region.getByRole('button', { name: 'List resources' });
    await list.click();
    const listId = await this.field('resource_id').getAttribute('list');
    const until = Date.now() + WAIT_MS;
    // A listing that ended with nothing to offer is asked for again (as a person would click
    // again): a click that lands while the form still moves under it does not take (once in CI,
    // "offered: none" after 15 s).
    let askedAt = Date.now();
    for (;;) {
      const offered = await this.suggestions(listId);
      const found = offered.find((o) => o.label.startsWith(label));
      if (found) {
        await this.field('resource_id').fill(found.value);
        return found.value;
      }
      if (Date.now() > until) {
        const said = offered.map((o) => o.label).join(' | ') || 'none';
        const errors = await this.region.locator('.param-error').allInnerTexts();
        throw new Error(
          `Waited ${WAIT_MS / 1000} s for a resource_id suggestion "${label}…"; offered: ${said}${errors.length ? `; the form says: ${errors.join(' | ')}` : ''}`,
        );
      }
      // While a listing runs its button reads "Listing resources…": then there is none to click.
      const idle = (await list.count()) > 0 && (await list.isEnabled());
      if (offered.length === 0 && Date.now() - askedAt > 3000 && idle) {
        await list.click();
        askedAt = Date.now();
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The conversations "List resources" found, shown under resource_id. */
  listedResources(): Locator {
    return this.region.getByRole('list', { name: 'Listed resources' });
  }

  /** One listed conversation, by the start of its name ("Ada Lovelace, user, u…"). */
  listedResource(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.listedResources().getByRole('button', { name: new RegExp(`^${escaped}, `) });
  }

  /** What a field's picker offers now (its datalist), as value and label. */
  async suggestionsFor(name: string): Promise<{ value: string; label: string }[]> {
    return this.suggestions(null, name);
  }

  private async suggestions(
    listId: string | null,
    name = 'resource_id',
  ): Promise<{ value: string; label: string }[]> {
    // The field gets its list (and so its `list` attribute) once there is something to suggest.
    const id = listId ?? (await this.field(name).getAttribute('list'));
    if (!id) return [];
    const options = this.page.locator(`datalist[id="${id}"] option`);
    const out: { value: string; label: string }[] = [];
    for (let i = 0; i < (await options.count()); i++) {
      const option = options.nth(i);
      out.push({
        value: (await option.getAttribute('value')) ?? '',
        label: ((await option.textContent()) ?? '').trim(),
      });
    }
    return out;
  }

  /** Fills the vCard editor of msg_type contact: name, surname and phones (number, type). */
  async fillVcard(name: string, surname: string, phones: [string, string][]): Promise<void> {
    const r = this.region;
    await r.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await r.getByRole('textbox', { name: 'Surname', exact: true }).fill(surname);
    // Phones beyond the ones wanted go; missing ones are added.
    const remove = (i: number) => r.getByRole('button', { name: `Remove phone ${i}`, exact: true });
    while ((await remove(phones.length + 1).count()) > 0) await remove(phones.length + 1).click();
    for (const [i, [number, type]] of phones.entries()) {
      const field = r.getByRole('textbox', { name: `Phone ${i + 1} number` });
      if ((await field.count()) === 0) await r.getByRole('button', { name: 'Add phone' }).click();
      await field.fill(number);
      await r.getByRole('textbox', { name: `Phone ${i + 1} type` }).fill(type);
    }
  }

  /** Opens the history search from anywhere with Ctrl/Cmd+K and types into it. */
  async searchHistory(text: string): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+k');
    await this.historySearch.fill(text);
  }

  /** Reopens a past call of the history in the form, by its row. */
  async reopen(row: Locator): Promise<void> {
    await row.getByRole('button', { name: /^Reopen #\d+$/ }).click();
  }

  /**
   * What has the keyboard focus, as assistive tech names it: its role (explicit, or the one its
   * element implies) and accessible name (aria-labelledby, aria-label, its label, or its text).
   * `body` when the focus fell to the page.
   */
  async focused(): Promise<{ role: string; name: string }> {
    // A string expression: the test tsconfig has no DOM types, the browser evaluates it.
    const out = await this.page.evaluate(FOCUSED_EXPRESSION);
    return out as { role: string; name: string };
  }

  /** On how many lines the request line's method ("GET") is drawn: 1 unless it wrapped. */
  async methodLines(): Promise<number> {
    // A string expression: the test tsconfig has no DOM types, the browser evaluates it.
    return Number(
      await this.page.evaluate(`(() => {
        const url = document.querySelector('[aria-label="Request URL"]');
        const range = document.createRange();
        range.selectNodeContents(url.previousElementSibling);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      })()`),
    );
  }

  /** Sends with the keyboard shortcut from inside the form. */
  async sendWithShortcut(): Promise<void> {
    await this.tab('Request').click();
    await this.field('contact_id').focus();
    await this.page.keyboard.press('ControlOrMeta+Enter');
  }

  /** Acts as a connected user, picked by the start of their label in "User" ("Ada Tester"). */
  async actAsUser(kind: 'App token for a user' | "User's token", name: string): Promise<void> {
    await this.chooseActAs(kind);
    await choose(this.region.getByRole('combobox', { name: 'User', exact: true }), name);
  }

  /**
   * A past call's cURL with its secrets in clear, as "Include secrets" shows it in the History
   * view: what a person would check a shared file against. Answers the command.
   */
  async curlWithSecrets(row: Locator): Promise<string> {
    await this.tab('History').click();
    const button = row.getByRole('button', { name: /^Copy #\d+ as cURL$/ });
    const seq = /#(\d+)/.exec((await button.getAttribute('aria-label')) ?? '')?.[1];
    await button.click();
    // This call's box: the one shown before (another call's) stays until this one's arrives.
    const box = this.region.getByRole('group', { name: `cURL of #${seq}`, exact: true });
    await shows(box, `the cURL of #${seq}`);
    // The box is ticked once the engine has answered with the command: click, then wait.
    await box.getByRole('checkbox', { name: 'Include secrets' }).click();
    const inClear = box.getByRole('status').filter({ hasText: 'It holds secrets in clear' });
    await shows(inClear, `the cURL of #${seq} with its secrets in clear`);
    return box.getByRole('textbox', { name: 'cURL command' }).innerText();
  }
}

const WAIT_MS = 15_000;

const FOCUSED_EXPRESSION = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { role: 'body', name: '' };
  const text = (e) => (e ? (e.innerText ?? e.textContent ?? '').replace(/\\s+/g, ' ').trim() : '');
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') ?? 'text').toLowerCase();
  const implied =
    tag === 'button' ? 'button'
    : tag === 'select' ? 'combobox'
    : tag === 'textarea' ? 'textbox'
    : tag === 'a' && el.hasAttribute('href') ? 'link'
    : tag === 'input' && type === 'checkbox' ? 'checkbox'
    : tag === 'input' && type === 'radio' ? 'radio'
    : tag === 'input' && type === 'search' && !el.hasAttribute('list') ? 'searchbox'
    : tag === 'input' && el.hasAttribute('list') ? 'combobox'
    : tag === 'input' ? 'textbox'
    : tag;
  const role = el.getAttribute('role') ?? implied;
  const labelledBy = (el.getAttribute('aria-labelledby') ?? '').split(/\\s+/).filter(Boolean);
  let name = labelledBy.map((id) => text(document.getElementById(id))).join(' ').trim();
  if (!name) name = (el.getAttribute('aria-label') ?? '').trim();
  if (!name && el.labels && el.labels.length > 0) name = text(el.labels[0]);
  if (!name && ['button', 'tab', 'link'].includes(role)) name = text(el);
  return { role, name };
})()`;

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
