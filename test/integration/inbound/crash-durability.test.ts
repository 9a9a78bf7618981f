// A delivery is journaled before it is acknowledged: the headless host is killed (SIGKILL) in the
// middle of a stream of concurrent deliveries, started again on the same data directory, and
// every delivery that got a 2xx answer is in the journal. Needs the build (npm test builds first).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { afterAll, expect, it } from 'vitest';
import { JournalRecord } from '../../../src-shared/contract';

const SERVE = resolve(import.meta.dirname, '../../../out/main/serve.js');
const children: ChildProcessWithoutNullStreams[] = [];
let dataDir = '';
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function serve(): Promise<{ child: ChildProcessWithoutNullStreams; inbound: string }> {
  const child = spawn(process.execPath, [
    SERVE,
    '--json',
    '--port',
    '0',
    '--inbound-port',
    '0',
    '--sandbox-port',
    '0',
    '--data-dir',
    dataDir,
  ]);
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const line = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const ready = JSON.parse(line) as { inbound: string | null };
  if (!ready.inbound) throw new Error(`no inbound URL in the ready line: ${line}`);
  return { child, inbound: ready.inbound };
}

it('every delivery answered 2xx before a SIGKILL is in the journal after restart', async () => {
  expect(existsSync(SERVE), `${SERVE} is missing: run npm run build first`).toBe(true);
  dataDir = await mkdtemp(join(tmpdir(), 'tp-crash-'));
  const { child, inbound } = await serve();
  const agent = new Agent({ connections: 16 });
  const acked = new Set<string>();
  const total = 2000;
  const killAfter = 300;
  let killed = false;
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const id = `m-crash-${next++}`;
      const data = JSON.stringify({ id, type: 'text', data: { body: id } });
      try {
        const res = await request(inbound, {
          method: 'POST',
          dispatcher: agent,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ data }).toString(),
        });
        await res.body.dump();
        if (res.statusCode >= 200 && res.statusCode < 300) acked.add(id);
      } catch {
        // Refused or reset once the process is gone: not acknowledged, so not promised.
      }
      if (!killed && acked.size >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await agent.close();
  expect(killed).toBe(true);
  // Killed mid-stream: some deliveries were acknowledged and the rest were not.
  expect(acked.size).toBeGreaterThanOrEqual(killAfter);
  expect(acked.size).toBeLessThan(total);

  // Started again on the same data directory, it reads the journal (a torn last line is skipped).
  const again = await serve();
  again.child.kill('SIGTERM');
  await new Promise((r) => again.child.once('exit', r));
  const ids = new Set<string>();
  for (const line of readFileSync(join(dataDir, 'journal.ndjson'), 'utf8').split('\n')) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const record = JournalRecord.safeParse(value);
    if (record.success && record.data.kind === 'delivery') {
      const id = record.data.delivery.classification.messageId;
      if (id) ids.add(id);
    }
  }
  const lost = [...acked].filter((id) => !ids.has(id));
  expect(lost).toEqual([]);
  console.log(`crash test: ${acked.size} acknowledged, ${ids.size} journaled, 0 lost`);
});
