// `serve` command-line options, checked before anything starts.
import { errorText } from '../../src-shared/contract/errors';
import { parseArgs } from 'node:util';

interface ServeArgs {
  /** undefined = 5874 if free, else any free port. */
  port?: number;
  dataDir?: string;
  /** The embedded sandbox app's redirect URI port; 0 = any free port; undefined = 47615. */
  redirectPort?: number;
  /** The inbound endpoint (receiver) port; 0 = any free port; undefined = 5875 if free, else any. */
  inboundPort?: number;
  /** The embedded sandbox's port; 0 = any free port; undefined = its last one (5873 at first). */
  sandboxPort?: number;
  json: boolean;
  open: boolean;
}

const USAGE =
  'Usage: npm run serve -- [--port N] [--data-dir DIR] [--redirect-port N] [--inbound-port N] [--sandbox-port N] [--json] [--open]';

/** Throws an Error whose message says what is wrong and how to call it. */
export function parseServeArgs(argv: string[]): ServeArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'redirect-port': { type: 'string' },
        'inbound-port': { type: 'string' },
        'sandbox-port': { type: 'string' },
        json: { type: 'boolean', default: false },
        open: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new Error(`${errorText(err)}\n${USAGE}`, {
      cause: err,
    });
  }
  const args: ServeArgs = { json: values.json, open: values.open };
  if (values.port !== undefined) args.port = portNumber('--port', values.port);
  if (values['redirect-port'] !== undefined) {
    args.redirectPort = portNumber('--redirect-port', values['redirect-port']);
  }
  if (values['inbound-port'] !== undefined) {
    args.inboundPort = portNumber('--inbound-port', values['inbound-port']);
  }
  if (values['sandbox-port'] !== undefined) {
    args.sandboxPort = portNumber('--sandbox-port', values['sandbox-port']);
  }
  if (values['data-dir'] !== undefined) {
    if (values['data-dir'].trim() === '') throw new Error(`--data-dir needs a folder.\n${USAGE}`);
    args.dataDir = values['data-dir'];
  }
  return args;
}

function portNumber(option: string, value: string): number {
  const port = Number(value);
  if (value.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(
      `${option} must be a whole number from 0 to 65535, not ${JSON.stringify(value)}.\n${USAGE}`,
    );
  }
  return port;
}
