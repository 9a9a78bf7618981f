// Comparing a session with the open one from the event log's store (log-sessions.ts): the open
// session is the right side, the answer is kept until closed, and a refusal is kept in words.
import { describe, expect, it, vi } from 'vitest';
import { CommandError, type Bridge, type SessionsState } from '../../../src-shared/contract';
import {
  sessionsSlice,
  type LogSessionsState,
} from '../../../src-renderer/src/features/event-log/log-sessions';

const STATE = { activeId: 'today', recordingId: 'today', sessions: [], dataFolderBytes: 0 };

function slice(invoke: Bridge['invoke']) {
  let state = {} as LogSessionsState;
  state = sessionsSlice(
    { invoke, on: () => () => undefined },
    (partial) => (state = { ...state, ...partial }),
    () => state,
  );
  state = { ...state, sessions: STATE as SessionsState };
  return { get: () => state };
}

const counts = { records: 0, kinds: {}, outcomes: {}, signatures: {} };
const ANSWER = {
  left: { id: 'yesterday', name: 'yesterday', counts },
  right: { id: 'today', name: 'today', counts },
  differences: [],
  differencesTotal: 0,
};

describe('a session compared with the open one', () => {
  it('asks the engine with the open session on the right, and keeps the answer until closed', async () => {
    const invoke = vi.fn(async () => ANSWER) as unknown as Bridge['invoke'];
    const { get } = slice(invoke);
    await get().compareWithOpen('yesterday');
    expect(invoke).toHaveBeenCalledWith('sessions.compare', {
      leftId: 'yesterday',
      rightId: 'today',
    });
    expect(get().sessionComparison).toEqual(ANSWER);
    get().closeComparison();
    expect(get().sessionComparison).toBeNull();
  });

  it('keeps a refusal in words', async () => {
    const message = 'There is no session "gone". List the sessions and pick one.';
    const invoke = vi.fn(async () => {
      throw new CommandError({ code: 'not_found', message });
    }) as unknown as Bridge['invoke'];
    const { get } = slice(invoke);
    await get().compareWithOpen('gone');
    expect(get().sessionError).toBe(`Could not compare the sessions: ${message}`);
    expect(get().sessionBusy).toBeNull();
  });
});
