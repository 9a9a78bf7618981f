// The request composer, every msg_type through the UI alone:
//
//   "Through the UI alone, a new user sends every msg_type to a user and to a room of the sandbox,
//   sees each one arrive on the sandbox side, and replays one from history after editing it."
//
// One host, one page, one setup for the 18 sends, all of it through the UI the way a new user goes:
// two sandbox users made in the Simulator tab (Ada, who connects to the app, and Bo), Ada connected
// in the Users tab through the sandbox's consent page, a contact she owns (interactive, group_add)
// added in the Contacts tab, a room made in the Simulator tab with the contact invited by Ada and
// Bo joining it. The composer then sends the nine msg_types of API document §4.7
// (message/send.json as Ada's token, the contact as sender) to Ada's own conversation (the
// resource_id of a user is the connected user's id: only the user acted for can be sent to) and
// to the room, without push; the resource ids are picked from the composer's suggestions after
// "List resources". The sandbox side is the Simulator tab's Users section: what each user received
// from the app with the push flag, Ada for her conversation and Bo, an occupant, for the room.
// Last, Ctrl+K finds a text in the history, it is reopened, edited and sent again, and the edited
// text arrives too.
import { describe, expect, test } from 'vitest';
import { ComposerPage } from './pages/composer-page';
import { ContactsPage } from './pages/contacts-page';
import { SimulatorPage } from './pages/simulator-page';
import { UsersPage } from './pages/users-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
/** Every wait says what it waits for, so a failure reads as the step that did not happen. */
const until = (words: string) => ({ ...POLL, message: words });

const ADA = 'Ada Tester';
const BO = 'Bo Tester';
const CONTACT = 'order-1042';
const ROOM = 'Order 1042 pickup';

interface MsgSend {
  msgType: string;
  /** Fills what the msg_type needs; `to` tells the user's sends from the room's. */
  fill(composer: ComposerPage, to: string): Promise<void>;
  /** What the message's data shows on the sandbox side. */
  data(to: string): string;
}

/** A sample file one click away, waited for until the engine has checked its bytes. */
function media(msgType: string, sample: string, mime: string): MsgSend {
  return {
    msgType,
    async fill(composer) {
      await composer.sample(sample).click();
      await expect
        .poll(
          () => composer.chosenFile.innerText(),
          until(`${sample} to be checked as ${mime} and accepted for ${msgType}`),
        )
        .toMatch(
          new RegExp(`${sample}[\\s\\S]*Detected from the bytes\\s*${mime}[\\s\\S]*✓ accepted`),
        );
    },
    data: () => `"filename":"${sample}"`,
  };
}

/** The nine msg_types of API document §4.7, each with what it needs. */
const SENDS: MsgSend[] = [
  {
    msgType: 'text',
    fill: (composer, to) => composer.set('text', `Order 1042 is ready (${to})`),
    data: (to) => `"body":"Order 1042 is ready (${to})"`,
  },
  {
    msgType: 'sticker',
    fill: (composer) => composer.set('sticker_id', 'parcel-wave'),
    data: () => `"sticker_id":"parcel-wave"`,
  },
  {
    msgType: 'location',
    async fill(composer) {
      await composer.set('geo_lat', '52.52');
      await composer.set('geo_lon', '13.405');
      await composer.set('geo_description', 'Pickup point');
    },
    data: () => `"description":"Pickup point","lat":52.52,"lon":13.405`,
  },
  {
    msgType: 'contact',
    async fill(composer) {
      await composer.fillVcard('Grace', 'Hopper', [['4915112345678', 'mobile']]);
      await expect
        .poll(() => composer.vcardXml.innerText(), until('the vCard XML built by the engine'))
        .toContain('<name>Grace</name><surname>Hopper</surname>');
    },
    data: () => '<name>Grace</name><surname>Hopper</surname>',
  },
  media('picture', 'sample.jpg', 'image/jpeg'),
  media('movie', 'sample.mp4', 'video/mp4'),
  media('sound', 'sample.mp3', 'audio/mpeg'),
  media('voice', 'sample.amr', 'audio/amr'),
  media('file', 'sample.pdf', 'application/pdf'),
];

/** Back to the form (a send shows its Response), the msg_type chosen and what it needs filled. */
async function compose(composer: ComposerPage, m: MsgSend, to: string) {
  await composer.tab('Request').click();
  await composer.set('msg_type', m.msgType);
  await m.fill(composer, to);
}

/** Sends what the composer holds and waits for this send's answer (a new call in Response). */
async function send(composer: ComposerPage, what: string) {
  const before = await composer.lastCall();
  await composer.sendButton.click();
  await expect
    .poll(() => composer.lastCall(), until(`the answer to ${what} in Response`))
    .not.toBe(before);
  expect(await composer.responseValue('Status').innerText(), `the status of ${what}`).toBe('200');
}

/**
 * Waits until `who` shows `count` messages received from the app, and answers the newest, which
 * is expected to be this send's.
 */
async function arrived(sim: SimulatorPage, who: string, count: number, what: string) {
  const items = sim.receivedItems(who);
  await expect
    .poll(() => items.count(), until(`${what} among what ${who} received (${count} in all)`))
    .toBe(count);
  return items.first().innerText();
}

