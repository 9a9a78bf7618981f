// A QA session through the UI alone:
//
//   "In one sitting and only through the UI, a QA tester creates two users, connects them, gives
//   each a contact, has them message the contact and invite it to a room, sees every delivery,
//   answers in the room, and exports the session report."
//
// One host, one page, every step a click or a key in Chromium through the headless host: the two
// platform users made in the Simulator tab; each connected in the Users tab through the sandbox's
// consent page the app opens in a new tab; a contact for each (interactive, group_add) in the
// Contacts tab; in the Simulator tab each user writes to their contact, makes a room and invites
// the contact into it; the four deliveries (two texts, two group-invites) verified in the Event log
// and delivered at the first attempt in the Simulator's Deliveries; the answer in each room from
// the composer (message/send.json as the room's user, the contact as sender, the room's id picked
// from resource_id's suggestions), arriving at that user; and the session exported as an HTML
// report from the Event log, which names every delivery and both answers and holds no secret: not
// the app's client secret, not the users' tokens (shown in clear by the composer's "Include
// secrets" cURL, the way a tester would check them). The test side only reads: the sandbox's
// client secret, and the report file.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ComposerPage } from './pages/composer-page';
import { ContactsPage } from './pages/contacts-page';
import { EventLogPage } from './pages/event-log-page';
import { SimulatorPage } from './pages/simulator-page';
import { UsersPage } from './pages/users-page';
import { POLL, useAppSession } from './support/app-session';
import type { RunningHost } from './support/host';

const session = useAppSession();
/** Every wait says what it waits for, so a failure reads as the step that did not happen. */
const until = (words: string) => ({ ...POLL, message: words });
// A delivery row's text ends with the signature outcome (its cells' text runs together).
const VALID = /(?<!in)valid$/;
// A token in clear would look like this (the sandbox's are 32 base64url characters); the engine
// only ever shows a few characters and an ellipsis.
const TOKEN_RUN = /(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{24,}/;

/** One user's part: who they are, their contact, what they write and their room. */
interface Tester {
  name: string;
  surname: string;
  contactId: string;
  contactName: string;
  message: string;
  room: string;
  answer: string;
}

const TESTERS: Tester[] = [
  {
    name: 'Ada',
    surname: 'Tester',
    contactId: 'ada-desk',
    contactName: 'Ada desk',
    message: 'Can the desk book the hut for Saturday?',
    room: 'Hut booking',
    answer: 'Booked: the hut is yours on Saturday.',
  },
  {
    name: 'Bo',
    surname: 'Tester',
    contactId: 'bo-desk',
    contactName: 'Bo desk',
    message: 'Is my parcel 4471 on its way?',
    room: 'Parcel 4471',
    answer: 'Parcel 4471 left the depot this morning.',
  },
];
const fullName = (t: Tester) => `${t.name} ${t.surname}`;

async function clientSecret(running: RunningHost): Promise<string> {
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    apps: { client_secret: string }[];
  };
  return state.apps[0]!.client_secret;
}

/**
 * The one verified delivery of the Event log for the contact and `filter` (a choice of the
 * filter bar and its value), whose summary starts with `summary`, opened in the detail: answers
 * its seq, with the filters reset.
 */
async function verifiedDelivery(
  log: EventLogPage,
  contactId: string,
  filter: ['msg_type' | 'Event type', string],
  summary: string,
) {
  const [choice, value] = filter;
  await log.choose('Contact', contactId);
  await log.choose(choice, value);
  const shown = log.rows('delivery', '/hooks/sandbox', VALID);
  // The one row the filters leave, and it is this delivery (not a row of the list before).
  const row = shown.and(log.rowsSummarised(`${summary} → 200 (signature valid)`));
  await expect
    .poll(
      async () => [await shown.count(), await row.count()],
      until(`the filters to leave "${summary}", verified, for ${contactId}`),
    )
    .toEqual([1, 1]);
  const seq = await log.openRecord(row);
  expect(await log.detailValue('Signature', 'Outcome').innerText()).toBe('valid');
  expect(await log.detailValue('Classification', 'Contact').innerText()).toBe(contactId);
  await log.choose(choice, '');
  await log.choose('Contact', '');
  return seq;
}

