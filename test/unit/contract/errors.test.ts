// One toErrorShape for both transports (Electron IPC, the headless host's WebSocket): what a failed
// command is answered with.
import { describe, expect, it } from 'vitest';
import { CommandError, toErrorShape } from '../../../src-shared/contract';

describe('toErrorShape', () => {
  it('keeps a CommandError’s code, message and issues', () => {
    const issues = [{ path: 'limit', message: 'Too big' }];
    expect(
      toErrorShape(new CommandError({ code: 'invalid_input', message: 'bad', issues })),
    ).toEqual({ code: 'invalid_input', message: 'bad', issues });
    expect(toErrorShape(new CommandError({ code: 'not_found', message: 'no #3' }))).toEqual({
      code: 'not_found',
      message: 'no #3',
    });
  });

  it('passes a value that already is an error shape', () => {
    expect(toErrorShape({ code: 'conflict', message: 'taken' })).toEqual({
      code: 'conflict',
      message: 'taken',
    });
  });

  it('reports a plain Error as an internal failure, with its message', () => {
    expect(toErrorShape(new TypeError('boom'))).toEqual({
      code: 'internal',
      message: 'The command failed unexpectedly: boom.',
    });
  });

  it('reports anything else thrown as an internal failure, in words', () => {
    expect(toErrorShape('nope')).toEqual({
      code: 'internal',
      message: 'The command failed unexpectedly: nope.',
    });
    expect(toErrorShape(undefined)).toEqual({
      code: 'internal',
      message: 'The command failed unexpectedly: undefined.',
    });
    expect(toErrorShape({ code: 'no_such_code', message: 'x' }).code).toBe('internal');
  });
});
