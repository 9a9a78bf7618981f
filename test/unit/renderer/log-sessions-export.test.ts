// Exporting a session from the event log's store (log-sessions.ts): through the transport's
// streamed save when it has one (the content never comes into the page), saying where the file
// went; a failure kept in words; and the whole-string command only for a bridge without it.
import { describe, expect, it, vi } from 'vitest';
import { CommandError, type Bridge } from '../../../src-shared/contract';
import {
  sessionsSlice,
  type LogSessionsState,
} from '../../../src-renderer/src/features/event-log/log-sessions';

function slice(bridge: Bridge) {
  let state = {} as LogSessionsState;
  state = sessionsSlice(
    bridge,
    (partial) => (state = { ...state, ...partial }),
    () => state,
  );
  return { get: () => state };
}

describe('a session exported from the event log', () => {
  it('is saved by the transport, and the store says where it went', async () => {
    const invoke = vi.fn();
    const saveExport = vi.fn(async () => ({
      outcome: 'saved' as const,
      path: '/home/qa/run.ndjson',
      bytes: 3 * 2 ** 20,
    }));
    const { get } = slice({ invoke, on: () => () => undefined, saveExport });
    await expect(get().exportSession('ndjson', { sessionId: 's1' })).resolves.toMatchObject({
      outcome: 'saved',
    });
    expect(saveExport).toHaveBeenCalledWith({ format: 'ndjson', sessionId: 's1' });
    // The content is never asked for whole.
    expect(invoke).not.toHaveBeenCalled();
    expect(get()).toMatchObject({
      sessionBusy: null,
      sessionError: null,
      sessionNotice: 'Saved 3.0 MB to /home/qa/run.ndjson.',
    });
  });

  it('asks for the records the filter matches when given one', async () => {
    const saveExport = vi.fn(async () => ({ outcome: 'downloading' as const }));
    const { get } = slice({ invoke: vi.fn(), on: () => () => undefined, saveExport });
    const filter = { kinds: ['delivery' as const], signature: 'invalid' as const };
    await get().exportSession('har', { filter });
    expect(saveExport).toHaveBeenCalledWith({ format: 'har', filter });
  });

  it('keeps what went wrong in words, and no notice', async () => {
    const message =
      'The disk holding /home/qa is full: the export stopped after 12.0 MB and the partial file was removed. Free some space there, or save the export on another disk, then export again.';
    const saveExport = vi.fn(async () => {
      throw new CommandError({ code: 'conflict', message });
    });
    const { get } = slice({ invoke: vi.fn(), on: () => () => undefined, saveExport });
    await expect(get().exportSession('har')).resolves.toBeNull();
    expect(get()).toMatchObject({
      sessionBusy: null,
      sessionNotice: null,
      sessionError: expect.stringContaining(message),
    });
  });

  it('says nothing when the save dialog was cancelled', async () => {
    const saveExport = vi.fn(async () => ({ outcome: 'cancelled' as const }));
    const { get } = slice({ invoke: vi.fn(), on: () => () => undefined, saveExport });
    await expect(get().exportSession('html')).resolves.toEqual({ outcome: 'cancelled' });
    expect(get()).toMatchObject({ sessionError: null, sessionNotice: null });
  });
});
