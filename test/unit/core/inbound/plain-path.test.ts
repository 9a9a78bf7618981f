// The receiver routes most requests without parsing a URL (plainPath); where it does, the path
// must be exactly what URL parsing gives, and anything it is unsure of must go to URL.
import { describe, expect, it } from 'vitest';
import { plainPath } from '../../../../src-main/core/inbound/receiver';

const viaUrl = (target: string) => new URL(target, 'http://receiver.invalid').pathname;

describe('plainPath', () => {
  it('gives the path URL parsing gives, for plain targets', () => {
    for (const target of [
      '/',
      '/hooks/sandbox',
      '/hooks/sandbox/',
      '/hooks/my-profile_2/manage',
      '/hooks/sandbox?x=1&y=%20',
      '/a?',
    ]) {
      expect(plainPath(target), target).toBe(viaUrl(target));
    }
  });

  it('leaves to URL what URL parsing would change or read otherwise', () => {
    for (const target of [
      '//evil/hooks/sandbox',
      '/hooks/../hooks/sandbox',
      '/hooks/./sandbox',
      '/hooks//sandbox',
      '/hooks/%73andbox',
      '/hooks\\sandbox',
      '/hooks/sandbox#frag',
      '/hooks/sand box',
      '/hooks/é',
      'hooks/sandbox',
      '',
      '*',
      'http://other.example/hooks/sandbox',
    ]) {
      expect(plainPath(target), target).toBeNull();
    }
  });

  it('never disagrees with URL on random targets', () => {
    const alphabet = 'ab-_/.%2?#\\ é';
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 5000; i++) {
      let target = '/';
      const len = rand(12);
      for (let j = 0; j < len; j++) target += alphabet[rand(alphabet.length)];
      const fast = plainPath(target);
      if (fast !== null) expect(fast, target).toBe(viaUrl(target));
    }
  });
});
