// The receiver's form parser decodes exactly as URLSearchParams does, on any input.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseForm } from '../../../../src-main/core/inbound/form';

const reference = (text: string) => [...new URLSearchParams(text)];

it('matches URLSearchParams on random text, forms and broken escapes', () => {
  const piece = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.constantFrom(
      '%',
      '%2',
      '%zz',
      '%C3',
      '%C3%A9',
      '%FF',
      '+',
      '=',
      '&',
      '&&',
      '==',
      '%E2%9C%93',
    ),
  );
  const text = fc.array(piece, { maxLength: 12 }).map((a) => a.join(''));
  const form = fc
    .dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }))
    .map((d) => new URLSearchParams(d).toString());
  fc.assert(
    fc.property(fc.oneof(text, form), (t) => {
      expect(parseForm(t)).toEqual(reference(t));
    }),
    { numRuns: 2000 },
  );
  // 2,000 runs take ~1.5 s on an idle machine; a busy 2-core machine needs several times that.
}, 30_000);
