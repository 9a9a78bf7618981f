// query_journal over another session (cli/mcp/session-query.ts): the session's export read as it
// streams, lines cut anywhere between its pieces, filtered after the export's redaction, and only
// the page asked for kept, as log.query pages: the newest `limit` when no offset is given, else
// `limit` from the offset, oldest first.
import { describe, expect, it } from 'vitest';
import { CommandError } from '../../../../src-shared/contract';
import type { Core } from '../../../../src-main/core/index';
import { querySession } from '../../../../src-main/cli/mcp/session-query';

const record = (seq: number, message = `note ${seq}`) =>
  JSON.stringify({
    seq,
    at: '2026-11-29T00:00:00.000Z',
    kind: 'system',
    summary: `note ${seq}`,
    system: { level: 'info', message },
  });

/**
 * A core whose export of any session is `count` records, in pieces of 7 characters, as the engine
 * exports them: redacted. The inputs it was asked for are in `asked`.
 */
function coreExporting(count: number, extra: string[] = [], asked: unknown[] = []): Core {
  const text = [...Array.from({ length: count }, (_, i) => record(i + 1)), ...extra].join('\n');
  return {
    exportSession: async (input: unknown) => {
      asked.push(input);
      return {
        filename: 'x.ndjson',
        mimeType: 'application/x-ndjson',
        chunks: (async function* () {
          for (let at = 0; at < text.length; at += 7) yield text.slice(at, at + 7);
        })(),
      };
    },
  } as unknown as Core;
}

const seqs = (page: { rows: { seq: number }[] }) => page.rows.map((r) => r.seq);

describe('a page of another session', () => {
  it('is its newest matches when no offset is given, oldest first, with the count of all', async () => {
    const page = await querySession(coreExporting(45), 'run', {}, 10, undefined);
    expect(page.total).toBe(45);
    expect(page.offset).toBe(35);
    expect(seqs(page)).toEqual([36, 37, 38, 39, 40, 41, 42, 43, 44, 45]);
  });

  it('is `limit` matches from the offset, and none past the end (the offset then the end)', async () => {
    const page = await querySession(coreExporting(45), 'run', {}, 3, 5);
    expect(seqs(page)).toEqual([6, 7, 8]);
    expect(page).toMatchObject({ total: 45, offset: 5 });
    const past = await querySession(coreExporting(45), 'run', {}, 3, 50);
    expect(past).toEqual({ total: 45, offset: 45, rows: [] });
  });

  it('counts only what the redacted records hold: a secret written in clear is not found', async () => {
    // A record written before its secret was known: the export redacts it, the search comes after.
    const asked: unknown[] = [];
    const core = coreExporting(3, [record(4, 'token ‹redacted›')], asked);
    const search = (text: string) => querySession(core, 'run', { text }, 10, undefined);
    expect((await search('sk9f3a')).total).toBe(0);
    expect((await search('token')).rows.map((r) => r.seq)).toEqual([4]);
    // The export is asked for whole, never with the search: its filter reads the records as written.
    expect(asked).toEqual(Array(2).fill({ sessionId: 'run', format: 'ndjson' }));
  });

  it('says where a session id comes from when there is no such session', async () => {
    const core = {
      exportSession: async () => {
        throw new CommandError({ code: 'not_found', message: 'There is no session "x".' });
      },
    } as unknown as Core;
    await expect(querySession(core, 'x', {}, 10, undefined)).rejects.toThrow(
      /^There is no session "x": a sessionId comes from run_collection's/,
    );
  });

  it('skips a line that is not a record, as the Event log does', async () => {
    const page = await querySession(coreExporting(2, ['{"torn', '{}']), 'run', {}, 10, undefined);
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.summary)).toEqual(['note 1', 'note 2']);
  });
});
