// `tp mcp`'s arguments and its two refusals: a send off this machine, and a change to a platform
// other than the embedded sandbox, each allowed by --allow-writes alone.
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../src-shared/contract';
import { UsageError } from '../../../../src-main/cli/args';
import { parseMcp } from '../../../../src-main/cli/mcp/mcp-args';
import {
  offLoopbackRefusal,
  platformWriteRefusal,
  type McpContext,
} from '../../../../src-main/cli/mcp/tool-context';

const ctx = (allowWrites: boolean) => ({ allowWrites }) as McpContext;
const profile = (kind: 'sandbox' | 'custom') =>
  ({ name: 'Staging', kind, baseUrl: 'https://staging.example' }) as ProfileView;

describe('tp mcp arguments', () => {
  it('reads --data-dir, --profile and --allow-writes; by default nothing is allowed', () => {
    expect(parseMcp([])).toEqual({ command: 'mcp', allowWrites: false });
    expect(parseMcp(['--data-dir', '/d', '--profile', 'Staging', '--allow-writes'])).toEqual({
      command: 'mcp',
      dataDir: '/d',
      profile: 'Staging',
      allowWrites: true,
    });
  });

  it('refuses a positional and an unknown option with the usage', () => {
    expect(() => parseMcp(['serve'])).toThrow(UsageError);
    expect(() => parseMcp(['serve'])).toThrow(
      /tp mcp takes no serve: it serves on stdin and stdout/,
    );
    expect(() => parseMcp(['--yes'])).toThrow(/Usage: npm run -s tp -- mcp/);
  });
});

describe('what tp mcp refuses without --allow-writes', () => {
  it('sends to loopback only', () => {
    for (const url of ['http://127.0.0.1:3000/h', 'http://localhost/h', 'http://[::1]:8080/h']) {
      expect(offLoopbackRefusal(ctx(false), url, 'deliveries'), url).toBeNull();
    }
    expect(offLoopbackRefusal(ctx(false), 'https://hooks.example/h', 'deliveries')).toMatch(
      /^Refused: https:\/\/hooks\.example\/h is not on this machine.*--allow-writes/,
    );
    expect(offLoopbackRefusal(ctx(true), 'https://hooks.example/h', 'deliveries')).toBeNull();
    expect(offLoopbackRefusal(ctx(false), 'not a url', 'deliveries')).toMatch(/is not a URL/);
  });

  it('changes the embedded sandbox only', () => {
    expect(platformWriteRefusal(ctx(false), profile('sandbox'), 'a run')).toBeNull();
    expect(platformWriteRefusal(ctx(false), profile('custom'), 'a run')).toBe(
      'Refused: profile "Staging" is not the embedded sandbox, and a run may change the state of https://staging.example. Restart the server with --allow-writes if that platform is yours to change.',
    );
    expect(platformWriteRefusal(ctx(true), profile('custom'), 'a run')).toBeNull();
  });
});
