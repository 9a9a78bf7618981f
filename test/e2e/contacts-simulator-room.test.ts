// Issue 7, item 6: a contact with `interactive` and `group_add` added in the Contacts tab for a
// connected user; that user, played from the Simulator tab, makes a room and invites the contact;
// the `group-invite` delivery shows verified in the Event log; the app answers in the room from
// the request composer, as the contact. All of it through the UI in Chromium, against the
// embedded sandbox: the user is made and connected in the Simulator tab (a new otp at the
// directory URL), and the room's id is picked from the composer's resource_id suggestions.
import { describe, expect, test } from 'vitest';
import { ComposerPage } from './pages/composer-page';
import { ContactsPage } from './pages/contacts-page';
import { EventLogPage } from './pages/event-log-page';
import { SimulatorPage } from './pages/simulator-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();
/** Every wait says what it waits for, so a failure reads as the step that did not happen. */
const until = (words: string) => ({ ...POLL, message: words });
// A delivery row's text ends with the signature outcome (its cells' text runs together).
const VALID = /(?<!in)valid$/;

const ADA = 'Ada Tester';
const CONTACT = 'trip-desk';
const ROOM = 'Weekend hike';
const ANSWER = 'Meet at the trailhead at 9, the desk has maps.';

describe('a contact invited to a room from the simulator panel', () => {
  test('added with interactive and group_add for a connected user, invited to a room by that user, the group-invite verified in the Event log, and the app sends to the room as the contact', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const sim = new SimulatorPage(app.page);
    const contacts = new ContactsPage(app.page);
    const log = new EventLogPage(app.page);
    const composer = new ComposerPage(app.page);

    // A platform user, connected to the app the way the platform client does it: a new otp at
    // the app's directory URL.
    await sim.open();
    const adaId = await sim.addUser('Ada', 'Tester');
    expect(await sim.connectAtDirectory(ADA)).toMatch(/it answered 200\./);
    expect(await sim.connection(ADA).innerText()).toMatch(/^connected · basic/);

    // The contact, for her, in the Contacts tab: interactive, and group_add so that a room may
    // take it.
    await contacts.open();
    await contacts.add({
      contactId: CONTACT,
      displayName: 'Trip desk',
      capabilities: ['interactive', 'group_add'],
      owners: [ADA],
    });
    await expect
      .poll(() => contacts.results(CONTACT).innerText(), until(`${CONTACT} added for ${ADA}`))
      .toMatch(/contact\/add · 200/);
    expect(await contacts.capabilities(CONTACT).innerText()).toMatch(
      /(?=[\s\S]*interactive)(?=[\s\S]*group_add)/,
    );

    // Ada makes a room in the Simulator tab and invites the contact into it.
    await sim.open();
    const room = await sim.addRoom(ROOM, ADA);
    const invited = await sim.invite(ROOM, ADA, 'Trip desk');
    expect(invited).toMatch(new RegExp(`^${ADA} invited contact ${CONTACT} to "${ROOM}"`));
    await expect
      .poll(() => sim.room(ROOM).innerText(), until('the contact among the occupants of the room'))
      .toMatch(new RegExp(`contact ${CONTACT}`));

    // The group-invite at the receiver, in the Event log: verified, for this contact and room.
    await log.kind('delivery').click();
    const deliveries = log.rows('delivery', '/hooks/sandbox', VALID);
    await expect
      .poll(() => deliveries.count(), until('the group-invite as a verified delivery'))
      .toBe(1);
    await log.choose('Event type', 'group-invite');
    await expect
      .poll(() => deliveries.count(), until('the Event type filter to keep the group-invite'))
      .toBe(1);
    const seq = await log.openRecord(deliveries);
    expect(await log.detailTitle().innerText()).toContain(`group-invite in ${room}`);
    expect(await log.detailValue('Signature', 'Outcome').innerText()).toBe('valid');
    expect(await log.detailValue('Classification', 'Type').innerText()).toBe('group-invite');
    expect(await log.detailValue('Classification', 'Room').innerText()).toBe(room);
    expect(await log.detailValue('Classification', 'Contact').innerText()).toBe(CONTACT);
    const data = await log.deliveryData().innerText();
    expect(data).toContain(`"subject": "${ROOM}"`);
    expect(data).toContain(`"owner": "${adaId}@`);
    expect(seq).toBeGreaterThan(0);

    // The app answers in the room: message/send.json as Ada's token, the contact as sender, the
    // room picked from resource_id's suggestions.
    await composer.chooseEndpoint('message.send');
    await expect
      .poll(() => composer.actAs("User's token").isEnabled(), until('"User\'s token" offered'))
      .toBe(true);
    await composer.actAsUser("User's token", ADA);
    await composer.set('contact_id', CONTACT);
    expect(await composer.pickResource(`room · ${ROOM}`)).toBe(room);
    await composer.set('msg_type', 'text');
    await composer.set('text', ANSWER);
    await composer.sendButton.click();
    await expect
      .poll(() => composer.responseValue('Status').innerText(), until('the answer to the send'))
      .toBe('200');
    const tree = await composer.jsonTree.innerText();
    expect(tree).toContain(`"room": "${room}"`);
    expect(tree).toContain(`"recipient": "${room}@`);
    expect(tree).toContain(`"body": "${ANSWER}"`);
    await log.clearFilters.click();
    await expect
      .poll(
        () => log.rows('POST', '/tp/message/send.json', '200').count(),
        until('the send in the Event log, its filters cleared'),
      )
      .toBe(1);

    // Ada, in the room, got it from the contact: the sandbox's side, in the Simulator tab.
    await sim.open();
    await sim.openUser(ADA);
    await expect
      .poll(() => sim.received(ADA).innerText(), until('the answer among what Ada received'))
      .toContain(ANSWER);
    expect(await sim.received(ADA).innerText()).toContain(`· room ${room} · from ${CONTACT}@`);
  });
});
