// `tp mcp`: the Model Context Protocol server on stdio over the engine (docs/agents.md). Stdout
// carries MCP frames and nothing else; every word for a person goes to stderr. The server lives
// until its client closes stdin (or Ctrl+C, SIGTERM), then closes the engine.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { resolveDataDir } from '../../headless/settings';
import { startCliEngine } from '../engine';
import type { Io } from '../io';
import { chooseProfile, CLIENT_SECRET_ENV } from '../profile';
import { EXIT, type OnInterrupt } from '../run-command';
import type { McpArgs } from './mcp-args';
import { createMcpServer } from './mcp-server';

/**
 * Sends console output to stderr while the server runs: one stray console.log from any module
 * would be a line on stdout that the client reads as a broken frame.
 */
function consoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = console.error;
  return () => Object.assign(console, saved);
}

export async function mcpCommand(
  args: McpArgs,
  io: Io,
  onInterrupt: OnInterrupt,
  stdio: { stdin: Readable; stdout: Writable } = process,
): Promise<number> {
  const restoreConsole = consoleToStderr();
  let stopListening = () => {};
  const stopped = new Promise<void>((resolve) => {
    stopListening = onInterrupt(resolve);
  });
  const secret = io.env[CLIENT_SECRET_ENV] || undefined;
  const persistent = args.dataDir !== undefined || args.profile !== undefined;
  const engine = await startCliEngine(
    persistent
      ? {
          dataDir: resolveDataDir(args.dataDir),
          // Refused rather than served read-only: the holder keeps writing the journal and its
          // index, and an agent would act on settings and a sandbox the app no longer sees.
          lockAdvice:
            'Close it first and start the server again, or leave --data-dir and --profile out to serve a fresh embedded sandbox of its own.',
        }
      : { ...(secret ? { sandboxClientSecret: secret } : {}) },
  ).catch((err: unknown) => {
    stopListening();
    restoreConsole();
    throw err;
  });
  try {
    const profile =
      args.profile !== undefined
        ? await chooseProfile(engine.core, args.profile, {
            // Choosing the profile changes nothing: each tool refuses a write without --allow-writes.
            yes: true,
            env: io.env,
            dataDir: engine.dataDir,
            command: 'mcp',
          })
        : undefined;
    const server = createMcpServer({
      core: engine.core,
      allowWrites: args.allowWrites,
      cwd: io.cwd,
      ...(profile ? { profileId: profile.id } : {}),
    });
    const transport = new StdioServerTransport(stdio.stdin, stdio.stdout);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
      // The SDK's transport does not notice the end of stdin: a client that exits closes it so.
      stdio.stdin.once('end', resolve);
      stdio.stdin.once('close', resolve);
    });
    await server.connect(transport);
    io.err(
      `TP Inspector's MCP server is ready on stdio (data folder ${engine.dataDir}${profile ? `, profile "${profile.name}"` : `, embedded sandbox at ${engine.sandboxUrl}`}${args.allowWrites ? ', --allow-writes' : ''}).`,
    );
    await Promise.race([closed, stopped]);
    await server.close().catch(() => undefined);
    return EXIT.passed;
  } finally {
    stopListening();
    await engine.close();
    restoreConsole();
  }
}
