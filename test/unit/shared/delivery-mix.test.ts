// tp load --mix: kinds and relative weights, each refusal saying what to write, and a picker that
// sends the exact proportions asked.
import { describe, expect, it } from 'vitest';
import { createMixPicker, parseMix } from '../../../src-shared/rules/delivery-mix';

const KINDS = ['text', 'picture', 'sticker', 'group-join'];

const refusal = (text: string) => {
  try {
    parseMix(text, KINDS);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${text} was not refused`);
};

describe('the delivery mix', () => {
  it('reads kind=weight pairs, spaces allowed', () => {
    expect(parseMix('text=60, picture=20,group-join=20', KINDS)).toEqual([
      { kind: 'text', weight: 60 },
      { kind: 'picture', weight: 20 },
      { kind: 'group-join', weight: 20 },
    ]);
  });

  it('refuses an unknown kind with the nearest one and the list', () => {
    const words = refusal('txt=60,picture=40');
    expect(words).toContain('"txt" is not a kind of delivery (did you mean text?)');
    expect(words).toContain('The kinds: text, picture, sticker, group-join.');
  });

  it('refuses a weight that is not a whole number from 1 to 1000, a missing weight, a repeat', () => {
    expect(refusal('text=0')).toContain('a weight is a whole number from 1 to 1000');
    expect(refusal('text=12.5')).toContain('a weight is a whole number from 1 to 1000');
    expect(refusal('text')).toContain('"text" is not kind=weight');
    expect(refusal('text=1,text=2')).toContain('names text twice');
    expect(refusal(' , ')).toContain('--mix is empty');
  });

  it('picks each kind exactly its share in every cycle, spread out rather than in runs', () => {
    const pick = createMixPicker([
      { kind: 'text', weight: 3 },
      { kind: 'picture', weight: 1 },
      { kind: 'sticker', weight: 1 },
    ]);
    const first = Array.from({ length: 5 }, pick);
    expect(first.filter((k) => k === 'text')).toHaveLength(3);
    expect(first.filter((k) => k === 'picture')).toHaveLength(1);
    expect(first.filter((k) => k === 'sticker')).toHaveLength(1);
    // No three texts in a row: smooth, not 3 then 1 then 1.
    expect(first.join(',')).not.toContain('text,text,text');
    const next = Array.from({ length: 1000 }, pick);
    expect(next.filter((k) => k === 'text')).toHaveLength(600);
  });
});
