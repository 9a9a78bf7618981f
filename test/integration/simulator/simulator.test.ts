// The simulator commands against a real embedded sandbox: each action reaches the sandbox, says its
// outcome, lands in the journal, and what the sandbox delivers arrives at the engine's receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../src-shared/contract';
import { startContactsFixture, type ContactsFixture } from '../contacts/contacts-fixture';
import { simulator } from '../../helpers/sandbox-client';
import { waitFor } from '../../helpers/wait-for';

let fx: ContactsFixture;
beforeAll(async () => {
  fx = await startContactsFixture();
  // Ada owns an interactive contact that may be invited to rooms.
  await fx.core.invoke('contacts.save', {
    contact: {
      contactId: 'order-1042',
      displayName: 'Order 1042',
      capabilities: ['interactive', 'group_add'],
      owners: [fx.ada],
    },
  });
}, 60_000);
afterAll(() => fx?.close());

async function waitForRecord(
  match: (r: JournalRecord) => boolean,
  timeoutMs = 15_000,
): Promise<JournalRecord> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { records } = await fx.core.invoke('log.list', { limit: 200 });
    const found = records.find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error('no matching journal record');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('simulator commands', () => {
  it('shows the sandbox state without the client secret, users with their connection', async () => {
    const state = await fx.core.invoke('simulator.state', {});
    expect(state.app.clientId).toBe(fx.clientId);
    expect(JSON.stringify(state)).not.toMatch(/client_secret|clientSecret/);
    expect(state.users.find((u) => u.id === fx.ada)).toMatchObject({ connected: true });
    expect(state.users.find((u) => u.id === fx.cleo)).toMatchObject({ connected: false });
    expect(state.contacts.find((c) => c.contactId === 'order-1042')?.owners).toEqual([fx.ada]);
  });

  it('creates a user and a room, and journals each outcome', async () => {
    const made = await fx.core.invoke('simulator.createUser', { name: 'Grace', surname: 'Hopper' });
    expect(made.outcome).toMatch(/Created user Grace Hopper/);
    const room = await fx.core.invoke('simulator.createRoom', {
      subject: 'Launch team',
      createdBy: fx.ada,
      occupants: [made.user.id],
    });
    expect(room.room.occupants.map((o) => `${o.kind}:${o.id}`).sort()).toEqual(
      [`user:${fx.ada}`, `user:${made.user.id}`].sort(),
    );
    const record = await waitForRecord((r) => r.seq === room.seq);
    expect(record).toMatchObject({ kind: 'system', profileId: 'sandbox' });
    expect(record.summary).toMatch(/^Simulator: .* created the room "Launch team"/);
  });

  it('a user message to the contact is delivered to the receiver and journaled', async () => {
    const sent = await fx.core.invoke('simulator.sendMessage', {
      userId: fx.ada,
      to: { contactId: 'order-1042' },
      msgType: 'text',
      params: { text: 'Where is my order?' },
    });
    expect(sent.messageId).toMatch(/^m/);
    const delivery = await waitForRecord(
      (r) => r.kind === 'delivery' && r.delivery.classification.messageId === sent.messageId,
    );
    if (delivery.kind !== 'delivery') throw new Error('not a delivery');
    expect(delivery.delivery.verification.outcome).toBe('valid');
  });

  it('sends a vCard and a sample file through the composer builders', async () => {
    const vcard = await fx.core.invoke('simulator.sendMessage', {
      userId: fx.ada,
      to: { contactId: 'order-1042' },
      msgType: 'contact',
      vcard: { name: 'Ada', surname: 'Lovelace', phones: [{ number: '4915112345678' }] },
    });
    const samples = await fx.core.invoke('composer.samples', {});
    const picture = samples.samples.find((s) => s.msgTypes.includes('picture'));
    expect(picture).toBeDefined();
    const pic = await fx.core.invoke('simulator.sendMessage', {
      userId: fx.ada,
      to: { contactId: 'order-1042' },
      msgType: 'picture',
      file: { name: picture!.name, sample: picture!.name },
    });
    const state = await simulator<{
      user_messages: { id: string; data: Record<string, unknown> }[];
    }>(fx.sandbox, 'GET', '/_sandbox/state');
    const byId = new Map(state.user_messages.map((m) => [m.id, m.data]));
    expect(String(byId.get(vcard.messageId)?.vcard)).toContain('<phone>4915112345678</phone>');
    expect(byId.get(pic.messageId)).toMatchObject({ mime_type: picture!.mimeType });
  });

  it('an invite delivers a verified group-invite; a refusal says why and is journaled', async () => {
    const state = await fx.core.invoke('simulator.state', {});
    const hiking = state.rooms.find((r) => r.occupants.length > 0)!;
    // Seeded rooms have seeded users; let Ada create one she is in.
    const { room } = await fx.core.invoke('simulator.createRoom', {
      subject: 'Weekend trip',
      createdBy: fx.ada,
    });
    const invited = await fx.core.invoke('simulator.roomAction', {
      action: 'invite',
      room: room.id,
      contactId: 'order-1042',
      by: fx.ada,
    });
    expect(invited.room.occupants).toContainEqual(
      expect.objectContaining({ kind: 'contact', id: 'order-1042' }),
    );
    const delivery = await waitForRecord(
      (r) =>
        r.kind === 'delivery' &&
        r.delivery.classification.type === 'group-invite' &&
        r.delivery.classification.roomId === room.id,
    );
    if (delivery.kind !== 'delivery') throw new Error('not a delivery');
    expect(delivery.delivery.verification.outcome).toBe('valid');

    // Bob does not own the contact: the sandbox refuses, and the panel gets its words.
    const refused = fx.core.invoke('simulator.roomAction', {
      action: 'invite',
      room: hiking.id,
      contactId: 'order-1042',
      by: fx.bob,
    });
    await expect(refused).rejects.toMatchObject({
      code: 'http_error',
      message: expect.stringMatching(/403 not_authorized: User .* does not own contact/),
    });
    await waitForRecord(
      (r) => r.kind === 'system' && r.system.level === 'warn' && /does not own/.test(r.summary),
    );
  });

  it('lists the sandbox deliveries with their attempts, and redelivers one', async () => {
    // The sandbox marks a delivery delivered once the receiver's answer is back, after the
    // receiver journaled it (which is what the tests above waited for).
    const done = await waitFor('a delivery the sandbox has marked delivered', async () =>
      (await fx.core.invoke('simulator.deliveries', { limit: 5 })).deliveries.find(
        (d) => d.status === 'delivered',
      ),
    );
    expect(done.attempts[0]).toMatchObject({ attempt: 1, status: 200 });
    const again = await fx.core.invoke('simulator.redeliver', { id: done.id });
    expect(again.outcome).toMatch(/sent delivery .* again/);
  });

  it('otp: opens the management URL with the otp redacted', async () => {
    const opened = await fx.core.invoke('simulator.otp', {
      userId: fx.ada,
      target: 'management',
      fromapp: true,
    });
    expect(opened.status).toBe(200);
    expect(opened.url).toMatch(/otp=/);
    // The otp itself is in no journal record.
    const record = await waitForRecord((r) => r.seq === opened.seq);
    const otp = new URL(opened.url).searchParams.get('otp') ?? '';
    expect(otp).toMatch(/^.{0,4}…$/);
    expect(record.summary).toContain('management URL');
  });

  it('changes the app registration and the sandbox profile follows; expires tokens', async () => {
    const changed = await fx.core.invoke('simulator.updateApp', {
      changes: {
        signatureMethod: 'HMAC-SHA1',
        rateLimit: { count: 50, windowS: 10 },
        scopes: ['basic'],
      },
    });
    expect(changed.app).toMatchObject({ signatureMethod: 'HMAC-SHA1', scopes: ['basic'] });
    const profiles = await fx.core.invoke('profiles.list', {});
    expect(profiles.profiles.find((p) => p.id === 'sandbox')?.scopes).toEqual(['basic']);
    const expired = await fx.core.invoke('simulator.expireTokens', {});
    expect(expired.expired).toBeGreaterThan(0);
    await fx.core.invoke('simulator.updateApp', {
      changes: { signatureMethod: 'HMAC-SHA256', scopes: ['basic', 'user_phone'] },
    });
  });

  it("revokes a user's grant on the platform", async () => {
    const out = await fx.core.invoke('simulator.revokeOnPlatform', { userId: fx.bob });
    expect(out.outcome).toMatch(
      /^Revoked the grant of .* on the platform: \d+ token\(s\) revoked\.$/,
    );
    const state = await fx.core.invoke('simulator.state', {});
    expect(state.users.find((u) => u.id === fx.bob)?.connected).toBe(false);
  });
});