describe('a QA session through the UI', () => {
  test('a QA tester creates two users, connects them, gives each a contact, has them message it and invite it to a room, sees every delivery, answers in the rooms and exports the session report', async () => {
    const running = await session.host();
    const secrets = [await clientSecret(running)];
    const app = await session.openApp(running);
    const context = app.page.context();
    const sim = new SimulatorPage(app.page);
    const users = new UsersPage(app.page);
    const contacts = new ContactsPage(app.page);
    const log = new EventLogPage(app.page);
    const composer = new ComposerPage(app.page);

    // Two platform users, made in the Simulator tab.
    await sim.open();
    const ids = new Map<Tester, string>();
    for (const t of TESTERS) ids.set(t, await sim.addUser(t.name, t.surname));

    // Each connects to the app: Users tab, "Connect user", the consent page, Approve.
    await users.open();
    for (const t of TESTERS) {
      expect(await users.connectThroughConsent(context, fullName(t))).toBe(ids.get(t));
    }

    // A contact for each, in the Contacts tab: interactive (their messages are delivered) and
    // group_add (a room may take it).
    await contacts.open();
    for (const t of TESTERS) {
      await contacts.add({
        contactId: t.contactId,
        displayName: t.contactName,
        capabilities: ['interactive', 'group_add'],
        owners: [fullName(t)],
      });
      await expect
        .poll(
          () => contacts.results(t.contactId).innerText(),
          until(`${t.contactId} added for ${fullName(t)}`),
        )
        .toMatch(/contact\/add · 200/);
    }

    // In the Simulator tab each user writes to their contact, makes a room and invites it.
    await sim.open();
    const rooms = new Map<Tester, string>();
    for (const t of TESTERS) {
      await expect
        .poll(
          () => sim.connection(fullName(t)).innerText(),
          until(`${fullName(t)} shown as connected in the Simulator`),
        )
        .toMatch(/^connected · basic/);
      const sent = await sim.sendText(fullName(t), { contact: t.contactName }, t.message);
      expect(sent).toMatch(new RegExp(`to contact ${t.contactId}\\.`));
      rooms.set(t, await sim.addRoom(t.room, fullName(t)));
      await sim.invite(t.room, fullName(t), t.contactName);
    }

    // Every delivery: the Simulator's Deliveries, each delivered at the first attempt...
    await sim.expand('Deliveries');
    await expect
      .poll(
        async () =>
          (await sim.deliveryTexts()).map((d) => {
            const m = /^(\S+)\s+(\w+) · (\d+) attempts?\b/.exec(d);
            return m ? `${m[1]} ${m[2]} · ${m[3]}` : d;
          }),
        until('the four deliveries, delivered at the first attempt, in the Simulator'),
      )
      .toEqual([
        'group-invite delivered · 1',
        'text delivered · 1',
        'group-invite delivered · 1',
        'text delivered · 1',
      ]);
    // ...and at the receiver, in the Event log: four, each with a valid signature.
    await log.kind('delivery').click();
    await expect
      .poll(
        () => log.rows('delivery', '/hooks/sandbox', VALID).count(),
        until('four verified deliveries in the Event log'),
      )
      .toBe(4);
    const seqs = new Map<Tester, { text: number; invite: number }>();
    for (const t of TESTERS) {
      const text = await verifiedDelivery(
        log,
        t.contactId,
        ['msg_type', 'text'],
        `Delivery: text message from ${ids.get(t)}`,
      );
      expect(await log.detailValue('Classification', 'User').innerText()).toBe(ids.get(t));
      expect(await log.deliveryData().innerText()).toContain(t.message);
      const invite = await verifiedDelivery(
        log,
        t.contactId,
        ['Event type', 'group-invite'],
        `Delivery: group-invite in ${rooms.get(t)}`,
      );
      expect(await log.detailValue('Classification', 'Room').innerText()).toBe(rooms.get(t));
      seqs.set(t, { text, invite });
    }
    await log.clearFilters.click();

    // The answer in each room: message/send.json as the room's user, from their contact.
    await composer.chooseEndpoint('message.send');
    await expect
      .poll(() => composer.actAs("User's token").isEnabled(), until('"User\'s token" offered'))
      .toBe(true);
    const answers = new Map<Tester, number>();
    for (const t of TESTERS) {
      await composer.tab('Request').click();
      await composer.actAsUser("User's token", fullName(t));
      await composer.set('contact_id', t.contactId);
      expect(await composer.pickResource(`room · ${t.room}`)).toBe(rooms.get(t));
      await composer.set('msg_type', 'text');
      await composer.set('text', t.answer);
      const before = await composer.lastCall();
      await composer.sendButton.click();
      await expect
        .poll(() => composer.lastCall(), until(`the answer in "${t.room}" sent`))
        .not.toBe(before);
      expect(await composer.responseValue('Status').innerText()).toBe('200');
      expect(await composer.jsonTree.innerText()).toContain(`"room": "${rooms.get(t)}"`);
      answers.set(t, Number(/^#(\d+) /.exec((await composer.lastCall()) ?? '')?.[1]));
    }
    // Each arrives at the user in the room, from the contact.
    await sim.open();
    for (const t of TESTERS) {
      await sim.openUser(fullName(t));
      await expect
        .poll(
          () => sim.received(fullName(t)).innerText(),
          until(`the answer among what ${fullName(t)} received`),
        )
        .toContain(t.answer);
      expect(await sim.received(fullName(t)).innerText()).toContain(
        `· room ${rooms.get(t)} · from ${t.contactId}@`,
      );
    }

    // The users' tokens, in clear where the tester asks for them: the answers' cURL.
    for (const t of TESTERS) {
      await composer.tab('History').click();
      await composer.historySearch.fill(t.answer);
      const rows = composer.history.getByRole('listitem');
      const row = composer.historyRow(
        new RegExp(`#${answers.get(t)} POST /tp/message/send\\.json`),
      );
      await expect
        .poll(
          async () => [await rows.count(), await row.count()],
          until(`the answer in "${t.room}" alone in the history search`),
        )
        .toEqual([1, 1]);
      const curl = await composer.curlWithSecrets(row);
      const token = /authorization: Bearer ([A-Za-z0-9_-]+)/i.exec(curl)?.[1];
      expect(token, `${t.name}'s token in the revealed cURL`).toMatch(TOKEN_RUN);
      secrets.push(token!);
    }

    // The session report, exported from the Event log.
    const download = await log.exportSession('HTML report');
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const html = readFileSync(await download.path(), 'utf8');
    for (const secret of secrets) expect(html).not.toContain(secret);
    // The page's policy names its own style and script by their SHA-256 digests: base64, like a
    // token, and no secret.
    expect(html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')).not.toMatch(
      TOKEN_RUN,
    );
    // Read as a person reads it: opened in the browser.
    const report = await context.newPage();
    await report.setContent(html);
    const section = (seq: number) =>
      report
        .locator('section')
        .filter({ has: report.getByRole('heading', { name: new RegExp(`^#${seq} `) }) })
        .innerText();
    for (const t of TESTERS) {
      const { text, invite } = seqs.get(t)!;
      const message = await section(text);
      expect(message).toContain(
        `Delivery: text message from ${ids.get(t)} → 200 (signature valid)`,
      );
      expect(message).toContain(t.message);
      const invited = await section(invite);
      expect(invited).toContain(
        `Delivery: group-invite in ${rooms.get(t)} → 200 (signature valid)`,
      );
      expect(invited).toContain(`"subject": "${t.room}"`);
      const answer = await section(answers.get(t)!);
      expect(answer).toContain('api POST /tp/message/send.json (text) → 200');
      expect(answer).toContain(t.answer);
      expect(answer).toContain(`"room":"${rooms.get(t)}"`);
    }
  });
});
