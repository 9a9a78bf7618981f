// `tp mcp` arguments, checked before anything starts (a refusal is a UsageError: exit 2).
import { UsageError, parseWith, type HelpArgs } from '../args';
import { commandUsage } from '../help';

export interface McpArgs {
  command: 'mcp';
  /** The data folder to serve (its journal, profiles, sandbox); undefined: a fresh temporary one. */
  dataDir?: string;
  profile?: string;
  allowWrites: boolean;
}

export function parseMcp(argv: string[]): McpArgs | HelpArgs {
  const { values, positionals } = parseWith('mcp', argv, {
    profile: { type: 'string' },
    'data-dir': { type: 'string' },
    'allow-writes': { type: 'boolean', default: false },
  });
  if (values.help === true) return { command: 'help', topic: 'mcp' };
  if (positionals.length > 0) {
    throw new UsageError(
      `tp mcp takes no ${positionals.join(' ')}: it serves on stdin and stdout.\n${commandUsage('mcp')}`,
    );
  }
  const profile = values.profile as string | undefined;
  const dataDir = values['data-dir'] as string | undefined;
  return {
    command: 'mcp',
    allowWrites: values['allow-writes'] === true,
    ...(profile ? { profile } : {}),
    ...(dataDir ? { dataDir } : {}),
  };
}
