// The MCP server over the engine: its tools (tools/*) and resources, named for a model to choose.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { APP_VERSION } from '../../headless/app-version';
import { registerJournalTools } from './journal-tools';
import { registerReplayTool } from './replay-tool';
import { registerRequestTools } from './request-tools';
import { registerResources } from './resources';
import { registerRunTools } from './run-tools';
import { registerSandboxTools } from './sandbox-tools';
import type { McpContext } from './tool-context';

export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(
    { name: 'tp-inspector', version: APP_VERSION },
    {
      instructions:
        "TP Inspector's engine: a journal of the platform API calls and webhook deliveries, the embedded sandbox platform, the collection runner and the endpoint check. Start with query_journal or sandbox_state; tp://api/summary describes the platform's API. Nothing leaves this machine unless the server was started with --allow-writes.",
    },
  );
  registerJournalTools(server, ctx);
  registerReplayTool(server, ctx);
  registerRequestTools(server, ctx);
  registerRunTools(server, ctx);
  registerSandboxTools(server, ctx);
  registerResources(server);
  return server;
}