describe('the request composer, every msg_type', () => {
  test('a new user sends every msg_type to a user and to a room, sees each arrive in the sandbox, and replays one from history after editing it', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const sim = new SimulatorPage(app.page);
    const users = new UsersPage(app.page);
    const contacts = new ContactsPage(app.page);
    const composer = new ComposerPage(app.page);

    // Two platform users, made in the Simulator tab.
    await sim.open();
    for (const [name, surname] of [
      ['Ada', 'Tester'],
      ['Bo', 'Tester'],
    ] as const) {
      await sim.addUser(name, surname);
    }

    // Ada connects to the app: Users tab, the sandbox's consent page, Approve.
    await users.open();
    const adaId = await users.connectThroughConsent(app.page.context(), ADA);

    // The contact the app sends as, owned by Ada; interactive, and group_add for the room.
    await contacts.open();
    await contacts.add({
      contactId: CONTACT,
      displayName: 'Order 1042',
      capabilities: ['interactive', 'group_add'],
      owners: [ADA],
    });
    await expect
      .poll(() => contacts.results(CONTACT).innerText(), until(`${CONTACT} added for ${ADA}`))
      .toMatch(/contact\/add · 200/);

    // The room: Ada makes it, invites the contact (she owns it), Bo joins.
    await sim.open();
    await sim.addRoom(ROOM, ADA);
    expect(await sim.invite(ROOM, ADA, 'Order 1042')).toContain(`invited contact ${CONTACT} to`);
    await sim.inRoom(ROOM, BO);
    await sim.roomButton('Join').click();
    await sim.said('Rooms', new RegExp(`^${BO} joined "${ROOM}"`));
    await expect
      .poll(() => sim.room(ROOM).innerText(), until(`the contact and Bo among the occupants`))
      .toMatch(new RegExp(`(?=[\\s\\S]*contact ${CONTACT})(?=[\\s\\S]*${BO})`));
    // Their received lists stay in view, beside the composer, for the whole test.
    await sim.openUser(ADA);
    await sim.openUser(BO);

    // The composer: message/send.json as Ada, from the contact.
    await composer.chooseEndpoint('message.send');
    await expect
      .poll(
        () => composer.actAs("User's token").isEnabled(),
        until('"User\'s token" to be offered'),
      )
      .toBe(true);
    await composer.chooseActAs("User's token");
    await composer.set('contact_id', CONTACT);

    // To a user: Ada's own conversation, with push.
    expect(await composer.pickResource('user · '), "the suggested user is Ada's id").toBe(adaId);
    for (const [i, m] of SENDS.entries()) {
      await compose(composer, m, 'to Ada');
      await send(composer, `the ${m.msgType} to Ada`);
      const item = await arrived(sim, ADA, i + 1, `the ${m.msgType}`);
      expect(item).toMatch(new RegExp(`^${m.msgType}\\s+push\\b`));
      expect(item).toContain(`from ${CONTACT}@`);
      expect(item).not.toContain('· room ');
      expect(item).toContain(m.data('to Ada'));
    }

    // To the room, without push: it reaches every user in it, Bo among them.
    await composer.tab('Request').click();
    const room = await composer.pickResource(`room · ${ROOM}`);
    expect(room).toMatch(/^r\w+$/);
    await composer.set('no_push', 'true');
    for (const [i, m] of SENDS.entries()) {
      await compose(composer, m, 'to the room');
      await send(composer, `the ${m.msgType} to the room`);
      const item = await arrived(sim, BO, i + 1, `the ${m.msgType} in the room`);
      expect(item).toMatch(new RegExp(`^${m.msgType}\\s+no push\\b`));
      expect(item).toContain(`· room ${room} · from ${CONTACT}@`);
      expect(item).toContain(m.data('to the room'));
    }
    // Ada is in the room too: she has both rounds.
    await arrived(sim, ADA, 2 * SENDS.length, 'the room messages');

    // Every msg_type arrived once each way.
    const typeOf = (item: string) => item.split(/\s/)[0];
    const adaItems = await sim.receivedItems(ADA).allInnerTexts();
    const nine = SENDS.map((m) => m.msgType).sort();
    expect(
      adaItems
        .filter((t) => !t.includes('· room '))
        .map(typeOf)
        .sort(),
    ).toEqual(nine);
    expect((await sim.receivedItems(BO).allInnerTexts()).map(typeOf).sort()).toEqual(nine);

    // Replay from history: Ctrl+K, find Ada's text, reopen it, edit it, send it again.
    await composer.searchHistory('is ready (to Ada)');
    const past = composer.historyRow('/tp/message/send.json');
    await expect.poll(() => past.count(), until("Ada's text alone in the history")).toBe(1);
    await composer.reopen(past);
    await expect
      .poll(() => composer.tab('Request').getAttribute('aria-selected'), until('the form back'))
      .toBe('true');
    expect(await composer.field('msg_type').inputValue()).toBe('text');
    expect(await composer.field('text').inputValue()).toBe('Order 1042 is ready (to Ada)');
    expect(await composer.field('resource_id').inputValue()).toBe(adaId);
    expect(await composer.field('contact_id').inputValue()).toBe(CONTACT);
    expect(await composer.actAs("User's token").isChecked()).toBe(true);
    // The call had no no_push: the room round's "true" is not carried into it.
    expect(await composer.field('no_push').inputValue()).toBe('');
    await composer.set('text', 'Order 1042 is ready: pick it up by Friday');
    await send(composer, 'the edited text');
    const replayed = await arrived(sim, ADA, 2 * SENDS.length + 1, 'the edited text');
    expect(replayed).toMatch(/^text\s+push\b/);
    expect(replayed).toContain('"body":"Order 1042 is ready: pick it up by Friday"');
    expect(replayed).not.toContain('· room ');

    // The history holds the replay beside the two texts it came from.
    await composer.searchHistory('Order 1042 is ready');
    await expect
      .poll(() => past.count(), until('the three texts (Ada, the room, the replay) in the history'))
      .toBe(3);
    await saveAppScreenshot(app.page, 'done-when-composer');
  }, 240_000);
});
