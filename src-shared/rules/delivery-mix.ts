// The mix of a load run (`tp load --mix text=60,picture=20,group-join=20`): which kinds of
// delivery it sends and in what proportion. Weights are relative (60/20/20 and 3/1/1 are the same
// mix), and the picker deals them out in an exact, repeatable order rather than at random, so a
// short run sends the proportions asked and two runs send the same deliveries.
import { closestNames, orList } from './closest-names';

export interface MixEntry {
  kind: string;
  weight: number;
}

/** The largest weight: enough for percentages to a tenth (`text=60.5` is written 605). */
const MAX_MIX_WEIGHT = 1000;

/** Reads `text=60,picture=20`; throws an Error whose message says what to write instead. */
export function parseMix(text: string, knownKinds: readonly string[]): MixEntry[] {
  const entries: MixEntry[] = [];
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) {
    throw new Error('--mix is empty: write the kinds and their weights, e.g. text=60,picture=40.');
  }
  for (const part of parts) {
    const [kind = '', weightText, ...extra] = part.split('=').map((p) => p.trim());
    const weight = Number(weightText);
    if (weightText === undefined || extra.length > 0 || kind === '') {
      throw new Error(`--mix ${JSON.stringify(part)} is not kind=weight: write e.g. text=60.`);
    }
    if (!knownKinds.includes(kind)) {
      const near = closestNames(kind, knownKinds);
      throw new Error(
        `--mix: ${JSON.stringify(kind)} is not a kind of delivery${near.length > 0 ? ` (did you mean ${orList(near)}?)` : ''}. The kinds: ${knownKinds.join(', ')}.`,
      );
    }
    if (!Number.isInteger(weight) || weight < 1 || weight > MAX_MIX_WEIGHT) {
      throw new Error(
        `--mix ${kind}=${weightText}: a weight is a whole number from 1 to ${MAX_MIX_WEIGHT} (weights are relative: text=3,picture=1 sends three texts to a picture).`,
      );
    }
    if (entries.some((e) => e.kind === kind)) {
      throw new Error(`--mix names ${kind} twice: give each kind once, with its whole weight.`);
    }
    entries.push({ kind, weight });
  }
  return entries;
}

/**
 * The kinds in the mix's proportions, one per call: smooth weighted round-robin (each turn, every
 * kind gains its weight and the kind furthest ahead is picked and pays the total back), so over
 * any whole cycle of `sum of weights` picks each kind comes exactly `weight` times, spread out.
 */
export function createMixPicker(mix: readonly MixEntry[]): () => string {
  if (mix.length === 0) throw new Error('a mix needs at least one kind');
  const total = mix.reduce((sum, e) => sum + e.weight, 0);
  const credit = mix.map(() => 0);
  return () => {
    let best = 0;
    for (let i = 0; i < mix.length; i += 1) {
      credit[i]! += mix[i]!.weight;
      if (credit[i]! > credit[best]!) best = i;
    }
    credit[best]! -= total;
    return mix[best]!.kind;
  };
}
