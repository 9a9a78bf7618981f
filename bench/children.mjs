// What both benchmarks need of the servers they measure, each a child process: starting one and
// reading its ready line, and the CPU time it has used.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  try {
    const afterName = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1];
    if (afterName === undefined) return null;
    const fields = afterName.split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
