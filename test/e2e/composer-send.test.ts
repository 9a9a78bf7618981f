// Sending through the request composer in Chromium, against the embedded sandbox: a text to a
// connected user with the user's token (validated as typed, raw body shown, sent with the
// keyboard), a picture from the sample files (MIME detected from the bytes), and a bulk send with
// the app token whose per-recipient outcome is shown.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  ComposerPage,
  addContact,
  connectUser,
  roomWithContact,
  sandboxUser,
} from './pages/composer-page';
import { POLL, useAppSession } from './support/app-session';
import type { RunningHost } from './support/host';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const CONTACT = 'order-1042';

/** The app with Ada connected and owning the contact; the composer ready to use. */
async function readyComposer(running: RunningHost) {
  const ada = await sandboxUser(running, 'Ada', 'Lovelace');
  const app = await session.openApp(running);
  await connectUser(app.page, running, ada.id);
  await addContact(app.page, ada.id, CONTACT);
  const composer = new ComposerPage(app.page);
  // The act-as choices that need a user wait for the users list to arrive.
  await expect.poll(() => composer.actAs("User's token").isEnabled(), POLL).toBe(true);
  return { app, composer, ada };
}

describe('the request composer', () => {
  test("sends a text to a connected user with the user's token and shows the parsed answer", async () => {
    const running = await session.host();
    const { app, composer, ada } = await readyComposer(running);

    await composer.chooseEndpoint('message.send');
    await composer.chooseActAs("User's token");
    // user_id is not allowed with a user's token, and the field says why.
    expect(await composer.field('user_id').getAttribute('readonly')).not.toBeNull();
    expect(await composer.fieldDescription('user_id')).toMatch(/user's token user_id is refused/);

    // Validation as you type: the catalog's rule for contact_id, in words.
    await composer.set('contact_id', 'not a valid id!');
    await expect
      .poll(() => composer.fieldDescription('contact_id'), POLL)
      .toMatch(/contact_id.*1 to 64 characters of A-Z a-z 0-9 \. _ -/);
    expect(await composer.field('contact_id').getAttribute('aria-invalid')).toBe('true');
    await composer.set('contact_id', CONTACT);
    await expect
      .poll(() => composer.field('contact_id').getAttribute('aria-invalid'), POLL)
      .toBe(null);

    await composer.set('resource_id', ada.id);
    // /tp/resource/info for the id typed, as the user acted as.
    await composer.region.getByRole('button', { name: 'Resource info' }).click();
    await expect
      .poll(() => composer.region.getByRole('status').allInnerTexts(), POLL)
      .toContain(`user ${ada.id} (the connected user)`);
    await composer.set('msg_type', 'text');
    await composer.set('text', 'Your order 1042 has shipped');
    // Only the parameters of the chosen msg_type are in the form.
    expect(await composer.field('sticker_id').count()).toBe(0);
    expect(await composer.field('geo_lat').count()).toBe(0);

    await composer.tab('Raw').click();
    await expect
      .poll(() => composer.raw.innerText(), POLL)
      .toContain(
        `contact_id=${CONTACT}&resource_id=${ada.id}&msg_type=text&text=Your+order+1042+has+shipped`,
      );
    expect(await composer.raw.innerText()).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/tp\/message\/send\.json/,
    );
    expect(await composer.raw.innerText()).toContain(
      'content-type: application/x-www-form-urlencoded',
    );

    await composer.sendWithShortcut();
    await expect.poll(() => composer.responseValue('Status').innerText(), POLL).toBe('200');
    expect(await composer.tab('Response').getAttribute('aria-selected')).toBe('true');
    const tree = await composer.jsonTree.innerText();
    expect(tree).toContain('"type": "text"');
    expect(tree).toContain('"body": "Your order 1042 has shipped"');
    expect(tree).toMatch(new RegExp(`"recipient": "${ada.id}@`));
    // The raw bytes are one click away.
    await composer.rawBodyToggle.click();
    expect(await composer.rawBody.innerText()).toMatch(/^\{"id":"/);
    // The call is in the event log too.
    await expect
      .poll(() => app.recordRows('POST', '/tp/message/send.json', '200').count(), POLL)
      .toBe(1);
    await saveAppScreenshot(app.page, 'composer-text');
  });

  test('sends a picture from the sample files, with its type detected from the bytes', async () => {
    const running = await session.host();
    const { app, composer, ada } = await readyComposer(running);

    await composer.chooseActAs('App token for a user');
    await composer.set('contact_id', CONTACT);
    await composer.set('resource_id', ada.id);
    await composer.set('msg_type', 'picture');
    expect(await composer.field('text').count()).toBe(0);
    await composer.sample('sample.jpg').click();

    await expect
      .poll(() => composer.chosenFile.innerText(), POLL)
      .toMatch(/Detected from the bytes\s*image\/jpeg/);
    expect(await composer.chosenFile.innerText()).toMatch(/Sent as\s*image\/jpeg\s*✓ accepted/);
    // user_id comes from "act as".
    expect(await composer.field('user_id').inputValue()).toBe(ada.id);

    await composer.tab('Raw').click();
    await expect.poll(() => composer.raw.innerText(), POLL).toContain('multipart/form-data');
    expect(await composer.raw.innerText()).toMatch(/filename="sample\.jpg"/);

    await composer.sendButton.click();
    await expect.poll(() => composer.responseValue('Status').innerText(), POLL).toBe('200');
    const tree = await composer.jsonTree.innerText();
    expect(tree).toContain('"type": "picture"');
    expect(tree).toContain('"mime_type": "image/jpeg"');
    await saveAppScreenshot(app.page, 'composer-picture');
  });

  test('a bulk send shows each recipient as accepted or not authorized', async () => {
    const running = await session.host();
    const { app, composer, ada } = await readyComposer(running);
    const grace = await sandboxUser(running, 'Grace', 'Hopper');
    const room = await roomWithContact(running, ada.id, CONTACT, 'Book club');

    await composer.chooseEndpoint('bulk.send');
    await composer.chooseActAs('App token');
    await composer.set('contact_id', CONTACT);
    // Pick Ada and the room from /tp/resource/list, and type Grace's id, whom the contact may
    // not reach.
    await composer.region.getByRole('button', { name: 'List resources' }).click();
    const list = composer.region.getByRole('list', { name: 'Resources to send to' });
    await list.getByRole('checkbox').first().waitFor(POLL);
    await list.getByRole('listitem').filter({ hasText: 'Book club' }).getByRole('checkbox').check();
    await list.getByRole('listitem').filter({ hasText: ada.id }).getByRole('checkbox').check();
    const picked = await composer.field('resources').inputValue();
    expect(picked.split(' ').sort()).toEqual([ada.id, room].sort());
    await composer.set('resources', `${picked} ${grace.id}`);
    await composer.set('msg_type', 'text');
    await composer.set('text', 'Book club meets on Friday');

    await composer.sendButton.click();
    await expect.poll(() => composer.responseValue('Status').innerText(), POLL).toBe('200');
    const rows = composer.bulkTable.getByRole('row');
    const outcome = async (id: string) =>
      (await rows.filter({ hasText: id }).getByRole('cell').nth(1).innerText()).trim();
    expect(await outcome(ada.id)).toBe('accepted');
    expect(await outcome(room)).toBe('accepted');
    expect(await outcome(grace.id)).toBe('not authorized');
    expect(await composer.region.innerText()).toContain('2 accepted, 1 not authorized');
    expect(await composer.jsonTree.innerText()).toContain('"accepted": true');
    await saveAppScreenshot(app.page, 'composer-bulk');
  });

  test("a bulk send refuses a user's token and says the rule", async () => {
    const running = await session.host();
    const { composer } = await readyComposer(running);
    await composer.chooseEndpoint('bulk.send');
    await composer.chooseActAs("User's token");
    await expect
      .poll(() => composer.region.innerText(), POLL)
      .toMatch(/requires the app-level token \(client credentials, API document §5\.7\)/);
    expect(await composer.field('user_id').count()).toBe(0);
  });

  test("location's lat/lon are checked as typed, and a contact's vCard XML is shown", async () => {
    const app = await session.openApp(await session.host());
    const composer = new ComposerPage(app.page);
    await composer.set('msg_type', 'location');
    expect(await composer.field('text').count()).toBe(0);
    await composer.set('geo_lat', '95');
    await expect
      .poll(() => composer.fieldDescription('geo_lat'), POLL)
      .toContain('geo_lat must be between -90 and 90 (got 95).');
    await composer.set('geo_lat', '52.52');
    await composer.set('geo_lon', 'east');
    await expect
      .poll(() => composer.field('geo_lat').getAttribute('aria-invalid'), POLL)
      .toBe(null);
    await expect.poll(() => composer.fieldDescription('geo_lon'), POLL).toMatch(/geo_lon/);
    expect(await composer.field('geo_lon').getAttribute('aria-invalid')).toBe('true');

    await composer.set('msg_type', 'contact');
    await composer.region.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
    await composer.region.getByRole('textbox', { name: 'Surname', exact: true }).fill('Lovelace');
    for (const [i, number, type] of [
      [1, '4915112345678', 'mobile'],
      [2, '442079460000', 'work'],
    ] as const) {
      await composer.region.getByRole('button', { name: 'Add phone' }).click();
      await composer.region.getByRole('textbox', { name: `Phone ${i} number` }).fill(number);
      await composer.region.getByRole('textbox', { name: `Phone ${i} type` }).fill(type);
    }
    await expect
      .poll(() => composer.vcardXml.innerText(), POLL)
      .toContain(
        '<contact xmlns="platform:x:contact"><name>Ada</name><surname>Lovelace</surname>' +
          '<phone type="mobile">4915112345678</phone><phone type="work">442079460000</phone></contact>',
      );
    // The XML goes URL-encoded into the form body as vcard.
    await composer.tab('Raw').click();
    await expect
      .poll(() => composer.raw.innerText(), POLL)
      .toContain('vcard=%3C%3Fxml+version%3D%221.0%22');
  });

  test('a file picked from disk or dropped is handed to the engine and typed by its bytes, not its name', async () => {
    const app = await session.openApp(await session.host());
    const composer = new ComposerPage(app.page);
    await composer.set('msg_type', 'picture');
    // PNG bytes under a .jpg name: the type comes from the bytes.
    await composer.region.getByLabel('File', { exact: true }).setInputFiles({
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: readFileSync(resolve(import.meta.dirname, '../../resources/samples/sample.png')),
    });
    await expect
      .poll(() => composer.chosenFile.innerText(), POLL)
      .toMatch(/holiday\.jpg[\s\S]*Detected from the bytes\s*image\/png/);
    expect(await composer.chosenFile.innerText()).toMatch(/Sent as\s*image\/png\s*✓ accepted/);
    expect(await composer.chosenFile.innerText()).toMatch(/Preferred\s*image\/jpeg/);
    await composer.tab('Raw').click();
    await expect
      .poll(() => composer.raw.innerText(), POLL)
      .toMatch(/filename="holiday\.jpg"\r?\ncontent-type: image\/png/i);

    // Dropped on the drop zone instead: the same path.
    const jpeg = readFileSync(resolve(import.meta.dirname, '../../resources/samples/sample.jpg'));
    const dataTransfer = await app.page.evaluateHandle(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(jpeg.toString('base64'))}), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped.jpeg', { type: 'image/jpeg' }));
      return dt;
    })()`);
    await composer.tab('Request').click();
    await composer.region
      .getByRole('group', { name: 'File to send' })
      .dispatchEvent('drop', { dataTransfer });
    await expect
      .poll(() => composer.chosenFile.innerText(), POLL)
      .toMatch(/dropped\.jpeg[\s\S]*Detected from the bytes\s*image\/jpeg/);
  });

  test('the request line keeps its method on one line beside a long URL', async () => {
    const app = await session.openApp(await session.host());
    const composer = new ComposerPage(app.page);
    await composer.chooseEndpoint('resource.list');
    await composer.chooseActAs('App token');
    const userId = 'u-4f1c2a9b7e3d4c5a8b6f0e1d2c3b4a5f-with-a-long-suffix';
    await composer.set('user_id', userId);
    await expect.poll(() => composer.requestUrl.innerText(), POLL).toContain(userId);
    // The URL wraps over several lines, the method never ("GE / T").
    expect(await composer.methodLines()).toBe(1);
    expect((await composer.requestUrl.boundingBox())!.height).toBeGreaterThan(30);
  });
});
