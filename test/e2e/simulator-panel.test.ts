// The Simulator tab against the embedded sandbox: users (create, otp at the directory and
// management URLs, revoke on the platform, what the app sent them), rooms and their actions, a user's text and
// file to the app's supercontact arriving as verified deliveries, the app registration, expiring
// the tokens and the sandbox's own delivery attempts. Each action says its outcome in its section
// and lands in the Event log; a refused one says why. Only what is not the simulator's to do (the
// app sending a message, the app's contacts) is set up through the engine.
import { describe, expect, test } from 'vitest';
import { engineCall } from './pages/composer-page';
import { EventLogPage } from './pages/event-log-page';
import { SimulatorPage, shows } from './pages/simulator-page';
import { UsersPage } from './pages/users-page';
import { POLL, useAppSession } from './support/app-session';
import { saveDocScreenshot } from './support/screenshot';

const session = useAppSession();
/** Every wait says what it waits for, so a failure reads as the step that did not happen. */
const until = (words: string) => ({ ...POLL, message: words });
// A delivery row's text ends with the signature outcome (its cells' text runs together).
const VALID = /(?<!in)valid$/;

async function openSimulator() {
  const running = await session.host();
  const app = await session.openApp(running);
  const sim = new SimulatorPage(app.page);
  await sim.open();
  return { app, sim, log: new EventLogPage(app.page) };
}

/** The Event log's records matching a search (the list only holds the rows in view). */
async function searchLog(log: EventLogPage, text: string, count: number) {
  await log.search.fill(text);
  await expect
    .poll(() => log.domRows().count(), until(`${count} Event log record(s) for "${text}"`))
    .toBe(count);
  return log.domRows().allInnerTexts();
}

