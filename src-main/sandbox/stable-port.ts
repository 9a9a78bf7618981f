// The embedded sandbox on a port that outlives a restart: a copy of the sandbox profile keeps the
// base URL it was made with, so the sandbox comes back where it was (the last port it had, kept in
// the host's settings; 5873 the first time). When that port is taken it takes any free one, and
// says which it wanted, so the host can tell the person (docs/sandbox.md, Port).
import { startSandbox } from './index';
import type { RunningSandbox, SandboxOptions } from './types';

const DEFAULT_SANDBOX_PORT = 5873;
const SANDBOX_PORT_SETTING = 'sandbox.port';

/** The host's settings, as far as the port needs them. */
interface PortSettings {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

interface StableSandbox extends RunningSandbox {
  /** The port asked for; when baseUrl has another, it was taken. null: any free one was asked. */
  wantedPort: number | null;
}

const portOf = (baseUrl: string) => Number(new URL(baseUrl).port);

function savedPort(settings: PortSettings): number {
  const saved = settings.get(SANDBOX_PORT_SETTING);
  return typeof saved === 'number' && Number.isInteger(saved) && saved > 0 && saved <= 65535
    ? saved
    : DEFAULT_SANDBOX_PORT;
}

function isAddressInUse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'EADDRINUSE';
}

/**
 * `port` undefined: the saved port, else 5873, and the port it got is saved for the next start;
 * 0: any free one, saved nowhere (tests, several hosts at once); N: N, or any free one if taken.
 */
export async function startStableSandbox(
  settings: PortSettings,
  options: Omit<SandboxOptions, 'port'> = {},
  port?: number,
): Promise<StableSandbox> {
  if (port === 0) return { ...(await startSandbox({ ...options, port: 0 })), wantedPort: null };
  const wantedPort = port ?? savedPort(settings);
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({ ...options, port: wantedPort });
  } catch (err) {
    if (!isAddressInUse(err)) throw err;
    sandbox = await startSandbox({ ...options, port: 0 });
  }
  if (port === undefined) settings.set(SANDBOX_PORT_SETTING, portOf(sandbox.baseUrl));
  return { ...sandbox, wantedPort };
}
