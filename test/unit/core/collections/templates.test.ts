// `{{name}}` in a collection's values: the names a value uses, and the value filled in, as the
// runner and the composer's preview read them.
import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  splitTemplate,
  templateNames,
} from '../../../../src-shared/collections/templates';

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

describe('splitTemplate', () => {
  it('cuts a value at each variable: text, then name, placeholder and text for each', () => {
    const value = 'Bearer {{ token }} for {{user}}{{user}}!';
    const parts = splitTemplate(value)!;
    expect(parts).toEqual([
      'Bearer ',
      'token',
      '{{ token }}',
      ' for ',
      'user',
      '{{user}}',
      '',
      'user',
      '{{user}}',
      '!',
    ]);
    // The names in the order templateNames gives them, and the value put back together.
    expect([...new Set(parts.filter((_, i) => i % 3 === 1))]).toEqual(templateNames(value));
    expect(parts.filter((_, i) => i % 3 !== 1).join('')).toBe(value);
  });

  it('answers null for a value without a variable', () => {
    expect(splitTemplate('no {{ }} variable {here} {{x y}}')).toBeNull();
    expect(splitTemplate('plain')).toBeNull();
  });
});
