// A small run of `npm run fuzz` (bench/fuzz.mjs) against the built host: 500 generated requests to
// the receiver, the sandbox, the host's HTTP port and WebSocket upgrade and the redirect listener,
// and its four figures are 0 for each. The acknowledged deliveries are read back here again,
// through the contract's JournalRecord. Needs the build (npm test builds first).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { JournalRecord } from '../../../src-shared/contract';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVE = join(ROOT, 'out/main/serve.js');
let dataDir: string | null = null;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface FuzzReport {
  seed: number;
  runs: number;
  figures: Record<string, number>;
  perServer: Record<string, Record<string, number>>;
  flowEnds: string[];
  acknowledged: string[];
  dataDir: string | null;
}

function runFuzz(
  args: string[],
): Promise<{ code: number | null; report: FuzzReport; log: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bench/fuzz.mjs'), ...args], { cwd: ROOT });
  let out = '';
  let log = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  return new Promise((ok, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        ok({ code, report: JSON.parse(last) as FuzzReport, log });
      } catch {
        fail(new Error(`the fuzz run printed no report (exit ${code}):\n${log}\n${out}`));
      }
    });
  });
}

// Allowed 2 minutes for a loaded machine; alone on 2 cores it takes about 10 s.
it('500 generated requests: no unasked-for 5xx, no crash, no hang, no acknowledged delivery lost', async () => {
  expect(existsSync(SERVE), `${SERVE} is missing: run npm run build first`).toBe(true);
  const { code, report, log } = await runFuzz(['--runs', '500', '--json', '--keep-data']);
  dataDir = report.dataDir;
  expect(
    report.figures,
    `fuzz figures (seed ${report.seed}; replay with --seed ${report.seed} --runs 500):\n${log}`,
  ).toEqual({
    unaskedFor5xx: 0,
    crashes: 0,
    hangs: 0,
    acknowledgedMissing: 0,
  });
  // Each server got its share of the requests and has its own figures, all 0.
  const zero = { unaskedFor5xx: 0, crashes: 0, hangs: 0, acknowledgedMissing: 0 };
  expect(report.perServer).toEqual({
    receiver: zero,
    sandbox: zero,
    host: zero,
    'host-ws': zero,
    redirect: zero,
  });
  expect(report.flowEnds).toEqual([]);
  expect(code).toBe(0);
  // Signed deliveries are among the cases, so the journal check had something to look for.
  expect(report.acknowledged.length).toBeGreaterThan(20);
  const journaled = new Set<string>();
  for (const line of readFileSync(join(dataDir!, 'journal.ndjson'), 'utf8').split('\n')) {
    if (!line) continue;
    const record = JournalRecord.safeParse(JSON.parse(line));
    if (record.success && record.data.kind === 'delivery') {
      const { classification, response } = record.data.delivery;
      if (classification.messageId && response.status < 300)
        journaled.add(classification.messageId);
    }
  }
  expect(report.acknowledged.filter((id) => !journaled.has(id))).toEqual([]);
}, 120_000);
