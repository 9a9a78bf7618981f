// How a load run names what went wrong with a delivery: the status class, no answer within the
// platform's deadline, or the connection.
import { describe, expect, it } from 'vitest';
import { classifyFailure, statusClass } from '../../../../src-main/core/load/load-sender';

describe('the load run error classes', () => {
  it('a 2xx is no error; 3xx, 4xx and 5xx are their classes', () => {
    expect(statusClass(200)).toBeNull();
    expect(statusClass(204)).toBeNull();
    expect(statusClass(302)).toBe('status 3xx');
    expect(statusClass(401)).toBe('status 4xx');
    expect(statusClass(503)).toBe('status 5xx');
  });

  it('no headers or body within the deadline is a timeout, said with the deadline', () => {
    const e = Object.assign(new Error('Headers Timeout Error'), {
      code: 'UND_ERR_HEADERS_TIMEOUT',
    });
    expect(classifyFailure(e)).toEqual({
      error: 'timeout',
      words: "no answer within the platform's 10 s deadline",
    });
    expect(classifyFailure({ code: 'UND_ERR_BODY_TIMEOUT' }).error).toBe('timeout');
  });

  it('anything else is the connection, with its code and words', () => {
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(classifyFailure(reset)).toEqual({
      error: 'connection',
      words: 'UND_ERR_SOCKET: other side closed',
    });
    const refused = {
      message: 'fetch failed',
      cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' },
    };
    expect(classifyFailure(refused)).toEqual({
      error: 'connection',
      words: 'ECONNREFUSED: connect ECONNREFUSED',
    });
  });
});
