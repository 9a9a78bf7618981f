// A session's export made piece by piece (session-export.ts) and written to a file as it is made
// (export-file.ts): the content comes in several chunks, read from the session as they are asked
// for (so memory holds a chunk, not the session), and joined it is exactly what the whole-string
// export made before (redaction included); a write that fails says what happened and what to do.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { JournalRecord } from '../../../../src-shared/contract';
import { writeExportFile } from '../../../../src-main/core/log/export-file';
import { createRedactor, type Redactor } from '../../../../src-main/core/log/redact';
import {
  streamSession,
  type ExportFormat,
  type StreamInput,
} from '../../../../src-main/core/log/session-export';
import { toHar } from '../../../../src-main/core/log/session-export-har';
import { toHtmlReport } from '../../../../src-main/core/log/session-export-html';

const dir = mkdtempSync(join(tmpdir(), 'tp-export-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A token the journal holds in clear: written before the engine knew it was one. */
const SECRET = 'tok_9f3c2a7b5e1d4c6a8b0f';

const apiLine = (seq: number) =>
  JSON.stringify({
    seq,
    at: '2026-01-01T00:00:00.000Z',
    kind: 'api',
    summary: `POST /tp/message/send.json → 200 <#${seq}>`,
    profileId: 'p1',
    api: {
      method: 'POST',
      url: `http://127.0.0.1:5870/tp/message/send.json?n=${seq}`,
      requestHeaders: { 'content-type': 'application/x-www-form-urlencoded' },
      requestParams: { msg_type: 'text', text: `hello ${seq} & <b>bold</b>` },
      status: 200,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: {
        encoding: 'utf8',
        text: `{"message_id":"m${seq}","echo":"${SECRET}"}`,
        size: 60,
      },
      timing: { totalMs: 3, ttfbMs: 2, downloadMs: 1 },
    },
  });
const systemLine = (seq: number) =>
  JSON.stringify({
    seq,
    at: '2026-01-01T00:00:01.000Z',
    kind: 'system',
    summary: `note ${seq} "quoted" ${SECRET}`,
    system: { level: 'info', message: `note ${seq}` },
  });

const LINES = Array.from({ length: 60 }, (_, i) => (i % 3 === 2 ? systemLine : apiLine)(i + 1));
LINES.splice(10, 0, '{"torn', '');

function redactorKnowingTheSecret(): Redactor {
  const r = createRedactor();
  r.addSecret(SECRET);
  return r;
}

/** The export as the engine made it before it was streamed: one string from every record. */
function wholeStringExport(format: ExportFormat, lines: string[], redactor: Redactor): string {
  const recordOf = (line: string) => {
    try {
      const parsed = JournalRecord.safeParse(JSON.parse(line));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  if (format === 'ndjson') {
    const out = lines.map((line) => {
      if (!line.trim()) return line;
      const record = recordOf(line);
      return record ? JSON.stringify(redactor.record(record)) : redactor.text(line);
    });
    return out.length > 0 ? `${out.join('\n')}\n` : '';
  }
  const records = lines.flatMap((l) => recordOf(l) ?? []).map((r) => redactor.record(r));
  return redactor.text(
    format === 'har' ? toHar(records, '1.2.3') : toHtmlReport('QA run', records, '1.2.3'),
  );
}

/** The lines as a session gives them, counting how many were read so far. */
function source(lines: string[]) {
  const read = { count: 0 };
  const open = async function* () {
    for (const line of lines) {
      read.count++;
      yield line;
    }
  };
  return { read, open };
}

/** The export of LINES as "QA run", by a redactor that knows the secret, with `options` over it. */
const qaRunExport = (options: Partial<StreamInput> & { format: ExportFormat }) =>
  streamSession({
    name: 'QA run',
    lines: source(LINES).open,
    redactor: redactorKnowingTheSecret(),
    appVersion: '1.2.3',
    ...options,
  });

async function collect(chunks: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe('a session exported piece by piece', () => {
  for (const format of ['ndjson', 'har', 'html'] as const) {
    it(`as ${format}: several chunks, which joined are the whole-string export, redacted`, async () => {
      const redactor = redactorKnowingTheSecret();
      const { open } = source(LINES);
      const out = streamSession({
        name: 'QA run',
        lines: open,
        format,
        redactor,
        appVersion: '1.2.3',
        chunkChars: 2_000,
      });
      const chunks = await collect(out.chunks);
      expect(chunks.length).toBeGreaterThan(5);
      const content = chunks.join('');
      expect(content).toBe(wholeStringExport(format, LINES, redactorKnowingTheSecret()));
      expect(content).not.toContain(SECRET);
      expect(content).toContain(`${SECRET.slice(0, 4)}…`);
      expect(out.filename).toBe(`tp-inspector-qa-run.${format}`);
      if (format === 'har') expect(JSON.parse(content).log.entries).toHaveLength(40);
    });
  }

  it('reads the session only as far as the chunk asked for: memory holds a chunk, not the session', async () => {
    const { read, open } = source(LINES);
    const out = streamSession({
      name: 'QA run',
      lines: open,
      format: 'ndjson',
      redactor: redactorKnowingTheSecret(),
      appVersion: '1.2.3',
      chunkChars: 2_000,
    });
    expect(read.count).toBe(0);
    const iterator = out.chunks[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value.length).toBeGreaterThanOrEqual(2_000);
    expect(read.count).toBeLessThan(LINES.length / 2);
    await iterator.return?.();
  });

  it('an empty session is the same empty document as before', async () => {
    for (const format of ['ndjson', 'har', 'html'] as const) {
      const out = streamSession({
        name: 'QA run',
        lines: source([]).open,
        format,
        redactor: createRedactor(),
        appVersion: '1.2.3',
      });
      expect((await collect(out.chunks)).join('')).toBe(
        wholeStringExport(format, [], createRedactor()),
      );
    }
  });

  it('the HTML report counts and shows the same records when more arrive between its two passes', async () => {
    let opened = 0;
    const lines = () => {
      opened++;
      // The second pass finds two records appended after the first one counted.
      return source(opened === 1 ? LINES : [...LINES, apiLine(61), apiLine(62)]).open();
    };
    const out = streamSession({
      name: 'QA run',
      lines,
      format: 'html',
      redactor: redactorKnowingTheSecret(),
      appVersion: '1.2.3',
    });
    const html = (await collect(out.chunks)).join('');
    expect(html).toBe(wholeStringExport('html', LINES, redactorKnowingTheSecret()));
    expect(html).toContain('session report · 60 records');
    expect(html).toContain('<tr><td>40</td><th>api</th></tr><tr><td>20</td><th>system</th></tr>');
  });
});

describe('a filtered export', () => {
  // The records with a 2 in their seq (16 of the 60): the filter keeps those and only those.
  const keep = (record: JournalRecord) => String(record.seq).includes('2');
  const kept = LINES.filter((line) => {
    try {
      return keep(JSON.parse(line) as JournalRecord);
    } catch {
      return false;
    }
  });

  it('has only the records the filter keeps, in every format, redacted, torn lines left out', async () => {
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(LINES.length / 2);
    for (const format of ['ndjson', 'har', 'html'] as const) {
      const out = qaRunExport({ name: 'QA run (filtered)', format, keep });
      const content = (await collect(out.chunks)).join('');
      expect(out.filename).toBe(`tp-inspector-qa-run-filtered.${format}`);
      expect(content).not.toContain(SECRET);
      if (format === 'ndjson') {
        const seqs = content
          .trimEnd()
          .split('\n')
          .map((line) => (JSON.parse(line) as JournalRecord).seq);
        expect(seqs).toEqual(kept.map((line) => (JSON.parse(line) as JournalRecord).seq));
      } else {
        const expected = wholeStringExport(format, kept, redactorKnowingTheSecret()).replaceAll(
          'QA run',
          'QA run (filtered)',
        );
        expect(content).toBe(expected);
      }
    }
  });

  it('keeps records as they were written, as the list finds them, and redacts what it keeps', async () => {
    // A search for the secret itself: the journal holds it in clear (written before it was known).
    const out = qaRunExport({
      format: 'ndjson',
      keep: (record) => JSON.stringify(record).includes(SECRET),
    });
    const content = (await collect(out.chunks)).join('');
    expect(content.trimEnd().split('\n')).toHaveLength(60);
    expect(content).not.toContain(SECRET);
  });
});

describe('an export written to a file', () => {
  it('is written chunk by chunk under the chosen name, replacing what was there', async () => {
    const target = join(dir, 'out.html');
    writeFileSync(target, 'an older export');
    const out = qaRunExport({ format: 'html', chunkChars: 2_000 });
    const { bytes } = await writeExportFile(target, out.chunks);
    const expected = wholeStringExport('html', LINES, redactorKnowingTheSecret());
    expect(readFileSync(target, 'utf8')).toBe(expected);
    expect(bytes).toBe(Buffer.byteLength(expected));
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('says the disk is full, and leaves neither a partial file nor the older file spoilt', async () => {
    const target = join(dir, 'full.ndjson');
    writeFileSync(target, 'an older export');
    // A disk that takes 3,000 bytes, then answers ENOSPC, as a full one does.
    let taken = 0;
    const fullDisk = (path: string) => {
      writeFileSync(path, '');
      return new Writable({
        write(chunk: Buffer, _enc, done) {
          taken += chunk.length;
          if (taken > 3_000) {
            done(
              Object.assign(new Error('ENOSPC: no space left on device, write'), {
                code: 'ENOSPC',
              }),
            );
          } else done();
        },
      }) as unknown as ReturnType<typeof import('node:fs').createWriteStream>;
    };
    const out = streamSession({
      name: 'QA run',
      lines: source(LINES).open,
      format: 'ndjson',
      redactor: createRedactor(),
      appVersion: '1.2.3',
      chunkChars: 1_000,
    });
    await expect(writeExportFile(target, out.chunks, fullDisk)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(
        new RegExp(
          `^The disk holding ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is full: the export stopped .*partial file was removed\\. Free some space there, or save the export on another disk, then export again\\.$`,
        ),
      ),
    });
    expect(readFileSync(target, 'utf8')).toBe('an older export');
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('says a folder it may not write is not writable, and where to save instead', async () => {
    const target = join(dir, 'locked', 'run.har');
    // A folder without write permission (tests run as root here, where chmod would not stop it):
    // opening the file fails as fs.createWriteStream's open does, after the stream is made.
    const denied = () => {
      const out = new Writable({ write: (_chunk, _enc, done) => done() });
      process.nextTick(() =>
        out.destroy(
          Object.assign(new Error(`EACCES: permission denied, open '${target}'`), {
            code: 'EACCES',
          }),
        ),
      );
      return out as unknown as ReturnType<typeof import('node:fs').createWriteStream>;
    };
    const chunks = async function* () {
      yield 'x';
    };
    await expect(writeExportFile(target, chunks(), denied)).rejects.toMatchObject({
      code: 'forbidden',
      message: `TP Inspector may not write ${target} (permission denied), so nothing was saved. Save the export in a folder you can write to (Downloads or Documents), or change that folder's permissions.`,
    });
  });

  it('says so when the folder is gone or the name is a folder', async () => {
    const chunks = async function* () {
      yield 'x';
    };
    await expect(writeExportFile(join(dir, 'gone', 'x.har'), chunks())).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining(`The folder ${join(dir, 'gone')} does not exist`),
    });
    await expect(writeExportFile(dir, chunks())).rejects.toMatchObject({
      message: expect.stringMatching(
        /is a folder, so nothing was saved\. Give the export a file name\./,
      ),
    });
  });
});
