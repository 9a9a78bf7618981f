// `npm run serve` (scripts/serve.mjs) as people start it, two at a time as test runs and QA
// scripts do: out/ is built only when missing or older than the sources, by one start while the
// other waits, with the build's output on stderr so that the JSON ready line stays the first stdout
// line. Runs in a copy of the project, so the builds here never touch the out/ other tests use.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = join(import.meta.dirname, '..', '..', '..');

const ReadyLine = z.object({
  url: z.string().startsWith('http://127.0.0.1:'),
  sandbox: z.string(),
  inbound: z.string(),
  dataDir: z.string(),
  port: z.number().int().positive(),
});

const BUILDING = 'Building out/';

/** The project as a fresh clone has it (no out/), with node_modules linked rather than copied. */
function copyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tp-serve-cmd-'));
  const entries = [
    'src-main',
    'src-shared',
    'src-renderer',
    'src-preload',
    'scripts',
    'package.json',
    'package-lock.json',
    'electron.vite.config.ts',
    ...readdirSync(root).filter((n) => /^tsconfig.*\.json$/.test(n)),
  ];
  for (const entry of entries) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dir, 'node_modules'), 'junction');
  return dir;
}

const project = copyProject();
const dataDirs: string[] = [];
const running: ChildProcessWithoutNullStreams[] = [];

const isRunning = (child: ChildProcessWithoutNullStreams) =>
  child.exitCode === null && child.signalCode === null;

/** Signals npm, its shell and the host at once, as a terminal's Ctrl+C does its foreground group. */
function signalGroup(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The whole group has exited already.
  }
}

afterEach(() => {
  for (const child of running.splice(0)) signalGroup(child, 'SIGKILL');
});
afterAll(() => {
  for (const dir of [project, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcessWithoutNullStreams;
  dataDir: string;
  firstLine: Promise<string>;
  stderr: () => string;
}

/** `npm run -s serve` (-s: npm prints no banner of its own on stdout), in its own process group. */
function startServe(): Started {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-serve-cmd-data-'));
  dataDirs.push(dataDir);
  const args = [
    '--json',
    '--port',
    '0',
    '--redirect-port',
    '0',
    '--inbound-port',
    '0',
    '--sandbox-port',
    '0',
  ];
  const child = spawn('npm', ['run', '-s', 'serve', '--', ...args, '--data-dir', dataDir], {
    cwd: project,
    detached: true,
  });
  running.push(child);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`serve exited with ${code} before printing:\n${stderr}`)),
    );
  });
  return { child, dataDir, firstLine, stderr: () => stderr };
}

async function expectReady(start: Started): Promise<void> {
  const ready = ReadyLine.parse(JSON.parse(await start.firstLine));
  expect(ready.dataDir).toBe(start.dataDir);
  const exchange = await fetch(ready.url, { redirect: 'manual' });
  expect(exchange.status).toBe(302);
}

/** Stops a start as Ctrl+C in a terminal would (the host's own clean stop is host-serve.test.ts's). */
async function stop({ child }: Started): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  await exited;
}

/** Every file under out/ with its mtime: unchanged means nothing was rebuilt. */
function outSnapshot(): Record<string, number> {
  const snapshot: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else snapshot[path] = statSync(path).mtimeMs;
    }
  };
  walk(join(project, 'out'));
  return snapshot;
}

const count = (text: string, part: string) => text.split(part).length - 1;

// In order: the first test builds the out/ the others start from.
describe('npm run serve', { timeout: 180_000 }, () => {
  it('two starts at once without out/: one builds (output on stderr), both print the ready line first', async () => {
    const starts = [startServe(), startServe()];
    for (const start of starts) await expectReady(start);
    const stderr = starts.map((s) => s.stderr()).join('\n');
    expect(count(stderr, BUILDING)).toBe(1);
    expect(stderr).toMatch(/built in/);
    for (const start of starts) await stop(start);
  });

  it('two starts at once with out/ up to date: no build, out/ untouched', async () => {
    const before = outSnapshot();
    expect(Object.keys(before)).toContain(join(project, 'out', 'main', 'serve.js'));
    const starts = [startServe(), startServe()];
    for (const start of starts) await expectReady(start);
    for (const start of starts) {
      expect(start.stderr()).not.toContain(BUILDING);
      expect(start.stderr()).not.toMatch(/built in/);
    }
    expect(outSnapshot()).toEqual(before);
    for (const start of starts) await stop(start);
  });

  it('a source saved after the build makes the next start rebuild', async () => {
    const serveJs = join(project, 'out', 'main', 'serve.js');
    const builtAt = statSync(serveJs).mtimeMs;
    const now = new Date();
    utimesSync(join(project, 'src-shared', 'contract', 'index.ts'), now, now);
    const start = startServe();
    await expectReady(start);
    expect(start.stderr()).toContain(BUILDING);
    expect(statSync(serveJs).mtimeMs).toBeGreaterThan(builtAt);
    await stop(start);
  });
});
