// A new journal record reaches the windows as the line the journal wrote for it, passed along with
// the event (events.emit's json), not serialised again; an event without one is serialised.
import { describe, expect, it } from 'vitest';
import type { WebContents } from 'electron';
import { createEventEmitter } from '../../../src-main/core/events';
import { forwardEvents } from '../../../src-main/electron/ipc';
import type { JournalRecord } from '../../../src-shared/contract';

const record: JournalRecord = {
  seq: 7,
  at: new Date(0).toISOString(),
  kind: 'system',
  summary: 'seven',
  system: { level: 'info', message: 'seven' },
};

function windowSpy() {
  const sent: unknown[] = [];
  const webContents = {
    isDestroyed: () => false,
    isCrashed: () => false,
    send: (_channel: string, message: unknown) => sent.push(message),
  } as unknown as WebContents;
  return { sent, windows: () => [{ isDestroyed: () => false, webContents }] };
}

describe('the journal line on the way to the windows', () => {
  it("sends the journal's own line for a record, byte for byte", () => {
    const events = createEventEmitter();
    const { sent, windows } = windowSpy();
    const forwarding = forwardEvents({ events }, windows);
    // Keys in another order than JSON.stringify(record) gives: only the line passed can make it.
    const line = `{"kind":"system","seq":7,"at":"${record.at}","summary":"seven","system":{"level":"info","message":"seven"}}`;
    events.emit('log.appended', record, line);
    forwarding.flush();
    expect(sent).toEqual([`{"event":"log.appended","payloads":[${line}]}`]);
    forwarding.stop();
  });

  it('serialises a record that comes without its line', () => {
    const events = createEventEmitter();
    const { sent, windows } = windowSpy();
    const forwarding = forwardEvents({ events }, windows);
    events.emit('log.appended', record);
    forwarding.flush();
    expect(sent).toEqual([`{"event":"log.appended","payloads":[${JSON.stringify(record)}]}`]);
    forwarding.stop();
  });
});
