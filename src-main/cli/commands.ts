// The `tp` commands by name. Exit codes: 0 every step (or check) passed, 1 a step failed (or the command
// could not be carried out), 2 bad input, 130 stopped with Ctrl+C.
import { errorText } from '../../src-shared/contract/errors';
import { parseTpArgs, UsageError } from './args';
import { parseCheck } from './check/check-args';
import { checkCommand } from './check/check-command';
import { helpText } from './help';
import { parseLoad } from './load/load-args';
import { loadCommand } from './load/load-command';
import { parseLoadExport, wantsLoadScript } from './load/load-export-args';
import { loadExportCommand } from './load/load-export-command';
import { exportCommand, openApiCommand } from './interop-commands';
import type { Io } from './io';
import { parseMcp } from './mcp/mcp-args';
import { mcpCommand } from './mcp/mcp-command';
import { EXIT, runCommand, type OnInterrupt } from './run-command';

export async function tp(argv: string[], io: Io, onInterrupt: OnInterrupt): Promise<number> {
  try {
    const args =
      argv[0] === 'check'
        ? parseCheck(argv.slice(1))
        : argv[0] === 'load'
          ? parseLoad(argv.slice(1))
          : argv[0] === 'mcp'
            ? parseMcp(argv.slice(1))
            : argv[0] === 'export' && wantsLoadScript(argv.slice(1))
              ? parseLoadExport(argv.slice(1))
              : parseTpArgs(argv, io.env);
    switch (args.command) {
      case 'help':
        await io.out(`${helpText(args.topic)}\n`);
        return 0;
      case 'run':
        return await runCommand(args, io, onInterrupt);
      case 'check':
        return await checkCommand(args, io, onInterrupt);
      case 'load':
        return await loadCommand(args, io, onInterrupt);
      case 'mcp':
        return await mcpCommand(args, io, onInterrupt);
      case 'export':
        return await exportCommand(args, io);
      case 'export-load':
        return await loadExportCommand(args, io);
      case 'openapi':
        return await openApiCommand(args, io);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(err.message);
      return err.exitCode;
    }
    io.err(`tp could not finish: ${errorText(err)}`);
    return EXIT.failed;
  }
}
