// A change of one field of the receiver's answer must not bring the defaults of the others along:
// the handler merges what it is given into the saved control.
import { expect, it } from 'vitest';
import { commands } from '../../../src-shared/contract';

it('inbound.setResponse keeps only the fields it was given', () => {
  const parsed = commands['inbound.setResponse'].input.parse({ response: { status: 503 } });
  expect(parsed.response).toEqual({ status: 503 });
});

it('inbound.setResponse still checks the fields it was given', () => {
  expect(
    commands['inbound.setResponse'].input.safeParse({ response: { status: 99 } }).success,
  ).toBe(false);
});
