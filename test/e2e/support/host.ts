// Runs the built headless host (`npm test` builds first; this helper builds nothing) on a free
// port and waits for its ready line. Each test gets its own process and, unless it passes one in,
// its own fresh data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';

const SERVE_JS = resolve(import.meta.dirname, '../../../out/main/serve.js');
const READY_TIMEOUT_MS = 20_000;

const ReadyLine = z.object({
  url: z.string().url(),
  sandbox: z.string(),
  dataDir: z.string(),
  port: z.number().int(),
});
type ReadyLine = z.infer<typeof ReadyLine>;

export interface RunningHost {
  ready: ReadyLine;
  dataDir: string;
  /** Everything the host wrote to stderr so far, for failure messages. */
  stderr(): string;
  stop(): Promise<void>;
}

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'tp-e2e-'));
}

export interface HostOptions {
  /**
   * 'remembered': the embedded sandbox's own default (the port saved in the data folder, 5873 at
   * first), for the one test of that default; it must save a free port there first. Otherwise any
   * free port, as every other test needs.
   */
  sandboxPort?: 'remembered';
  /**
   * --inbound-port: the receiver's port for this run (0 = any free one). Unset, the receiver takes
   * 5875 when it is free, else any, and says which.
   */
  inboundPort?: number;
}

export async function startHost(
  dataDir: string = freshDataDir(),
  options: HostOptions = {},
): Promise<RunningHost> {
  if (!existsSync(SERVE_JS)) {
    throw new Error(`${SERVE_JS} is missing: build first (npm run build, which npm test runs).`);
  }
  const child = spawn(
    process.execPath,
    // Any free redirect and sandbox port: test files run two at a time, and each host's sandbox
    // app would otherwise ask "Connect user" to listen on the same fixed port, and each sandbox
    // would take the port the last one had.
    [
      SERVE_JS,
      '--json',
      '--port',
      '0',
      '--redirect-port',
      '0',
      ...(options.sandboxPort === 'remembered' ? [] : ['--sandbox-port', '0']),
      ...(options.inboundPort === undefined ? [] : ['--inbound-port', String(options.inboundPort)]),
      '--data-dir',
      dataDir,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // If the test process dies without its afterEach (a crashed worker), take the host with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

  try {
    const ready = await readyLine(child, () => stderr);
    return { ready, dataDir, stderr: () => stderr, stop: () => stopChild(child) };
  } catch (err) {
    await stopChild(child);
    throw err;
  }
}

function readyLine(child: ChildProcess, stderr: () => string): Promise<ReadyLine> {
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const fail = (why: string) => {
      clearTimeout(timer);
      lines.close();
      reject(new Error(`The headless host did not start: ${why}\nstderr:\n${stderr()}`));
    };
    const timer = setTimeout(
      () => fail(`no ready line within ${READY_TIMEOUT_MS} ms`),
      READY_TIMEOUT_MS,
    );
    child.once('exit', (code, signal) => fail(`it exited (code ${code}, signal ${signal})`));
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      try {
        resolvePromise(ReadyLine.parse(JSON.parse(line)));
      } catch (err) {
        reject(
          new Error(
            `The host's first stdout line is not the JSON ready line: ${line}\n${String(err)}`,
          ),
        );
      }
    });
  });
}

/** SIGTERM lets the host flush its journal; SIGKILL if it has not gone after a few seconds. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
