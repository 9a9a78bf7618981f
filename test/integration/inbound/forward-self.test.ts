// A forward target that is the receiver under another spelling of this machine's address
// (docs/security.md, Forwarding): refused when saved, and at each forward when it was saved
// before this check knew the spelling. Before, `[::ffff:127.0.0.1]` captured one delivery twice
// until the forward header stopped the loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardRecord, JournalRecord } from '../../../src-shared/contract';
import { memorySettings } from '../../helpers/memory-settings';
import {
  form,
  isDeliveryOf,
  isForward,
  messageData,
  post,
  signedFields,
  startInboundFixture,
  type InboundFixture,
} from './inbound-harness';

const settings = memorySettings();
let f: InboundFixture;
let port: string;
beforeAll(async () => {
  f = await startInboundFixture({}, settings);
  port = new URL((await f.core.invoke('inbound.status', {})).baseUrl).port;
});
afterAll(async () => {
  await f?.close();
});

/** The receiver under names of this machine that are not spelled as loopback. */
const selfForms = () => [
  `http://[::ffff:127.0.0.1]:${port}/hooks/sandbox`,
  `http://localhost.:${port}/hooks/sandbox`,
  `http://0.0.0.0:${port}/`,
  `http://[::]:${port}/`,
  `http://127.9.9.9:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f.1:${port}/`,
];

describe('a forward target that is the receiver under another name', () => {
  it('is refused when saved, with what it reaches and what to do', async () => {
    for (const self of selfForms()) {
      await expect(
        f.core.invoke('inbound.setForwards', { forwards: { targets: [self] } }),
        self,
      ).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(
          new RegExp(
            `is this receiver \\(.*an address of this machine, and port ${port} is the receiver's.*Forward to your own server's URL`,
          ),
        ),
      });
    }
    expect((await f.core.invoke('inbound.settings', {})).forwards.targets).toEqual([]);
  });

  it('is not forwarded to when it was saved before: the delivery is captured once', async () => {
    // A profile whose settings file was written by an earlier version, with these targets.
    const profile = await f.core.invoke('profiles.create', {
      name: 'Saved before',
      baseUrl: f.sandbox.baseUrl,
      clientId: f.clientId,
      clientSecret: f.clientSecret,
      redirectUri: 'http://127.0.0.1:9/callback',
      scopes: ['basic'],
    });
    settings.set(`inbound:${profile.id}`, { forwards: { targets: selfForms() } });
    const { forwards } = await f.core.invoke('inbound.settings', { profileId: profile.id });
    expect(forwards.targets).toEqual(selfForms());
    const { suggested } = await f.core.invoke('inbound.status', { profileId: profile.id });

    const res = await post(
      suggested.endpointUrl,
      form(signedFields(f, messageData('m-self-forms'))),
    );
    expect(res.status).toBe(200);
    const delivery = await f.waitFor(isDeliveryOf('m-self-forms'));
    const records = await f.waitForCount(
      (r: JournalRecord) => isForward(r) && r.forward.deliverySeq === delivery.seq,
      selfForms().length,
    );
    for (const r of records as ForwardRecord[]) {
      expect(r.forward.notForwarded, r.forward.exchange.url).toMatchObject({
        reason: 'target-is-receiver',
        explanation: expect.stringMatching(
          /an address of this machine.*forward to your own server/i,
        ),
      });
    }
    expect(f.records.filter(isDeliveryOf('m-self-forms'))).toHaveLength(1);
  });
});
