// `node out/main/tp.js mcp` with the SDK's own client over stdio, as an agent runs it (the build
// must exist: npm test builds first). Every call and answer is kept as a transcript, to print and to
// search for what must never be in an answer.
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
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
  /**
   * Anything the client could not read as a frame (a stray line on stdout). Not the SDK client's
   * "progress notification for an unknown token" for a call it already had the answer of: it
   * handles a response at once and a notification a microtask later, so progress the server sent
   * before its answer but that arrived in the same chunk reads as late (typescript-sdk #2580).
   */
  protocolErrors: Error[];
  /**
   * The progress notifications of the last call that asked for progress, in the order they came
   * on stdout, each saying whether it came before that call's answer.
   */
  progressOfLastCall(): { progress: number; total?: number; beforeAnswer: boolean }[];
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
  const progress = watchProgress(transport);
  const keep = (err: Error) => {
    if (!progress.isLateForAnsweredCall(err)) protocolErrors.push(err);
  };
  transport.onerror = keep;
  const client = new Client({ name: 'tp-test-agent', version: '1.0.0' });
  client.onerror = keep;
  await client.connect(transport);
  progress.listen();
  const transcript: string[] = [];
  const answers: string[] = [];
  const text = (result: CallToolResult) =>
    result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
  return {
    client,
    transcript,
    answers,
    protocolErrors,
    progressOfLastCall: progress.ofLastCall,
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

type Progress = { progress: number; total?: number; beforeAnswer: boolean };

/**
 * The messages on the wire, below the SDK client: which calls asked for progress (their token),
 * which have their answer, and each progress notification in the order it came.
 */
function watchProgress(transport: StdioClientTransport) {
  const byToken = new Map<string | number, { answered: boolean; seen: Progress[] }>();
  let lastToken: string | number | undefined;
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null;
  return {
    /** Wraps the client's own handlers: called once the client is connected. */
    listen() {
      const send = transport.send.bind(transport);
      transport.send = (message: JSONRPCMessage) => {
        const meta = 'params' in message && isObject(message.params) ? message.params._meta : null;
        const token = isObject(meta) ? meta.progressToken : undefined;
        if (typeof token === 'string' || typeof token === 'number') {
          lastToken = token;
          byToken.set(token, { answered: false, seen: [] });
        }
        return send(message);
      };
      const deliver = transport.onmessage;
      transport.onmessage = (message: JSONRPCMessage) => {
        if ('id' in message && ('result' in message || 'error' in message)) {
          const call = byToken.get(message.id as string | number);
          if (call) call.answered = true;
        } else if ('method' in message && message.method === 'notifications/progress') {
          const params = message.params as { progressToken: string | number } & Progress;
          byToken.get(params.progressToken)?.seen.push({
            progress: params.progress,
            ...(params.total === undefined ? {} : { total: params.total }),
            beforeAnswer: !byToken.get(params.progressToken)!.answered,
          });
        }
        deliver?.(message);
      };
    },
    ofLastCall: (): Progress[] => (lastToken === undefined ? [] : byToken.get(lastToken)!.seen),
    isLateForAnsweredCall(err: Error): boolean {
      const m = /progress notification for an unknown token: (.*)$/.exec(err.message);
      if (!m) return false;
      try {
        const token = (JSON.parse(m[1]!) as { params: { progressToken: string | number } }).params
          .progressToken;
        return byToken.get(token)?.answered === true;
      } catch {
        return false;
      }
    },
  };
}
