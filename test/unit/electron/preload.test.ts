// The preload against a stand-in `electron`: it exposes exactly one Bridge, unwraps main's
// envelopes, and scopes event listeners to their own unsubscribe.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandError, CommandErrorShape, type Bridge } from '../../../src-shared/contract';
import { ipcChannel } from '../../../src-shared/contract/channels';

type Handler = (event: unknown, message: unknown) => void;

const fake = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const listeners = new Map<string, Set<Handler>>();
  const ipcRenderer = {
    invoke: vi.fn<(channel: string, input: unknown) => Promise<unknown>>(),
    on: vi.fn((channel: string, fn: Handler) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(fn);
    }),
    removeListener: vi.fn(
      (channel: string, fn: Handler) => void listeners.get(channel)?.delete(fn),
    ),
  };
  const push = (channel: string, message: unknown) => {
    for (const fn of [...(listeners.get(channel) ?? [])]) fn({}, message);
  };
  const contextBridge = {
    exposeInMainWorld: vi.fn((key: string, api: unknown) => void exposed.set(key, api)),
  };
  return { exposed, listeners, ipcRenderer, contextBridge, push };
});

vi.mock('electron', () => ({ contextBridge: fake.contextBridge, ipcRenderer: fake.ipcRenderer }));

await import('../../../src-preload/index');
const bridge = fake.exposed.get('tp') as Bridge;

beforeEach(() => fake.ipcRenderer.invoke.mockReset());

/** The modules a source file imports at run time (`import type` lines vanish at build time). */
function runtimeImports(path: string): string[] {
  const source = readFileSync(new URL(path, import.meta.url), 'utf8');
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
    (m) => m[1] ?? '',
  );
}

describe('preload', () => {
  it('exposes the Bridge as window.tp and nothing else', () => {
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect([...fake.exposed.keys()]).toEqual(['tp']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on', 'saveExport']);
  });

  it('saves an export through main’s channel, and rejects with main’s error shape', async () => {
    fake.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: true,
      output: { outcome: 'saved', path: '/home/qa/run.html', bytes: 12 },
    });
    await expect(bridge.saveExport!({ format: 'html' })).resolves.toEqual({
      outcome: 'saved',
      path: '/home/qa/run.html',
      bytes: 12,
    });
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledWith(ipcChannel.saveExport, {
      format: 'html',
    });
    const full = { code: 'conflict', message: 'The disk holding /home/qa is full: …' } as const;
    fake.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: full });
    await expect(bridge.saveExport!({ format: 'ndjson' })).rejects.toEqual({
      name: 'CommandError',
      ...full,
    });
  });

  it('imports nothing at runtime but electron and the zod-free channel names (a sandboxed preload cannot)', () => {
    expect(runtimeImports('../../../src-preload/index.ts')).toEqual([
      'electron',
      '../src-shared/contract/channels',
    ]);
    // What channels.ts imports would land in the preload's bundle: types only.
    expect(runtimeImports('../../../src-shared/contract/channels.ts')).toEqual([]);
  });

  it('invokes the command’s channel and returns the output', async () => {
    fake.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: true,
      output: { activeProfileId: 'p', profiles: [] },
    });
    await expect(bridge.invoke('profiles.list', {})).resolves.toEqual({
      activeProfileId: 'p',
      profiles: [],
    });
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledWith('tp:cmd:profiles.list', {});
  });

  it('rejects with the error shape, which rebuilds into a CommandError', async () => {
    const error = {
      code: 'invalid_input',
      message: 'limit: Too big',
      issues: [{ path: 'limit', message: 'Too big' }],
    };
    fake.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error });
    const thrown: unknown = await bridge.invoke('log.list', { limit: 9 }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ name: 'CommandError', ...error });
    // What the renderer does with it: plain data that survives contextBridge and parses as a shape.
    const rebuilt = new CommandError(CommandErrorShape.parse(thrown));
    expect(rebuilt.toShape()).toEqual(error);
  });

  it('turns a reply without an envelope into an internal error', async () => {
    fake.ipcRenderer.invoke.mockResolvedValueOnce('garbage');
    await expect(bridge.invoke('app.info', {})).rejects.toMatchObject({ code: 'internal' });
  });

  it('delivers only the subscribed event, until its own unsubscribe is called', () => {
    const seen: unknown[] = [];
    const other: unknown[] = [];
    const off = bridge.on('profiles.changed', (p) => seen.push(p));
    const offOther = bridge.on('auth.changed', (p) => other.push(p));
    fake.push('tp:event', { event: 'profiles.changed', payload: { n: 1 } });
    fake.push('tp:event', { event: 'log.appended', payload: { n: 2 } });
    fake.push('tp:event', null);
    expect(seen).toEqual([{ n: 1 }]);
    off();
    fake.push('tp:event', { event: 'profiles.changed', payload: { n: 3 } });
    expect(seen).toEqual([{ n: 1 }]);
    expect(other).toEqual([]);
    expect(fake.listeners.get('tp:event')?.size).toBe(1);
    offOther();
    expect(fake.listeners.get('tp:event')?.size).toBe(0);
  });

  it('reads a group of journal records (JSON text) once, as that many events in order', () => {
    const seen: unknown[] = [];
    const alsoSeen: unknown[] = [];
    const parse = vi.spyOn(JSON, 'parse');
    const off = bridge.on('log.appended', (p) => seen.push(p));
    const offToo = bridge.on('log.appended', (p) => alsoSeen.push(p));
    expect(fake.listeners.get('tp:event')?.size).toBe(1);
    fake.push('tp:event', '{"event":"log.appended","payloads":[{"seq":1},{"seq":2},{"seq":3}]}');
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    expect(seen).toEqual([{ seq: 1 }, { seq: 2 }, { seq: 3 }]);
    expect(alsoSeen).toEqual(seen);
    off();
    offToo();
    expect(fake.listeners.get('tp:event')?.size).toBe(0);
  });

  it('uses the channel names of ipcChannel in the contract', async () => {
    const { ipcChannel } = await import('../../../src-shared/contract');
    fake.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, output: null });
    await bridge.invoke('auth.status', {});
    expect(fake.ipcRenderer.invoke.mock.calls[0]?.[0]).toBe(ipcChannel.command('auth.status'));
    expect([...fake.listeners.keys()]).toEqual([ipcChannel.event]);
  });
});
