// `node out/main/tp.js`, as `npm run tp` runs it (the build must exist: npm test builds first),
// waited for to its exit with what it printed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';

export const TP = resolve(import.meta.dirname, '../../out/main/tp.js');

interface TpExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runTp(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<TpExit> {
  expect(existsSync(TP), `${TP} is missing: run npm run build first`).toBe(true);
  const child = spawn(process.execPath, [TP, ...args], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, stdout, stderr })));
}
