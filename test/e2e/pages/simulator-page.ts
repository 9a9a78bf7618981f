// The Simulator tab as the tests see it, by role and name: its sections (Users, Rooms, Send as
// user, Clock, App registration, Deliveries), each with its outcome line, the users and rooms lists,
// the room actions, the send form with the composer's editors, the sandbox's time and the buttons
// that move it forward, the registration form and the sandbox's delivery attempts.
import type { Locator, Page } from 'playwright-core';
import { openTab } from './tabs';

type SimSectionName =
  'Users' | 'Rooms' | 'Send as user' | 'Clock' | 'App registration' | 'Deliveries';

export class SimulatorPage {
  readonly tab: Locator;
  readonly pane: Locator;
  readonly users: Locator;
  readonly userList: Locator;
  readonly rooms: Locator;
  readonly roomList: Locator;
  readonly roomActions: Locator;
  readonly send: Locator;
  readonly clock: Locator;
  /** The sandbox's time, as shown (`2026-11-28 18:52 UTC`); its dateTime attribute is ISO 8601. */
  readonly clockTime: Locator;
  readonly app: Locator;
  readonly registration: Locator;
  readonly deliveries: Locator;
  readonly deliveryList: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Simulator' });
    this.pane = page.getByRole('region', { name: 'Simulator', exact: true });
    this.users = this.section('Users');
    this.userList = this.users.getByRole('list', { name: 'Sandbox users' });
    this.rooms = this.section('Rooms');
    this.roomList = this.rooms.getByRole('list', { name: 'Rooms', exact: true });
    this.roomActions = this.rooms.getByRole('group', { name: 'Room actions' });
    this.send = this.section('Send as user');
    this.clock = this.section('Clock');
    this.clockTime = this.clock.getByRole('time');
    this.app = this.section('App registration');
    this.registration = this.app.getByRole('form', { name: 'App registration' });
    this.deliveries = this.section('Deliveries');
    this.deliveryList = this.deliveries.getByRole('list', { name: 'Sandbox deliveries' });
  }

  /** In Clock: the button that moves the sandbox's clock forward (`+1 min`, `+10 min`, `+1 h`, `+1 day`). */
  clockForward(label: '+1 min' | '+10 min' | '+1 h' | '+1 day'): Locator {
    return this.clock
      .getByRole('group', { name: 'Move the sandbox clock forward' })
      .getByRole('button', { name: label, exact: true });
  }

  /** In App registration: the client secret, hidden until Show, with Copy. */
  clientSecret(): Locator {
    return this.app.getByRole('group', { name: 'Client secret', exact: true });
  }

  /** Opens the tab and waits until the sandbox's state is shown. */
  async open(): Promise<void> {
    await openTab(this.tab, this.pane, 'Simulator');
    await shows(this.users, 'the Simulator tab showing the sandbox users');
  }

  section(name: SimSectionName): Locator {
    return this.pane.getByRole('region', { name, exact: true });
  }

  /** Unfolds a section (App registration and Deliveries start folded). */
  async expand(name: SimSectionName): Promise<void> {
    const fold = this.section(name).getByRole('button', { name, exact: true });
    if ((await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
  }

  /** A section's last outcome: a status when it went well, an alert when it was refused. */
  outcome(name: SimSectionName): Locator {
    const section = this.section(name);
    return section.getByRole('status').or(section.getByRole('alert'));
  }

  refusal(name: SimSectionName): Locator {
    return this.section(name).getByRole('alert');
  }

  /** A user's entry, by full name ("Ada Tester"). */
  user(name: string): Locator {
    return this.userList.getByRole('listitem', { name, exact: true });
  }

  /** Opens a user's entry, where their actions and what they received are. */
  async openUser(name: string): Promise<Locator> {
    const entry = this.user(name);
    const fold = entry.getByRole('button', { name, exact: true });
    if ((await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
    return entry;
  }

  received(name: string): Locator {
    return this.user(name).getByRole('list', { name: `Received by ${name}`, exact: true });
  }

  /** What the app sent the user, one item per message, newest first ("text push 12:00:01 · …"). */
  receivedItems(name: string): Locator {
    return this.received(name).getByRole('listitem');
  }

  room(subject: string): Locator {
    return this.roomList.getByRole('listitem', { name: subject, exact: true });
  }

  async createUser(name: string, surname: string, lang?: string): Promise<void> {
    const form = this.users.getByRole('form', { name: 'New user' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Surname', exact: true }).fill(surname);
    if (lang !== undefined) await form.getByRole('textbox', { name: 'Language' }).fill(lang);
    await form.getByRole('button', { name: 'Create user' }).click();
  }

  async createRoom(subject: string, createdBy: string): Promise<void> {
    const form = this.rooms.getByRole('form', { name: 'New room' });
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await choose(form.getByRole('combobox', { name: 'Created by' }), createdBy);
    await form.getByRole('button', { name: 'Create room' }).click();
  }

  /** Picks the room, the acting user and (for invite/remove) the contact of the room actions. */
  async inRoom(room: string, asUser: string, contact?: string): Promise<void> {
    await choose(this.roomActions.getByRole('combobox', { name: 'Room' }), room);
    await choose(this.roomActions.getByRole('combobox', { name: 'As user' }), asUser);
    if (contact) {
      await choose(this.roomActions.getByRole('combobox', { name: 'Contact' }), contact);
    }
  }

  roomButton(
    name:
      'Invite contact' | 'Remove contact' | 'Join' | 'Leave' | 'Change subject' | 'Change avatar',
  ): Locator {
    return this.roomActions.getByRole('button', { name, exact: true });
  }

  /** Fills "Send as user" up to the message: who sends, to which contact or room, the msg_type. */
  async compose(from: string, to: { contact: string } | { room: string }, msgType: string) {
    await choose(this.send.getByRole('combobox', { name: 'From user' }), from);
    if ('contact' in to) {
      await this.send.getByRole('radio', { name: 'a contact' }).check();
      await choose(this.send.getByRole('combobox', { name: 'To contact' }), to.contact);
    } else {
      await this.send.getByRole('radio', { name: 'a room' }).check();
      await choose(this.send.getByRole('combobox', { name: 'Into room' }), to.room);
    }
    await this.send.getByRole('combobox', { name: 'msg_type' }).selectOption(msgType);
  }

  /** A text field of the message editor, by its parameter name (text, geo_lat, ...). */
  param(name: string): Locator {
    return this.send.getByRole('textbox', { name, exact: true });
  }

  sample(name: string): Locator {
    return this.send.getByRole('group', { name: 'Sample files' }).getByRole('button', { name });
  }

  sendButton(): Locator {
    return this.send.getByRole('button', { name: 'Send', exact: true });
  }

  /** A text field of the registration form, by its label. */
  registrationField(label: string): Locator {
    return this.registration.getByRole('textbox', { name: label, exact: true });
  }

  /** A checkbox of the registration's "Refresh tokens", by its label. */
  refreshTokenCheck(
    label: 'Rotate on each refresh' | 'Repeat the unchanged token in the answer',
  ): Locator {
    return this.registration
      .getByRole('group', { name: 'Refresh tokens' })
      .getByRole('checkbox', { name: label, exact: true });
  }

  delivery(id: string): Locator {
    return this.deliveryList.getByRole('listitem', { name: `Delivery ${id}`, exact: true });
  }

  /** The deliveries shown, each as its text (type, status, attempts). */
  async deliveryTexts(): Promise<string[]> {
    return this.deliveryList.getByRole('listitem', { name: /^Delivery / }).allInnerTexts();
  }

  /**
   * Waits until the section's outcome says `pattern` and answers that line; fails in words with
   * what it said instead. `notBefore`: a line said before the action, not taken as its outcome.
   */
  async said(name: SimSectionName, pattern: RegExp, notBefore?: string): Promise<string> {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const lines = await this.outcome(name).allInnerTexts();
      const line = lines.find((l) => pattern.test(l) && l !== notBefore);
      if (line !== undefined) return line;
      if (Date.now() > until) {
        throw new Error(
          `Waited ${WAIT_MS / 1000} s for ${name} to say ${pattern}; it said: ${lines.join(' / ') || 'nothing'}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Creates a user from the Users section; once listed, answers the id its outcome names. */
  async addUser(name: string, surname: string, lang?: string): Promise<string> {
    await this.createUser(name, surname, lang);
    const line = await this.said(
      'Users',
      new RegExp(`^Created user ${escapeRegExp(`${name} ${surname}`)} \\(u\\w+\\)\\.`),
    );
    await shows(this.user(`${name} ${surname}`), `${name} ${surname} in the users list`);
    return /\((u\w+)\)/.exec(line)![1]!;
  }

  /** The badge beside a user's name: "connected · basic …" or "not connected". */
  connection(name: string): Locator {
    return this.user(name).getByText(/^(not )?connected/);
  }

  /**
   * Connects a user the way the platform client does: "Open directory URL" (a new otp) in their
   * entry; waits until the section says the URL answered and the user shows as connected.
   */
  async connectAtDirectory(name: string): Promise<string> {
    const entry = await this.openUser(name);
    await entry.getByRole('button', { name: 'Open directory URL' }).click();
    const line = await this.said(
      'Users',
      new RegExp(`opened the directory URL for ${escapeRegExp(name)} with a new otp: .*answered`),
    );
    await shows(
      this.connection(name).filter({ hasText: /^connected/ }),
      `${name} shown as connected after the directory otp (the section said: ${line})`,
    );
    return line;
  }

  /** Creates a room from the Rooms section; once listed, answers the id its outcome names. */
  async addRoom(subject: string, createdBy: string): Promise<string> {
    await this.createRoom(subject, createdBy);
    const line = await this.said(
      'Rooms',
      new RegExp(
        `^${escapeRegExp(createdBy)} created the room "${escapeRegExp(subject)}" \\(r\\w+\\)`,
      ),
    );
    await shows(this.room(subject), `the room "${subject}" in the rooms list`);
    return /\((r\w+)\)/.exec(line)![1]!;
  }

  /**
   * In the room actions, `asUser` invites the contact (picked by the start of its label, e.g. its
   * display name) to the room; waits until the section says the sandbox delivers group-invite.
   */
  async invite(room: string, asUser: string, contact: string): Promise<string> {
    await this.inRoom(room, asUser, contact);
    await this.roomButton('Invite contact').click();
    return this.said(
      'Rooms',
      new RegExp(
        `^${escapeRegExp(asUser)} invited contact \\S+ to "${escapeRegExp(room)}"; the sandbox delivers group-invite`,
      ),
    );
  }

  /**
   * "Send as user": a text from `from` to a contact or into a room; waits until the section says
   * it was sent and answers that line.
   */
  async sendText(from: string, to: { contact: string } | { room: string }, text: string) {
    await this.compose(from, to, 'text');
    await this.param('text').fill(text);
    const before = (await this.outcome('Send as user').allInnerTexts()).join(' / ');
    await this.sendButton().click();
    const sent = new RegExp(`^${escapeRegExp(from)} sent a text message `);
    return this.said('Send as user', sent, before);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const WAIT_MS = 15_000;

/** Waits for the locator to show, failing in words that say what never appeared. */
export async function shows(locator: Locator, what: string): Promise<void> {
  try {
    await locator.waitFor({ timeout: WAIT_MS });
  } catch {
    throw new Error(`Waited ${WAIT_MS / 1000} s for ${what}; it never showed.`);
  }
}

/**
 * Picks the option whose label starts with `text` (labels carry more: "Ada Tester · connected",
 * "Hike (r3k…)"), so a test names things the way a person reads them. Waits for the option to
 * appear, since the lists follow the sandbox's state a moment after an action.
 */
export async function choose(select: Locator, text: string): Promise<void> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const labels = await select.locator('option').allInnerTexts();
    const label = labels.find((l) => l.startsWith(text));
    if (label !== undefined) {
      await select.selectOption({ label });
      return;
    }
    if (Date.now() > until) {
      throw new Error(
        `Waited ${WAIT_MS / 1000} s for an option starting with "${text}"; there were: ${labels.join(' | ')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
