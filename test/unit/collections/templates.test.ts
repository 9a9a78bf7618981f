// `{{name}}` in a collection's values: the names a value uses, and the value filled in, as the
// runner and the composer's preview read them.
import { describe, expect, it } from 'vitest';
import {
  addTemplateNames,
  fillTemplate,
  templateNames,
} from '../../../src-shared/collections/templates';

describe('fillTemplate', () => {
  it('fills each name, keeps an unknown one as written and names it once', () => {
    const values: Record<string, string> = { a: 'A', b: '$& $1 $$' };
    const filled = fillTemplate('x {{a}}-{{ b }} {{nope}} {{a}}{{nope}} {{ }} {{x y}} end', (n) =>
      Object.prototype.hasOwnProperty.call(values, n) ? values[n] : undefined,
    );
    // A value is put in as it is: `$` patterns mean nothing here.
    expect(filled.text).toBe('x A-$& $1 $$ {{nope}} A{{nope}} {{ }} {{x y}} end');
    expect(filled.unknown).toEqual(['nope']);
  });

  it('gives a value without a variable back as it is', () => {
    expect(fillTemplate('plain {text}', () => 'never')).toEqual({
      text: 'plain {text}',
      unknown: [],
    });
    expect(fillTemplate('{{a}}', () => 'whole').text).toBe('whole');
  });

  it('fills the rest of a value when a lookup fills a template of its own', () => {
    const inner = (n: string) => fillTemplate(`[{{${n}}}]`, (m) => m.toUpperCase()).text;
    expect(fillTemplate('{{a}} and {{b}}.', inner).text).toBe('[A] and [B].');
  });
});

describe('addTemplateNames', () => {
  it('adds the names in order of first use, as templateNames gives them, and tells whether any', () => {
    const names = new Set<string>(['z']);
    expect(addTemplateNames('{{b}} {{ a }} {{b}} {{$uuid}}', names)).toBe(true);
    expect([...names]).toEqual(['z', ...templateNames('{{b}} {{ a }} {{b}} {{$uuid}}')]);
    expect(addTemplateNames('no {{ }} variable {here}', names)).toBe(false);
    expect(names.size).toBe(4);
  });
});