describe('the simulator panel', () => {
  test('users: create one, connect it at the directory URL, open the management URL, see what the app sent, revoke on the platform', async () => {
    const { app, sim, log } = await openSimulator();
    const ada = await sim.addUser('Ada', 'Tester', 'de');

    // The otp is a credential: the outcome shows the URL with it redacted to a prefix.
    const directory = await sim.connectAtDirectory('Ada Tester');
    expect(directory).toMatch(/\?otp=[^&\s…]{4}…/);
    expect(directory).toMatch(/it answered 200\./);
    expect(await sim.connection('Ada Tester').innerText()).toMatch(/^connected · basic/);

    const entry = await sim.openUser('Ada Tester');
    // The language given at creation is hers (what /tp/me.json answers as lang).
    expect(await entry.innerText()).toContain(`id ${ada} · language de`);
    await entry.getByRole('checkbox', { name: 'fromapp' }).check();
    await entry.getByRole('button', { name: 'Open management URL' }).click();
    await sim.said(
      'Users',
      /opened the management URL for Ada Tester with a new otp: \S+fromapp=true; it answered 200\./,
    );

    // The app writes to her from its supercontact without push: she shows it with the flag.
    await engineCall(app.page, 'composer.send', {
      endpointId: 'message.send',
      params: {
        contact_id: 'acme-orders',
        resource_id: ada,
        msg_type: 'text',
        text: 'Your order shipped',
        no_push: 'true',
      },
      actAs: { kind: 'appForUser', userId: ada },
    });
    const received = sim.received('Ada Tester').getByRole('listitem');
    await expect
      .poll(() => received.count(), until("the app's message among what Ada received"))
      .toBe(1);
    expect(await received.innerText()).toMatch(/^text\s+no push/);
    expect(await received.innerText()).toContain('Your order shipped');

    await entry.getByRole('button', { name: 'Revoke on the platform' }).click();
    await sim.said(
      'Users',
      /^Revoked the grant of Ada Tester on the platform: [1-9]\d* token\(s\) revoked\./,
    );
    await expect
      .poll(() => sim.connection('Ada Tester').innerText(), until('Ada to show as not connected'))
      .toBe('not connected');

    // Each action is a record of the Event log, and the engine saw the management URL's visit.
    const actions = await searchLog(log, 'Simulator:', 4);
    expect(actions.join('\n')).toMatch(/Created user Ada Tester/);
    expect(actions.join('\n')).toMatch(/Revoked the grant of Ada Tester on the platform/);
    await searchLog(log, 'Management URL opened by', 1);
  });

  test("send as user: a text, a sample picture and a file from disk to the app's supercontact arrive as verified deliveries; the sandbox's attempts show, and redeliver adds one", async () => {
    const { sim, log } = await openSimulator();
    await sim.addUser('Ada', 'Tester');
    await sim.connectAtDirectory('Ada Tester');

    const said = await sim.sendText('Ada Tester', { contact: 'Acme Orders' }, 'Where is my order?');
    expect(said).toMatch(
      /^Ada Tester sent a text message \(m\w+\) to contact acme-orders\. Event log #\d+/,
    );
    // The record number is a link: it opens that record in the Event log's detail pane.
    const seq = /Event log #(\d+)/.exec(said)![1];
    await sim
      .outcome('Send as user')
      .getByRole('button', { name: `Event log #${seq}` })
      .click();
    await expect
      .poll(
        () => log.detail.getByRole('heading', { level: 3 }).innerText(),
        until('the record in the detail pane'),
      )
      .toMatch(new RegExp(`^#${seq} .*Ada Tester sent a text message`));
    const deliveries = log.rows('delivery', '/hooks/sandbox', VALID);
    await expect
      .poll(() => deliveries.count(), until('the text as a verified delivery in the Event log'))
      .toBe(1);

    await sim.send.getByRole('combobox', { name: 'msg_type' }).selectOption('picture');
    expect(await sim.sendButton().isDisabled()).toBe(true);
    await sim.sample('sample.jpg').click();
    expect(await sim.send.getByRole('group', { name: 'Chosen file' }).innerText()).toMatch(
      /sample\.jpg/,
    );
    await sim.sendButton().click();
    await sim.said(
      'Send as user',
      /^Ada Tester sent a picture message \(m\w+\) to contact acme-orders\./,
    );
    await expect
      .poll(() => deliveries.count(), until('the picture as a second verified delivery'))
      .toBe(2);
    await log.choose('msg_type', 'picture');
    await expect
      .poll(() => deliveries.count(), until('the msg_type filter to leave the picture only'))
      .toBe(1);
    await deliveries.click();
    await expect
      .poll(
        () => log.detailValue('Signature', 'Outcome').innerText(),
        until("the picture's signature outcome in the detail"),
      )
      .toBe('valid');
    expect(await log.detailValue('Classification', 'msg_type').innerText()).toBe('picture');

    // The sandbox's side: both deliveries, delivered at the first attempt with the receiver's 200.
    await sim.expand('Deliveries');
    // The section reads the sandbox's deliveries a moment after each one; one still on its way
    // shows no attempt yet.
    await expect
      .poll(
        () => sim.deliveryTexts(),
        until('both deliveries, each delivered at the first attempt'),
      )
      .toEqual([
        expect.stringMatching(
          /^(?=picture\s+delivered · 1 attempt\b)(?=[\s\S]*#1 \d\d:\d\d:\d\d HTTP 200 in)/,
        ),
        expect.stringMatching(/^text\s+delivered · 1 attempt\b/),
      ]);

    const newest = sim.deliveryList.getByRole('listitem', { name: /^Delivery / }).first();
    await newest.getByRole('button', { name: 'Redeliver' }).click();
    await sim.said('Deliveries', /^The sandbox sent delivery d\w+ \(picture\) again\./);
    await expect
      .poll(() => newest.innerText(), until('the redelivered picture to show its second attempt'))
      .toMatch(/delivered · 2 attempts/);
    expect(await newest.getByRole('list', { name: /^Attempts of / }).innerText()).toMatch(
      /#2 \d\d:\d\d:\d\d HTTP 200 in/,
    );

    // A file of one's own, picked from disk: its bytes go to the sandbox, typed by the engine.
    await sim.send.getByRole('combobox', { name: 'msg_type' }).selectOption('file');
    await sim.send.getByLabel('File', { exact: true }).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Order 4471: two boxes\n'),
    });
    expect(await sim.send.getByRole('group', { name: 'Chosen file' }).innerText()).toMatch(
      /notes\.txt\s+22 B/,
    );
    await sim.sendButton().click();
    await sim.said(
      'Send as user',
      /^Ada Tester sent a file message \(m\w+\) to contact acme-orders\./,
    );
    await log.choose('msg_type', 'file');
    await expect.poll(() => deliveries.count(), until('the file as a verified delivery')).toBe(1);
  });

  test('rooms: create one, invite and remove a contact, join and leave, change the subject; a refused invite says why', async () => {
    const { app, sim } = await openSimulator();
    const ada = await sim.addUser('Ada', 'Tester');
    await sim.addUser('Bo', 'Tester');
    await sim.connectAtDirectory('Ada Tester');
    // Ada's contacts: one that may be invited to rooms, one that may not.
    for (const [contactId, capabilities] of [
      ['order-7', ['interactive', 'group_add']],
      ['plain-1', ['interactive']],
    ] as const) {
      await engineCall(app.page, 'contacts.save', {
        contact: {
          contactId,
          displayName: `Contact ${contactId}`,
          capabilities: [...capabilities],
          owners: [ada],
        },
      });
    }

    await sim.addRoom('Hike', 'Ada Tester');
    await sim.said('Rooms', /^Ada Tester created the room "Hike" \(r\w+\) with 1 occupant\(s\)\./);

    expect(await sim.invite('Hike', 'Ada Tester', 'Contact order-7')).toMatch(
      /^Ada Tester invited contact order-7 to "Hike"/,
    );
    await expect
      .poll(() => sim.room('Hike').innerText(), until('order-7 among the occupants of "Hike"'))
      .toMatch(/contact order-7/);

    // Refused: plain-1 lacks group_add. The sandbox's answer is said in words.
    await sim.inRoom('Hike', 'Ada Tester', 'Contact plain-1');
    await sim.roomButton('Invite contact').click();
    await expect
      .poll(() => sim.refusal('Rooms').innerText(), until('the refused invite said as an alert'))
      .toMatch(
        /^Ada Tester inviting contact plain-1 to "Hike" failed: the sandbox answered 403 not_authorized: \w/,
      );

    await sim.inRoom('Hike', 'Bo Tester');
    await sim.roomButton('Join').click();
    await sim.said('Rooms', /^Bo Tester joined "Hike"; the sandbox delivers group-join/);
    await expect
      .poll(() => sim.room('Hike').innerText(), until('Bo among the occupants of "Hike"'))
      .toMatch(/Bo Tester/);
    await sim.roomButton('Leave').click();
    await sim.said('Rooms', /^Bo Tester left "Hike"; the sandbox delivers group-leave/);
    await expect
      .poll(() => sim.room('Hike').innerText(), until('Bo gone from the occupants of "Hike"'))
      .not.toMatch(/Bo Tester/);

    await sim.inRoom('Hike', 'Ada Tester');
    await sim.roomActions.getByRole('textbox', { name: 'New subject' }).fill('Hike (Sat)');
    await sim.roomButton('Change subject').click();
    await sim.said(
      'Rooms',
      /^Ada Tester changed the subject of "Hike"; the sandbox delivers group-update/,
    );
    await shows(sim.room('Hike (Sat)'), 'the room under its new subject');

    await sim.inRoom('Hike (Sat)', 'Ada Tester', 'Contact order-7');
    await sim.roomButton('Remove contact').click();
    await sim.said(
      'Rooms',
      /^Ada Tester removed contact order-7 from "Hike \(Sat\)"; the sandbox delivers group-remove/,
    );
    await expect
      .poll(() => sim.room('Hike (Sat)').innerText(), until('order-7 gone from the room'))
      .not.toMatch(/order-7/);

    // Each group event went to the contact in the room: the sandbox's side of them, newest first.
    await sim.expand('Deliveries');
    await expect
      .poll(
        async () => (await sim.deliveryTexts()).map((t) => t.split(/\s/)[0]),
        until('the five group events among the sandbox deliveries'),
      )
      .toEqual(['group-remove', 'group-update', 'group-leave', 'group-join', 'group-invite']);
  });

  test('app registration: a new signature method signs the next delivery; a URL or a number that cannot be sent is said under its field; expire all tokens now; a dead endpoint URL shows the retries', async () => {
    const { sim, log } = await openSimulator();
    await sim.addUser('Ada', 'Tester');
    await sim.connectAtDirectory('Ada Tester');

    await sim.expand('App registration');
    const save = sim.registration.getByRole('button', { name: 'Save registration' });
    const undo = sim.registration.getByRole('button', { name: 'Undo changes' });
    const method = sim.registration.getByRole('combobox', { name: 'Signature method' });
    expect(await method.inputValue()).toBe('HMAC-SHA256');
    await method.selectOption('HMAC-SHA1');
    expect(await sim.registration.innerText()).toContain('To save: signature method.');
    await save.click();
    await sim.said(
      'App registration',
      /^Changed the app registration: signature_method\. Event log #\d+/,
    );
    // By the time the outcome is said the form shows the saved registration (the save's answer
    // carries it), never the old one while the state is read again.
    expect(await method.inputValue()).toBe('HMAC-SHA1');

    await sim.sendText('Ada Tester', { contact: 'Acme Orders' }, 'Signed with SHA-1?');
    const delivery = log.rows('delivery', '/hooks/sandbox', VALID);
    await expect.poll(() => delivery.count(), until('the message as a verified delivery')).toBe(1);
    await delivery.click();
    await expect
      .poll(
        () => log.detailValue('Signature', 'Method').innerText(),
        until("the delivery's signature method in the detail"),
      )
      .toBe('HMAC-SHA1');
    expect(await log.detailValue('Signature', 'Outcome').innerText()).toBe('valid');

    // A URL the sandbox would refuse is said under its field, as a bad number is, and nothing
    // can be saved; the form keeps the edit to fix it.
    const endpoint = sim.registrationField('Endpoint URL');
    const management = sim.registrationField('Management URL');
    const receiverUrl = await endpoint.inputValue();
    await endpoint.fill('not a url');
    await management.fill('ftp://x');
    expect(await endpoint.getAttribute('aria-invalid')).toBe('true');
    expect(await management.getAttribute('aria-invalid')).toBe('true');
    expect(await sim.registration.innerText()).toContain(
      'The endpoint URL must be an http:// or https:// URL, or empty.',
    );
    expect(await sim.registration.innerText()).toContain(
      'The management URL must be an http:// or https:// URL, or empty.',
    );
    expect(await save.isDisabled()).toBe(true);
    expect(await endpoint.inputValue()).toBe('not a url');
    await undo.click();
    expect(await endpoint.inputValue()).toBe(receiverUrl);
    expect(await endpoint.getAttribute('aria-invalid')).toBeNull();

    // So is a number that cannot be sent.
    const lifetime = sim.registrationField('Token lifetime (s)');
    await lifetime.fill('ten');
    expect(await lifetime.getAttribute('aria-invalid')).toBe('true');
    expect(await sim.registration.innerText()).toContain(
      'The token lifetime must be a whole number of 1 or more.',
    );
    expect(await save.isDisabled()).toBe(true);
    await undo.click();

    // Refresh tokens: repeating only applies without rotation, so it is off limits until rotation
    // is unticked; both are saved and read back as the sandbox has them.
    const rotate = sim.refreshTokenCheck('Rotate on each refresh');
    const repeat = sim.refreshTokenCheck('Repeat the unchanged token in the answer');
    expect(await rotate.isChecked()).toBe(true);
    expect(await repeat.isChecked()).toBe(true);
    expect(await repeat.isDisabled()).toBe(true);
    await rotate.uncheck();
    expect(await repeat.isDisabled()).toBe(false);
    await repeat.uncheck();
    expect(await sim.registration.innerText()).toContain(
      'To save: refresh token rotation, repeating the unchanged refresh token.',
    );
    // The guide's pictures of the form with this edit, light and dark.
    await rotate.scrollIntoViewIfNeeded();
    for (const colorScheme of ['light', 'dark'] as const) {
      await sim.page.emulateMedia({ colorScheme });
      await saveDocScreenshot(sim.page, `simulator-registration-${colorScheme}`);
    }
    await sim.page.emulateMedia({ colorScheme: null });
    await save.click();
    const savedOff = await sim.said(
      'App registration',
      /^Changed the app registration: rotate_refresh_tokens, repeat_refresh_token\./,
    );
    expect(await rotate.isChecked()).toBe(false);
    expect(await repeat.isChecked()).toBe(false);
    expect(await sim.registration.innerText()).toContain('As registered.');
    // Read back from the sandbox, not the form's memory: the state after a reload shows them.
    await sim.page.reload();
    await sim.open();
    await sim.expand('App registration');
    expect(await rotate.isChecked()).toBe(false);
    expect(await repeat.isChecked()).toBe(false);
    // Repeat first: once rotation is ticked again the repeat cannot be changed.
    await repeat.check();
    await rotate.check();
    expect(await repeat.isDisabled()).toBe(true);
    await save.click();
    await sim.said(
      'App registration',
      /^Changed the app registration: rotate_refresh_tokens, repeat_refresh_token\./,
      savedOff,
    );

    await sim.app.getByRole('button', { name: 'Expire all tokens now' }).click();
    await sim.said(
      'App registration',
      /^Expired every access token of the app now: [1-9]\d* token\(s\)\. Refresh tokens stay valid\./,
    );
    await searchLog(log, 'Simulator: Expired every access token', 1);

    // An endpoint URL where nothing answers: the sandbox's attempts fail and it retries. No record
    // reaches the Event log, and the Deliveries section still follows each attempt as it ends.
    await endpoint.fill('http://127.0.0.1:9/nowhere');
    await save.click();
    await sim.said('App registration', /^Changed the app registration: endpoint_url\./);
    await sim.sendText('Ada Tester', { contact: 'Acme Orders' }, 'Anyone there?');
    await sim.expand('Deliveries');
    const retried = sim.deliveryList.getByRole('listitem', { name: /^Delivery / }).first();
    await expect
      .poll(() => retried.innerText(), until('the failing delivery to show its second attempt'))
      .toMatch(/^text\s+retrying · 2 attempts/);
    expect(await retried.innerText()).toMatch(/#1 \d\d:\d\d:\d\d no answer after .+: \S/);
    expect(await retried.innerText()).toContain('http://127.0.0.1:9/nowhere');
    expect(await retried.getByRole('button', { name: 'Redeliver' }).isDisabled()).toBe(true);
  });

  test('expire all tokens now: the header and the Users tab show the tokens expired at once', async () => {
    const { app, sim } = await openSimulator();
    await sim.addUser('Ada', 'Tester');
    await sim.connectAtDirectory('Ada Tester');
    await app.getAppToken();
    await expect
      .poll(() => app.appTokenStatus.innerText(), until('the app token valid in the header'))
      .toMatch(/valid until \d\d:\d\d:\d\d/);
    const users = new UsersPage(app.page);
    await users.open();
    const expires = () => users.userValue('Ada Tester', 'Expires').innerText();
    await expect.poll(expires, until("Ada's token valid in the Users tab")).toMatch(/^in \d/);

    await sim.open();
    await sim.expand('App registration');
    await sim.app.getByRole('button', { name: 'Expire all tokens now' }).click();
    // No call has been refused yet: the engine marks what it holds as the sandbox confirms.
    await expect
      .poll(() => app.appTokenStatus.innerText(), until('the app token expired in the header'))
      .toMatch(/expired at \d\d:\d\d:\d\d/);
    await sim.said(
      'App registration',
      /Refresh tokens stay valid\. TP Inspector marked its app token and 1 user token\(s\) expired; the next call renews them\./,
    );
    await users.open();
    await expect
      .poll(expires, until("Ada's token expired in the Users tab"))
      .toMatch(/^expired at \d\d:\d\d:\d\d; refreshed on the next call/);

    // A new app token replaces the expired one in the header.
    await app.getAppToken();
    await expect
      .poll(() => app.appTokenStatus.innerText(), until('a new app token in the header'))
      .toMatch(/valid until/);
  });
});
