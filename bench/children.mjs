// What the benchmarks need of the servers they measure, each a child process: starting one and
// reading its ready line, the CPU time it has used; and, for the benches that post to the headless
// host's receiver, starting the host and signing deliveries as the sandbox does.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The repository's root, with a trailing slash. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the benches read from a server's ready line (the headless host's `--json` line, the
 * sandbox's or the bare server's); each server prints the fields it has.
 * @typedef {object} ReadyLine
 * @property {string} url the headless host's page
 * @property {string} sandbox the embedded sandbox's origin
 * @property {string} inbound the receiver's delivery URL
 * @property {number} port the bare server's port
 * @property {string} baseUrl the sandbox server's origin
 * @property {{ client_id: string, client_secret: string, redirect_uri: string, scopes: string[] }[]} apps
 *   the sandbox server's apps
 */

/**
 * Starts `node ...args` and resolves with the child and its first stdout line parsed as JSON.
 * @param {string[]} args
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, ready: ReadyLine }>}
 */
export function startChild(args) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ child, ready: JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/**
 * CPU seconds (user + system) a process has used (Linux /proc; null elsewhere). CPU per request
 * does not depend on how busy the machine is, so it tells a slow server from a loaded machine.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function cpuSeconds(pid) {
  const times = cpuTimes(pid);
  return times && times.user + times.system;
}

/**
 * The CPU seconds a process has used in its own code (user) and in the kernel for it (system:
 * its socket and file writes), apart (Linux /proc; null elsewhere). A CPU profile's time is wall
 * time: a write on loopback that wakes the client, which then takes the core, shows there as a
 * long write; the system time says what the writes really cost.
 * @param {number | undefined} pid
 * @returns {{ user: number, system: number } | null}
 */
export function cpuTimes(pid) {
  try {
    const afterName = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1];
    if (afterName === undefined) return null;
    const fields = afterName.split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in ticks of 1/100 s.
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return null;
  }
}

/** The built headless host (`npm run build` writes it). */
const serve = `${root}out/main/serve.js`;

/** Ends the process with a message when the headless host is not built: nothing to measure. */
export function exitUnlessHostBuilt() {
  if (existsSync(serve)) return;
  console.error(`${serve} is missing: run npm run build first.`);
  process.exit(2);
}

/**
 * Starts the built headless host on `dataDir`, every port its own free one (so that a bench runs
 * beside another host or bench).
 * @param {string} dataDir
 * @param {string[]} [nodeArgs] options for node itself, before the script (e.g. --cpu-prof)
 */
export function startHost(dataDir, nodeArgs = []) {
  return startChild([
    ...nodeArgs,
    serve,
    '--json',
    '--port',
    '0',
    '--redirect-port',
    '0',
    '--inbound-port',
    '0',
    '--sandbox-port',
    '0',
    '--data-dir',
    dataDir,
  ]);
}

/**
 * The secret of the host's embedded sandbox's first app: what signs the deliveries its receiver
 * verifies.
 * @param {ReadyLine} ready the host's ready line
 */
export async function sandboxAppSecret(ready) {
  const state = /** @type {{ apps: { client_secret: string }[] }} */ (
    await (await fetch(`${ready.sandbox}/_sandbox/state`)).json()
  );
  return state.apps[0]?.client_secret ?? '';
}

/**
 * A signed text delivery as the sandbox sends it (form-encoded data, HMAC-SHA256 signature).
 * @param {string} secret
 * @param {string} id the message id: one per delivery (the receiver flags a repeated id as a
 *   repeat, and the benches find each delivery's record by it)
 */
export function signedDelivery(secret, id) {
  const data = JSON.stringify({
    id,
    type: 'text',
    timestamp: String(Date.now()),
    sender: 'u7k2m9q@platform.test',
    owner: 'u7k2m9q@platform.test',
    recipient: 'acme-orders@acme-orders.apps.platform.test',
    data: { body: 'Where is my order #1042?' },
  });
  const signature = createHmac('sha256', secret).update(data, 'utf8').digest('hex');
  return new URLSearchParams({ data, signature, signature_method: 'HMAC-SHA256' }).toString();
}
