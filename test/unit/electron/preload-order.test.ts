// The preload hands a group of journal records to its listeners as the WebSocket transport does:
// record by record, each to every listener before the next (it used to give one listener the whole
// group before the next listener heard any of it).
import { describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../../src-shared/contract';
import { ipcChannel } from '../../../src-shared/contract/channels';

type Handler = (event: unknown, message: unknown) => void;

const fake = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const listeners = new Set<Handler>();
  return {
    exposed,
    push: (message: unknown) => {
      for (const fn of [...listeners]) fn({}, message);
    },
    ipcRenderer: {
      invoke: vi.fn(),
      on: vi.fn((_channel: string, fn: Handler) => void listeners.add(fn)),
      removeListener: vi.fn((_channel: string, fn: Handler) => void listeners.delete(fn)),
    },
    contextBridge: {
      exposeInMainWorld: vi.fn((key: string, api: unknown) => void exposed.set(key, api)),
    },
  };
});

vi.mock('electron', () => ({ contextBridge: fake.contextBridge, ipcRenderer: fake.ipcRenderer }));

await import('../../../src-preload/index');
const bridge = fake.exposed.get('tp') as Bridge;

describe('the preload’s event listeners', () => {
  it('hear a group of records record by record, each listener before the next record', () => {
    const heard: string[] = [];
    const offA = bridge.on('log.appended', (r) => heard.push(`a${r.seq}`));
    const offB = bridge.on('log.appended', (r) => heard.push(`b${r.seq}`));
    expect(fake.ipcRenderer.on).toHaveBeenCalledWith(ipcChannel.event, expect.any(Function));
    fake.push('{"event":"log.appended","payloads":[{"seq":1},{"seq":2}]}');
    expect(heard).toEqual(['a1', 'b1', 'a2', 'b2']);
    offA();
    offB();
  });
});
