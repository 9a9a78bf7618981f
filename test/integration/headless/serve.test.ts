// `node out/main/serve.js`, as scripts and the e2e tests run it: the JSON ready line comes first,
// the URL works, and SIGTERM closes everything. Needs the build (npm test builds first).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

const SERVE = resolve(import.meta.dirname, '../../../out/main/serve.js');

const ReadyLine = z.object({
  url: z.string(),
  sandbox: z.string(),
  dataDir: z.string(),
  port: z.number().int().positive(),
});

const children: ChildProcessWithoutNullStreams[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function serve(
  args: string[],
): Promise<{ child: ChildProcessWithoutNullStreams; firstLine: string; dataDir: string }> {
  expect(existsSync(SERVE), `${SERVE} is missing: run npm run build first`).toBe(true);
  const dataDir = await mkdtemp(join(tmpdir(), 'tp-serve-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [
    SERVE,
    '--port',
    '0',
    '--sandbox-port',
    '0',
    '--data-dir',
    dataDir,
    ...args,
  ]);
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout });
  const firstLine = await new Promise<string>((resolveLine, reject) => {
    lines.once('line', resolveLine);
    child.once('exit', (code) =>
      reject(new Error(`serve exited with ${code} before printing: ${stderr}`)),
    );
  });
  return { child, firstLine, dataDir };
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null) resolveExit(child.exitCode);
    else child.once('exit', (code) => resolveExit(code));
  });
}

describe('serve.js', () => {
  it('prints the JSON ready line first, serves the built renderer, and stops cleanly on SIGTERM', async () => {
    const { child, firstLine, dataDir } = await serve(['--json']);
    const ready = ReadyLine.parse(JSON.parse(firstLine));
    expect(ready.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${ready.port}/\\?token=[A-Za-z0-9_-]{43}$`),
    );
    expect(ready.sandbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.dataDir).toBe(dataDir);

    const exchange = await fetch(ready.url, { redirect: 'manual' });
    expect(exchange.status).toBe(302);
    const cookie = (exchange.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const index = await fetch(`http://127.0.0.1:${ready.port}/`, { headers: { cookie } });
    expect(index.status).toBe(200);
    // The page's own bundle loads from the same origin with the same cookie.
    const script = /<script[^>]+src="([^"]+)"/.exec(await index.text())?.[1];
    expect(script).toBeDefined();
    const bundle = await fetch(new URL(script ?? '', `http://127.0.0.1:${ready.port}/`), {
      headers: { cookie },
    });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');

    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    // Both servers are gone.
    await expect(fetch(`http://127.0.0.1:${ready.port}/`)).rejects.toThrow();
    await expect(fetch(`${ready.sandbox}/tp/token`)).rejects.toThrow();
  });

  it('prints a friendly message with the URL without --json', async () => {
    const { child, firstLine } = await serve([]);
    expect(firstLine).toMatch(/TP Inspector is running/);
    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
  });

  it('refuses a bad option with the usage and exit code 2', async () => {
    expect(existsSync(SERVE)).toBe(true);
    const child = spawn(process.execPath, [SERVE, '--port', 'abc']);
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await exited(child)).toBe(2);
    expect(stderr).toMatch(/--port must be/);
  });
});
