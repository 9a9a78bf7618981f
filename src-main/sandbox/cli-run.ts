// The standalone sandbox: `npm run sandbox -- [--port N] [--config FILE] [--state FILE] [--json]`.
// Kept apart from cli.ts (which only wires the process) so tests can run it in-process.
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { SandboxConfigSchema } from './config';
import { startSandbox } from './index';
import type { RunningSandbox, SandboxConfig } from './types';

export class CliError extends Error {}

interface CliArgs {
  port: number;
  config: string | undefined;
  state: string | undefined;
  json: boolean;
  https: boolean;
  certOut: string | undefined;
}

function parseCliArgs(argv: string[]): CliArgs {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        config: { type: 'string' },
        state: { type: 'string' },
        json: { type: 'boolean', default: false },
        https: { type: 'boolean', default: false },
        'cert-out': { type: 'string' },
      },
    }).values;
  } catch (err) {
    throw new CliError(
      `${(err as Error).message}\nUsage: sandbox [--port N] [--config FILE] [--state FILE] [--json] [--https [--cert-out FILE]]`,
    );
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliError(`--port must be a whole number from 0 to 65535, not ${values.port}.`);
  }
  return {
    port,
    config: values.config,
    state: values.state,
    json: values.json ?? false,
    https: values.https ?? false,
    certOut: values['cert-out'],
  };
}

async function readConfig(file: string): Promise<SandboxConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read the config file ${file}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CliError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = SandboxConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(
      `${file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/** Starts the sandbox and writes the ready line(s) with `print`. */
export async function runCli(
  argv: string[],
  print: (line: string) => void,
): Promise<RunningSandbox> {
  const args = parseCliArgs(argv);
  const config = args.config ? await readConfig(args.config) : {};
  const sandbox = await startSandbox({
    ...config,
    port: args.port,
    ...(args.state ? { state_file: args.state } : {}),
    https: args.https,
  });
  if (args.certOut && sandbox.certificatePem) await writeFile(args.certOut, sandbox.certificatePem);
  if (args.json) {
    print(
      JSON.stringify({
        baseUrl: sandbox.baseUrl,
        platform_domain: sandbox.platformDomain,
        apps: sandbox.apps,
      }),
    );
  } else {
    print(
      `Sandbox platform listening on ${sandbox.baseUrl} (platform domain ${sandbox.platformDomain})`,
    );
    for (const app of sandbox.apps) {
      print(`  app "${app.name}": client_id ${app.client_id}, client_secret ${app.client_secret}`);
      print(`    redirect_uri ${app.redirect_uri}, scopes ${app.scopes.join(' ')}`);
    }
    if (args.certOut) print(`  certificate: ${args.certOut}`);
    print(`  simulator API: ${sandbox.baseUrl}/_sandbox/state (see docs/sandbox.md)`);
    if (args.state) print(`  state file: ${args.state} (saved on exit)`);
  }
  return sandbox;
}
