// The one fan-out both transports hand pushed events to (the Electron preload and the renderer's
// WebSocket bridge): who hears what, in which order, and what an unsubscribe removes.
import { describe, expect, it, vi } from 'vitest';
import { eventFanOut } from '../../../src-shared/contract/channels';

const quiet = () => eventFanOut({ listenerFailed: () => undefined });

describe('eventFanOut', () => {
  it('hands a batch record by record, each to every listener before the next', () => {
    const fanOut = quiet();
    const heard: string[] = [];
    fanOut.on('log.appended', (p) => heard.push(`a${String(p)}`));
    fanOut.on('log.appended', (p) => heard.push(`b${String(p)}`));
    fanOut.on('auth.changed', (p) => heard.push(`other${String(p)}`));
    expect(fanOut.deliver('{"event":"log.appended","payloads":[1,2]}')).toBe(true);
    expect(heard).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('says a message that is no event was not delivered', () => {
    const fanOut = quiet();
    const listener = vi.fn();
    fanOut.on('log.appended', listener);
    expect(fanOut.deliver({ id: 1, ok: true, output: {} })).toBe(false);
    expect(fanOut.deliver('not json')).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });

  it('counts the same function added twice as two subscriptions, each with its own unsubscribe', () => {
    const fanOut = quiet();
    const heard: unknown[] = [];
    const listener = (p: unknown) => heard.push(p);
    const off = fanOut.on('profiles.changed', listener);
    fanOut.on('profiles.changed', listener);
    fanOut.deliver({ event: 'profiles.changed', payload: 1 });
    off();
    off();
    fanOut.deliver({ event: 'profiles.changed', payload: 2 });
    expect(heard).toEqual([1, 1, 2]);
  });

  it('tells when the first listener comes and the last goes, once each', () => {
    const first = vi.fn();
    const none = vi.fn();
    const fanOut = eventFanOut({ listenerFailed: () => undefined, first, none });
    const offA = fanOut.on('log.appended', () => undefined);
    const offB = fanOut.on('auth.changed', () => undefined);
    expect(first).toHaveBeenCalledTimes(1);
    offA();
    offA();
    expect(none).not.toHaveBeenCalled();
    offB();
    expect(none).toHaveBeenCalledTimes(1);
  });

  it('goes on to the other listeners when one throws, and says which event it was', () => {
    const failed = vi.fn();
    const fanOut = eventFanOut({ listenerFailed: failed });
    const heard: unknown[] = [];
    fanOut.on('log.appended', () => {
      throw new Error('a broken view');
    });
    fanOut.on('log.appended', (p) => heard.push(p));
    fanOut.deliver({ event: 'log.appended', payloads: [1, 2] });
    expect(heard).toEqual([1, 2]);
    expect(failed).toHaveBeenCalledWith('log.appended', expect.any(Error));
  });

  it('lets a listener removed while a record is out still hear that record, and no later one', () => {
    const fanOut = quiet();
    const heard: string[] = [];
    let offB = () => undefined as void;
    fanOut.on('log.appended', (p) => {
      heard.push(`a${String(p)}`);
      offB();
    });
    offB = fanOut.on('log.appended', (p) => heard.push(`b${String(p)}`));
    fanOut.deliver({ event: 'log.appended', payloads: [1, 2] });
    expect(heard).toEqual(['a1', 'b1', 'a2']);
  });
});
