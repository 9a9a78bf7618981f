// `node out/main/tp.js mcp` with the SDK's own client over stdio, as an agent runs it (the build
// must exist: npm test builds first). Every call and answer is kept as a transcript, to print and to
// search for what must never be in an answer.
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { TP } from './tp-cli';

export interface McpSession {
  client: Client;
  /** Calls a tool and keeps the call and its answer in the transcript. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** The answer's text. */
  text(result: CallToolResult): string;
  transcript: string[];
  /** The answers alone (text and structured content), to search for what no answer may hold. */
  answers: string[];
  /** What the server wrote on stderr. */
  stderr(): string;
  /** Anything the client could not read as a frame (a stray line on stdout). */
  protocolErrors: Error[];
  close(): Promise<void>;
}

export async function startMcp(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<McpSession> {
  expect(existsSync(TP), `${TP} is missing: run npm run build first`).toBe(true);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [TP, 'mcp', ...args],
    cwd: options.cwd,
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1', ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const protocolErrors: Error[] = [];
  transport.onerror = (err) => protocolErrors.push(err);
  const client = new Client({ name: 'tp-test-agent', version: '1.0.0' });
  client.onerror = (err) => protocolErrors.push(err);
  await client.connect(transport);
  const transcript: string[] = [];
  const answers: string[] = [];
  const text = (result: CallToolResult) =>
    result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
  return {
    client,
    transcript,
    answers,
    protocolErrors,
    text,
    stderr: () => stderr,
    call: async (name, args = {}) => {
      transcript.push(`> ${name} ${JSON.stringify(args)}`);
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const answered = [
        `< ${result.isError ? '(refused) ' : ''}${text(result)}`,
        `  ${JSON.stringify(result.structuredContent ?? null)}`,
      ];
      transcript.push(...answered);
      answers.push(...answered);
      return result;
    },
    close: () => client.close(),
  };
}
