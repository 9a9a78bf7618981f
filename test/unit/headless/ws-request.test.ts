import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../../src-main/headless/ws-bridge';

const text = (s: string) => Buffer.from(s);

describe('WebSocket request parsing', () => {
  it('accepts {id, command, input}', () => {
    expect(parseRequest(text('{"id":1,"command":"app.info","input":{}}'), false)).toEqual({
      id: 1,
      command: 'app.info',
      input: {},
    });
  });

  it('answers malformed frames with invalid_input, echoing a usable id', () => {
    expect(parseRequest(text('nope'), false)).toMatchObject({
      id: null,
      error: { code: 'invalid_input' },
    });
    expect(parseRequest(text('{"id":-1,"command":"x"}'), false)).toMatchObject({ id: null });
    expect(parseRequest(text('{"id":4,"command":5}'), false)).toMatchObject({
      id: 4,
      error: { code: 'invalid_input' },
    });
    expect(parseRequest(text('[]'), false)).toMatchObject({ id: null });
    expect(parseRequest(text('{"id":1,"command":"app.info"}'), true)).toMatchObject({ id: null });
    expect(parseRequest([text('{"id":2,'), text('"command":"a","input":1}')], false)).toEqual({
      id: 2,
      command: 'a',
      input: 1,
    });
  });
});
