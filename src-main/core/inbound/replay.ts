// Replay and edit-and-replay: a captured delivery is sent again, to the receiver itself (it is
// captured anew, marked as a replay of the original) or to a URL (a `forward` record with why
// "replay"). As captured, the body is the exact bytes; with `data` edited, the form is rebuilt
// and signed again with the profile's client secret, or keeps the old signature on purpose.
import { createHmac } from 'node:crypto';
import { undici } from '../common/lazy-packages';
import {
  CommandError,
  type DeliveryRecord,
  type ForwardRecord,
  type RawBody,
} from '../../../src-shared/contract';
import type { Journal } from '../log';
import type { ProfileStore } from '../profiles';
import type { DeliveryCaptureService } from './deliveries';
import { REPLAY_HEADER } from './replay-mark';
import type { Forwarder } from './forward';
import type { InboundSettingsStore } from './inbound-settings';

export interface ReplayInput {
  seq: number;
  target: string;
  data?: string | undefined;
  resign: boolean;
}

interface Deps {
  journal: Journal;
  profiles: ProfileStore;
  capture: DeliveryCaptureService;
  forwarder: Forwarder;
  settings: InboundSettingsStore;
  receiverBaseUrl: () => string;
}

export function createReplayer(deps: Deps) {
  return async function replay(input: ReplayInput): Promise<DeliveryRecord | ForwardRecord> {
    const original = deps.journal.get(input.seq);
    if (!original || original.kind !== 'delivery') {
      throw new CommandError({
        code: 'not_found',
        message: `Record #${input.seq} is not a captured delivery in this session. Pick a delivery from the event log.`,
      });
    }
    const d = original.delivery;
    if (!d.body) {
      throw new CommandError({
        code: 'conflict',
        message: `Delivery #${input.seq} was refused unread (too large), so there are no bytes to replay.`,
      });
    }
    const profileId = original.profileId ?? '';
    const profile = deps.profiles.require(profileId);
    let body = rawBytes(d.body);
    const edited = input.data !== undefined;
    const resigned = edited && input.resign;
    if (edited)
      body = Buffer.from(
        rebuildForm(body, input.data!, input.resign, profile.clientSecret),
        'utf8',
      );

    const headers: Record<string, string> = {
      'content-type': d.headers['content-type'] ?? 'application/x-www-form-urlencoded',
      'user-agent': d.headers['user-agent'] ?? 'TP Inspector replay',
    };
    if (input.target !== 'receiver') {
      return deps.forwarder.send({
        deliverySeq: input.seq,
        profileId,
        url: input.target,
        body,
        headers,
        timeoutMs: deps.settings.get(profileId).forwards.timeoutMs,
        why: 'replay',
        edited,
        resigned,
      });
    }
    const expected = deps.capture.expectReplay(input.seq, { edited, resigned });
    let captured: DeliveryRecord | undefined;
    void expected.record.then((r) => (captured = r));
    let status: number;
    try {
      const res = await undici().request(`${deps.receiverBaseUrl()}${d.path}`, {
        method: 'POST',
        headers: { ...headers, [REPLAY_HEADER]: expected.header },
        body,
      });
      status = res.statusCode;
      await res.body.dump();
    } catch (err) {
      expected.cancel();
      throw new CommandError({
        code: 'network_error',
        message: `The replay could not reach the receiver (${(err as Error).message}). Check the receiver's status in the Inbound tab.`,
      });
    }
    // The receiver journals before it answers: by now the replay is captured, or it never will be.
    await Promise.resolve();
    if (captured) return captured;
    expected.cancel();
    throw new CommandError({
      code: 'conflict',
      message: `The receiver answered ${status} but did not capture the replay: ${d.path} is no longer a profile's endpoint path. Replay to a URL instead, or set the profile's endpoint URL back.`,
    });
  };
}

function rawBytes(body: RawBody): Buffer {
  return body.encoding === 'utf8'
    ? Buffer.from(body.text, 'utf8')
    : Buffer.from(body.text, 'base64');
}

/** The captured form with `data` replaced, signed again (HMAC) or left with the old signature. */
function rebuildForm(
  original: Buffer,
  data: string,
  resign: boolean,
  clientSecret: string | undefined,
): string {
  const form = new URLSearchParams(original.toString('utf8'));
  form.set('data', data);
  if (resign) {
    const method = (form.get('signature_method') ?? 'HMAC-SHA256').toUpperCase();
    if (method !== 'HMAC-SHA256' && method !== 'HMAC-SHA1') {
      throw new CommandError({
        code: 'conflict',
        message: `A ${method} delivery cannot be signed again here: only the platform holds its private key. Replay it with the old signature, or without editing.`,
      });
    }
    if (!clientSecret) {
      throw new CommandError({
        code: 'conflict',
        message:
          'The profile has no client secret to sign with. Set it in the profile, or replay with the old signature.',
      });
    }
    const algorithm = method === 'HMAC-SHA1' ? 'sha1' : 'sha256';
    if (!form.has('signature_method')) form.set('signature_method', 'HMAC-SHA256');
    form.set('signature', createHmac(algorithm, clientSecret).update(data, 'utf8').digest('hex'));
  }
  return form.toString();
}
