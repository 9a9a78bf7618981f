// Issue 14, outcome 5: the NDJSON stays the one source of truth, and an index that a kill -9 cut
// short is not lost. The headless host opens a journal of some 330 MB with no index of ours, saves
// its index every 64 MB while it builds it in the background, and is killed (SIGKILL) once one
// part is saved; started again, it says on stderr how much the saved index covers, indexes only
// the rest, and then counts every record. Needs the build (npm test builds first).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { JOURNAL_FILE, writeMixedJournal } from '../../e2e/support/mixed-journal.mjs';
import { sidecarPath } from '../../../src-main/core/log/journal-sidecar';

const SERVE = resolve(import.meta.dirname, '../../../out/main/serve.js');
const RECORDS = 300_000;
const children: ChildProcessWithoutNullStreams[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'tp-index-kill-'));
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function serve() {
  const child = spawn(process.execPath, [
    SERVE,
    ...['--json', '--port', '0', '--redirect-port', '0', '--inbound-port', '0'],
    ...['--sandbox-port', '0', '--data-dir', dataDir],
  ]);
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  return { child, stderr: () => stderr };
}

const until = async (what: string, ok: () => boolean) => {
  for (let i = 0; !ok(); i++) {
    if (i > 6000) throw new Error(`Gave up waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

it('keeps the part of the index saved before a kill -9 in the middle of its build, and says so', async () => {
  expect(existsSync(SERVE), `${SERVE} is missing: run npm run build first`).toBe(true);
  writeMixedJournal(dataDir, RECORDS, 'Zebulon Quixote-Vantablack', { sized: true });
  const index = sidecarPath(join(dataDir, JOURNAL_FILE));

  const first = await serve();
  // Written before the ready line, but through another pipe.
  await until('the host says the index is missing', () =>
    /index .* is missing\. It is being rebuilt/.test(first.stderr()),
  );
  await until('the first 64 MB of the index are saved', () => existsSync(index));
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));
  expect(first.stderr(), 'the build had ended before the kill').not.toMatch(/index .* is built/);

  const again = await serve();
  const resumed =
    /The journal's index \(.*\) covers \d+ of \d+ MB of .* \(the app stopped before it was built\); the rest is being indexed\./;
  await until('the host says how much the saved index covers', () => resumed.test(again.stderr()));
  expect(again.stderr()).not.toMatch(/is missing|is torn/);
  await until('the rest is indexed', () => /index .* is built/.test(again.stderr()));
  // Every fixture record, and the host's own start-up records of both starts.
  const built = /is built: (\d+) records/.exec(again.stderr());
  expect(Number(built?.[1])).toBeGreaterThan(RECORDS);
  again.child.kill('SIGTERM');
  await new Promise((r) => again.child.once('exit', r));
}, 120_000);
