// The server's resources: the API summary, and the pages of docs/ as the repository has them, so an
// agent reads the same words a person does.
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { apiSummary } from './api-summary';

/** docs/ beside the source (src-main/cli/mcp) or the build (out/main): the nearest above. */
function docsDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'docs', 'glossary.md'))) return join(dir, 'docs');
    dir = dirname(dir);
  }
  return null;
}

export function registerResources(server: McpServer): void {
  server.registerResource(
    'api-summary',
    'tp://api/summary',
    {
      title: "The platform's API in brief",
      description:
        'How the platform authorizes calls and signs deliveries, and every endpoint of the catalog with its parameters and its section of the API document.',
      mimeType: 'text/markdown',
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: apiSummary() }] }),
  );
  const docs = docsDir();
  if (!docs) return;
  for (const page of readdirSync(docs).filter((f) => f.endsWith('.md'))) {
    server.registerResource(
      `docs/${page}`,
      `tp://docs/${page}`,
      { title: `docs/${page}`, mimeType: 'text/markdown' },
      async (uri) => ({
        contents: [
          {
            uri: uri.href,
            mimeType: 'text/markdown',
            text: await readFile(join(docs, page), 'utf8'),
          },
        ],
      }),
    );
  }
}
