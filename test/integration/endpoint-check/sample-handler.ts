// Starts one of examples/handlers/ as a child process on a free loopback port, and waits for the
// line that says it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freeLoopbackPort } from '../../../src-main/headless/listen';

export const HANDLERS = resolve(import.meta.dirname, '../../../examples/handlers');

export interface SampleHandler {
  url: string;
  /** What it printed on stderr (its crashes). */
  stderr(): string;
  stop(): Promise<void>;
}

/** `port`: the one another handler had, to check the same URL again after "a fix". */
export async function startSampleHandler(
  name: string,
  env: Record<string, string>,
  port?: number,
): Promise<SampleHandler> {
  port ??= await freeLoopbackPort();
  const child: ChildProcess = spawn(
    process.execPath,
    [resolve(HANDLERS, `${name}.mjs`), '--port', String(port)],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('listening on')) ready();
    });
    child.once('exit', (code) =>
      fail(new Error(`${name}.mjs ended (${code}) before listening: ${stderr}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}/hook`,
    stderr: () => stderr,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill();
      }),
  };
}
