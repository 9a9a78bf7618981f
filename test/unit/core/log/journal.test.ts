import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../../src-main/core/log/journal';
import { createRedactor, redactValue } from '../../../../src-main/core/log/redact';
import { tempDir } from '../../../helpers/core-fixture';
import { secretsIn } from '../../../helpers/secrets-scan';

const system = (message: string) =>
  ({ kind: 'system', summary: message, system: { level: 'info', message } }) as const;

describe('journal', () => {
  const dirs: string[] = [];
  const path = () => {
    const dir = tempDir();
    dirs.push(dir);
    return join(dir, 'journal.ndjson');
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('writes one JSON record per line with increasing seq and an ISO time', () => {
    const file = path();
    const journal = openJournal(file);
    journal.append(system('one'));
    journal.append(system('two'));
    journal.close();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const records = lines.map((l) => JSON.parse(l));
    expect(records.map((r) => r.seq)).toEqual([1, 2]);
    expect(records[1].summary).toBe('two');
    expect(new Date(records[0].at).toISOString()).toBe(records[0].at);
  });

  it('reopens with what was there and continues the sequence', () => {
    const file = path();
    const first = openJournal(file);
    first.append(system('before restart'));
    first.close();
    const second = openJournal(file);
    expect(second.list({ limit: 10 }).map((r) => r.summary)).toEqual(['before restart']);
    expect(second.append(system('after')).seq).toBe(2);
    second.close();
  });

  it('skips a torn last line, counts it, and starts the next record on its own line', () => {
    const file = path();
    const journal = openJournal(file);
    journal.append(system('whole'));
    journal.close();
    appendFileSync(file, '{"seq":2,"at":"2026-01-01T00:00:00.000Z","ki');
    const reopened = openJournal(file);
    expect(reopened.unreadableLines).toBe(1);
    reopened.append(system('next'));
    reopened.close();
    const again = openJournal(file);
    expect(again.list({ limit: 10 }).map((r) => r.summary)).toEqual(['whole', 'next']);
    expect(again.unreadableLines).toBe(1);
    again.close();
  });

  it('lists the newest records before a seq, oldest first, and finds one by seq', () => {
    const journal = openJournal(path());
    for (let i = 1; i <= 10; i++) journal.append(system(`r${i}`));
    expect(journal.list({ limit: 3 }).map((r) => r.seq)).toEqual([8, 9, 10]);
    expect(journal.list({ beforeSeq: 5, limit: 3 }).map((r) => r.seq)).toEqual([2, 3, 4]);
    expect(journal.get(7)?.summary).toBe('r7');
    expect(journal.get(11)).toBeUndefined();
    journal.close();
  });

  it('tells listeners about every appended record', () => {
    const seen: number[] = [];
    const journal = openJournal(path(), (r) => seen.push(r.seq));
    journal.append(system('a'));
    journal.append(system('b'));
    journal.close();
    expect(seen).toEqual([1, 2]);
  });
});

describe('the journal redacts every record it is given', () => {
  const secret = 'cs/"se+cr\\et wi&th=é-0123';
  const dir = tempDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const redactor = createRedactor();
  redactor.addSecret(secret);
  // How a caller that forgot to redact might write it: inside a JSON body kept as text, and in a URL.
  const echo = (n: number) =>
    system(
      `#${n} the platform said ${JSON.stringify({ error_description: secret })} at ?s=${encodeURIComponent(secret)}`,
    );

  it('append and appendGrouped: the file, the listener, list() and what is returned hold no form of it', async () => {
    const file = join(dir, `journal-${Date.now()}.ndjson`);
    const heard: string[] = [];
    const journal = openJournal(file, (r) => heard.push(JSON.stringify(r)), redactor);
    const appended = journal.append(echo(1));
    const grouped = journal.appendGrouped(echo(2));
    await grouped.written;
    const listed = JSON.stringify(journal.list({ limit: 10 }));
    journal.close();
    const texts = {
      file: readFileSync(file, 'utf8'),
      heard: heard.join('\n'),
      listed,
      returned: JSON.stringify([appended, grouped.record]),
    };
    for (const [where, text] of Object.entries(texts))
      expect(secretsIn(text, [secret]), where).toEqual([]);
    // Redacted, not dropped: the record says the same with the secret's start.
    expect(appended.summary).toContain(`?s=${encodeURIComponent(redactValue(secret))}`);
    expect(texts.file.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('a record with no secret in it is written as it was given', () => {
    const journal = openJournal(join(dir, 'plain.ndjson'), undefined, redactor);
    const given = system('nothing secret here');
    expect(journal.append(given)).toMatchObject(given);
    journal.close();
  });
});
