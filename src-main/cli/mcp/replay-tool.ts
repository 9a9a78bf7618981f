// Replaying a captured delivery (inbound.replay) to the receiver or to the developer's handler, as
// captured or with its data edited and signed again, with what the handler answered.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { JournalRecord } from '../../../src-shared/contract';
import { cutLongStrings } from './bounded';
import {
  answer,
  exchangeWords,
  exportedRecord,
  guarded,
  offLoopbackRefusal,
  refusal,
  type McpContext,
} from './tool-context';

function replayWords(original: number, target: string, record: JournalRecord): string {
  if (record.kind === 'forward') {
    const { exchange, notForwarded, late } = record.forward;
    if (notForwarded)
      return `Delivery #${original} was not sent to ${target}: ${notForwarded.explanation}`;
    const body = exchange.responseBody?.text ?? '';
    return [
      `Replayed delivery #${original} to ${target}: it ${exchangeWords(exchange)} (record #${record.seq}).`,
      body ? `Its answer's body: ${body.length > 500 ? `${body.slice(0, 500)}…` : body}` : '',
      late ? `Late: ${late}` : '',
    ]
      .filter(Boolean)
      .join('\n');
  }
  if (record.kind === 'delivery') {
    const { response, verification } = record.delivery;
    return `Replayed delivery #${original} to the receiver as delivery #${record.seq}: signature ${verification.outcome}, answered ${response.status}.`;
  }
  return `Replayed delivery #${original}: record #${record.seq}, ${record.summary}.`;
}

export function registerReplayTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'replay_delivery',
    {
      title: 'Replay a delivery',
      description:
        "Sends a captured delivery again, to the receiver or to a URL (your webhook handler), as captured or with `data` replaced; edited data is signed again with the profile's secret unless resign is false. Answers what the handler answered. Only to this machine (127.0.0.1, localhost) unless the server was started with --allow-writes.",
      inputSchema: {
        seq: z.number().int().positive().describe("The delivery's seq (query_journal finds it)."),
        target: z
          .string()
          .min(1)
          .max(2048)
          .describe(
            '"receiver", or the http(s) URL to send it to, e.g. http://127.0.0.1:3000/hook.',
          ),
        data: z
          .string()
          .max(1024 * 1024)
          .optional()
          .describe("The delivery's `data` JSON to send instead of the captured one."),
        resign: z
          .boolean()
          .default(true)
          .describe('Sign edited data again (false keeps the old signature).'),
      },
    },
    ({ seq, target, data, resign }) =>
      guarded(async () => {
        if (target !== 'receiver') {
          const refused = offLoopbackRefusal(ctx, target, 'deliveries');
          if (refused) return refusal(refused);
        }
        const { record } = await ctx.core.invoke('inbound.replay', {
          seq,
          target,
          resign,
          ...(data !== undefined ? { data } : {}),
        });
        // The answer's record is read back as an export holds it (redacted on the way out).
        const exported = cutLongStrings((await exportedRecord(ctx.core, record.seq)) ?? record);
        return answer(replayWords(seq, target, exported), { record: exported });
      }),
  );
}
