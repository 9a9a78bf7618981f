// A session read line by line (session-files.ts) and exported from its lines (session-export.ts):
// no step makes the whole file one string, so a session past the engine's longest string (~512 MB)
// is listed, counted and exported; an export whose content would pass it is refused in words.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../../../../src-main/core/log/redact';
import { exportSession } from '../../../../src-main/core/log/session-export';
import {
  archiveSession,
  countLines,
  linesOf,
  sessionLines,
} from '../../../../src-main/core/log/session-files';

const dir = mkdtempSync(join(tmpdir(), 'tp-session-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(lines: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}
async function* chunksOf(...parts: Buffer[]) {
  yield* parts;
}
const record = (seq: number, summary: string) =>
  JSON.stringify({
    seq,
    at: '2026-01-01T00:00:00.000Z',
    kind: 'system',
    summary,
    system: { level: 'info', message: summary },
  });

describe('a session read line by line', () => {
  it('keeps a character split across two chunks, and a last line without its newline', async () => {
    const bytes = Buffer.from('première\n§ ünïcode\nlast', 'utf8');
    // Cut inside "è" (two bytes) and inside "§".
    const cutAt = [4, 11];
    const parts = [
      bytes.subarray(0, cutAt[0]),
      bytes.subarray(cutAt[0], cutAt[1]),
      bytes.subarray(cutAt[1]),
    ];
    expect(await collect(linesOf(chunksOf(...parts)))).toEqual(['première', '§ ünïcode', 'last']);
  });

  it('reads and counts a file in chunks far smaller than it, plain or archived', async () => {
    const path = join(dir, 'chunks.ndjson');
    const lines = Array.from({ length: 500 }, (_, i) => record(i + 1, `record ${i + 1} ✓`));
    writeFileSync(path, `${lines.join('\n')}\n\n`);
    expect(await collect(sessionLines(path, false, 64))).toEqual([...lines, '']);
    expect(await countLines(sessionLines(path, false, 64))).toBe(500);
    expect(await archiveSession(path)).toBe(500);
    expect(await collect(sessionLines(path, true, 64))).toEqual([...lines, '']);
  });
});

describe('a session exported from its lines', () => {
  const redactor = createRedactor();
  const lines = [record(1, 'one'), '{"torn', record(2, 'two')];
  const input = {
    name: 'Big run',
    file: '/data/sessions/big.ndjson',
    redactor,
    appVersion: '0.0.0-test',
  };

  it('as NDJSON: every line, a torn one kept as text', async () => {
    const out = await exportSession({ ...input, lines: () => chunks(lines), format: 'ndjson' });
    const [first, torn, second, end] = out.content.split('\n');
    expect([JSON.parse(first!), torn, JSON.parse(second!), end]).toEqual([
      JSON.parse(lines[0]!),
      '{"torn',
      JSON.parse(lines[2]!),
      '',
    ]);
  });

  it('refuses, saying where the journal is, once the content would pass the longest string', async () => {
    // The engine's limit (~512 M characters) lowered to what two lines take.
    const maxChars = lines[0]!.length + lines[1]!.length + 2;
    for (const format of ['ndjson', 'har', 'html'] as const) {
      await expect(
        exportSession({
          ...input,
          lines: () => chunks(lines),
          format,
          maxChars: format === 'ndjson' ? maxChars : 10,
        }),
      ).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(
          /“Big run” is too large to answer as one .* saves it as a file of any size\. Or copy its journal from the data folder instead \(Help, Open Data Folder\): \/data\/sessions\/big\.ndjson/,
        ),
      });
    }
  });
});

async function* chunks(lines: string[]) {
  yield* lines;
}
