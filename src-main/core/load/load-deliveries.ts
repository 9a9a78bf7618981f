// The deliveries a load run sends: the endpoint check's samples (every msg_type and group event,
// sample-deliveries.ts), each sent with an id and timestamp of its own, so a handler that
// de-duplicates by id takes every one as new. Built once per kind; a send only copies the
// envelope, so the 2,000 deliveries a second cost the sender little besides the signature.
import { CommandError } from '../../../src-shared/contract';
import { createMixPicker, type MixEntry } from '../../../src-shared/rules/delivery-mix';
import { groupEventSamples, messageSamples, newMessageId } from '../endpoint-check';

/** The kinds `--mix` takes: the msg_types (and `text-long`), then the group events. */
export function loadKinds(): string[] {
  return [...messageSamples(), ...groupEventSamples()].map((s) => s.key);
}

export const DEFAULT_MIX: MixEntry[] = [{ kind: 'text', weight: 1 }];

/** The `data` of the next delivery, in the mix's proportions, and its kind. */
export function createDeliveryMaker(mix: readonly MixEntry[]): () => {
  kind: string;
  data: string;
} {
  const templates = new Map(
    [...messageSamples(), ...groupEventSamples()].map((s) => [s.key, s.data]),
  );
  const unknown = mix.filter((e) => !templates.has(e.kind)).map((e) => e.kind);
  if (unknown.length > 0) {
    throw new CommandError({
      code: 'invalid_input',
      message: `The mix names ${unknown.join(', ')}, which is not a kind of delivery. The kinds: ${[...templates.keys()].join(', ')}.`,
    });
  }
  const pick = createMixPicker(mix);
  return () => {
    const kind = pick();
    const template = templates.get(kind)!;
    const data = { ...template, id: newMessageId(), timestamp: String(Date.now()) };
    return { kind, data: JSON.stringify(data) };
  };
}
