// Issue 16, point 2: the Event log's rows say what a record is without opening it. A sandbox
// user's text shows its type, its sender and the start of its text with a "valid" badge; a call
// shows its endpoint and the user it acted for, both whole at 1280x800, where every filter is whole
// too, on two lines at most, the rarer ones behind "More filters"; the Profile filter narrows to
// one profile's records. The journal starts with some twenty mixed records of two profiles, which
// the guide's screenshots show (1280x800 and 1920x1080, light and dark).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { JournalRecord } from '../../src-shared/contract';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';
import { connectedSandboxUser, userSends } from './support/event-log-sandbox';
import { freshDataDir } from './support/host';
import { JOURNAL_FILE } from './support/journal-fixture';
import { isCut, selectShowsWhole } from './support/fit';
import { saveDocScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

function delivery(seq: number, profileId: string, type: string, user: string, data: object) {
  const json = JSON.stringify({ id: `m${seq}`, type, sender: `${user}@platform.test`, data });
  const bad = seq % 5 === 0;
  return {
    seq,
    kind: 'delivery',
    summary: `Delivery: ${type} from ${user} → 200 (signature ${bad ? 'invalid' : 'valid'})`,
    profileId,
    delivery: {
      method: 'POST',
      path: `/hooks/${profileId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      source: { address: '127.0.0.1', port: 40000 + seq },
      body: null,
      receivedAt: new Date().toISOString(),
      response: { status: 200, body: '', delayMs: 0, reason: 'configured' },
      form: { data: json, signature: 'abc', signatureMethod: 'HMAC-SHA256' },
      verification: { outcome: bad ? 'invalid' : 'valid', explanation: 'fixture' },
      classification: {
        category: type.startsWith('group') ? 'group-invite' : 'message',
        type,
        ...(type.startsWith('group') ? {} : { msgType: type }),
        messageId: `m${seq}`,
        userId: user,
        contactId: 'acme-orders',
      },
      shapeIssues: [],
    },
  };
}

function call(seq: number, profileId: string, path: string, params: Record<string, string>) {
  const method = path.includes('send') ? 'POST' : 'GET';
  return {
    seq,
    kind: 'api',
    summary: `${method} ${path} → 200`,
    profileId,
    api: {
      method,
      url: `http://127.0.0.1:1${path}?${new URLSearchParams(params).toString()}`,
      requestHeaders: {},
      requestParams: params,
      status: seq % 7 === 0 ? 403 : 200,
      responseHeaders: {},
      responseBody: null,
      timing: { totalMs: 12 + seq, ttfbMs: 10, downloadMs: 2 },
    },
  };
}

/** Twenty records of two profiles: texts, stickers, places, files, an invite, calls. */
function writeMixed(dataDir: string) {
  const texts = ['Where is my order #4411?', 'Thanks, it arrived today!', 'Can I change the size?'];
  const made = [
    delivery(1, 'sandbox', 'text', 'u-grace', { body: texts[0] }),
    call(2, 'sandbox', '/tp/message/send.json', { user_id: 'u-grace', msg_type: 'text' }),
    delivery(3, 'sandbox', 'sticker', 'u-linus', { sticker_id: 'thumbs-up' }),
    delivery(4, 'staging', 'location', 'u-grace', { description: 'Alexanderplatz, Berlin' }),
    delivery(5, 'sandbox', 'picture', 'u-linus', { filename: 'receipt-2024.jpg' }),
    call(6, 'staging', '/tp/resource/list', { user_id: 'u-linus' }),
    call(7, 'sandbox', '/tp/resource/info', { user_id: 'u-grace', resource_id: 'r-9' }),
    delivery(8, 'sandbox', 'text', 'u-linus', { body: texts[1] }),
    delivery(9, 'staging', 'group-invite', 'u-grace', { subject: 'Order support' }),
    delivery(10, 'sandbox', 'text', 'u-grace', { body: texts[2] }),
    call(11, 'sandbox', '/tp/me.json', {}),
    delivery(12, 'staging', 'file', 'u-linus', { filename: 'invoice-march.pdf' }),
    delivery(13, 'sandbox', 'text', 'u-grace', { body: 'A longer message: '.repeat(8) }),
    call(14, 'staging', '/tp/message/send.json', { user_id: 'u-grace', msg_type: 'sticker' }),
    delivery(15, 'sandbox', 'location', 'u-linus', { lat: 52.52, lon: 13.405 }),
    delivery(16, 'staging', 'text', 'u-linus', { body: 'Staging says hello' }),
    call(17, 'sandbox', '/tp/contact/add', { user_id: 'u-linus', display_name: 'Acme' }),
    delivery(18, 'sandbox', 'voice', 'u-grace', { filename: 'voice-note.ogg' }),
  ];
  const start = Date.now() - 3_600_000;
  const lines = made.map((r, i) => JSON.stringify({ ...r, at: new Date(start + i * 61_000) }));
  writeFileSync(join(dataDir, JOURNAL_FILE), lines.join('\n') + '\n');
  return made as unknown as JournalRecord[];
}

describe('the event log rows', () => {
  test('say what arrived and from whom, keep every filter whole, and filter by profile', async () => {
    const dataDir = freshDataDir();
    const seeded = writeMixed(dataDir);
    const running = await session.host(dataDir);
    const app = await session.openApp(running);
    const log = new EventLogPage(app.page);
    const user = await connectedSandboxUser(running, 'Ada');
    await userSends(running, user.id, 'Hello, where is my parcel? It was due on Monday.');

    // The delivery: its type, its sender, the start of its text, and the signature as a badge.
    const row = log.rows('delivery', 'Hello, where is my parcel?');
    await expect.poll(() => row.count(), until('the delivery row shows')).toBe(1);
    expect(await row.locator('.row-type').innerText()).toBe('text');
    expect(await row.getByTitle(user.id, { exact: true }).count()).toBe(1);
    expect(await row.locator('.sig-badge').innerText()).toBe('valid');

    // A call: its endpoint (no query) and the user it acted for.
    const listCall = log.rows('api', '/tp/resource/info');
    await expect.poll(() => listCall.count(), until('the call row shows')).toBe(1);
    expect(await listCall.locator('.row-endpoint').innerText()).toBe('/tp/resource/info');
    expect(await listCall.locator('.row-user').innerText()).toBe('as u-grace');

    // At 1280 px the sender and the endpoint are whole (the method gives way in a narrow pane).
    expect(await isCut(row.getByTitle(user.id, { exact: true })), 'the sender cut').toBe(false);
    expect(await isCut(listCall.locator('.row-endpoint')), 'the endpoint cut').toBe(false);

    // The filters at 1280 px: every kind and the Signature whole, on two lines at most.
    const bar = log.region.getByRole('search', { name: 'Filter records' });
    const barBox = (await bar.locator('.log-filter-row').boundingBox())!;
    const controlBox = (await log.choice('Signature').boundingBox())!;
    expect(barBox.height, 'three lines of filters').toBeLessThan(controlBox.height * 3);
    expect(await isCut(bar.getByRole('group', { name: 'Kinds' })), 'the kinds cut').toBe(false);
    expect(await selectShowsWhole(log.choice('Signature')), '"Signature: any" cut').toBe(true);
    expect(await selectShowsWhole(log.choice('Profile')), '"Profile: any" cut').toBe(true);
    expect(await log.choice('msg_type').count()).toBe(0);
    await log.moreFilters().click();
    const more = log.region.getByRole('group', { name: 'More filters' });
    for (const name of ['Status', 'Event type', 'msg_type', 'User', 'Room', 'Contact']) {
      expect(await more.getByRole('combobox', { name, exact: true }).count()).toBe(1);
    }
    await log.moreFilters().click();

    // Profile: only the staging records.
    const staging = seeded.filter((r) => r.profileId === 'staging').length;
    await log.choose('Profile', 'staging');
    await expect.poll(() => log.shown(), until('the count narrows to staging')).toBe(staging);
    await log.choose('Profile', '');
    await expect
      .poll(() => log.shown(), until('every record again'))
      .toBeGreaterThan(seeded.length);

    // The guide's pictures: 1280x800 and 1920x1080, light and dark.
    for (const colorScheme of ['light', 'dark'] as const) {
      const shown = await session.openApp(running, { colorScheme });
      for (const [width, height] of [
        [1280, 800],
        [1920, 1080],
      ] as const) {
        await shown.page.setViewportSize({ width, height });
        const shownLog = new EventLogPage(shown.page);
        await shownLog.rows('delivery', 'Hello, where is my parcel?').waitFor(POLL);
        await shownLog.openRecord(shownLog.rows('delivery', 'Hello, where is my parcel?'));
        await shownLog.detailTitle().waitFor(POLL);
        await saveDocScreenshot(shown.page, `event-log-${width}-${colorScheme}`);
      }
    }
  });
});
