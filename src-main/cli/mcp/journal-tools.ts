// The journal's tools: the Event log's query (its filters and full-text search), one record as an
// export holds it, and why a delivery's signature verified or not (docs/journal.md).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  LogFilter,
  type JournalRecord,
  type LogQueryOutput,
  type LogRow,
} from '../../../src-shared/contract';
import { cutLongStrings } from './bounded';
import { querySession } from './session-query';
import { answer, exportedRecord, guarded, refusal, type McpContext } from './tool-context';

const seq = z
  .number()
  .int()
  .positive()
  .describe('The record\'s number (its "seq") in the journal.');

const sessionIdInput = z
  .string()
  .min(1)
  .optional()
  .describe("A session's id (a run's or a check's report names it); default: the open one.");

function rowLine(row: LogRow): string {
  const parts = [`#${row.seq}`, row.kind, row.summary];
  if (row.status !== undefined) parts.push(`status ${row.status ?? 'none'}`);
  if (row.signature) parts.push(`signature ${row.signature}`);
  if (row.late) parts.push(`late: ${row.late}`);
  return parts.join(' · ');
}

/**
 * How many match, and whether that is the final count: while the journal's index is being built,
 * or a search still counts its matches, the answer covers what was found so far, and says so
 * rather than let a model take "No record matches" as final.
 */
export function queryHead(
  result: Pick<LogQueryOutput, 'total' | 'offset' | 'rows' | 'indexing' | 'counting'>,
  sessionId?: string,
): string {
  const matches = result.total === 1 ? '1 record matches' : `${result.total} records match`;
  // Seqs are a session's own: another session's record is read with its id.
  const reads = sessionId
    ? `get_record with sessionId "${sessionId}" reads one in full`
    : 'get_record reads one in full';
  const first = result.rows[0];
  const found =
    result.total === 0
      ? 'No record matches'
      : first === undefined
        ? `${matches}; none at offset ${result.offset} (the oldest is at offset 0, the newest at ${result.total - 1})`
        : `${matches}; #${first.seq} to #${result.rows.at(-1)!.seq} below (${reads})`;
  const partial = result.indexing
    ? ` so far: the journal is still being indexed (${percent(result.indexing)}), ask again in a moment for the rest`
    : result.counting
      ? ` so far: the search is still counting its matches (${percent(result.counting)}), ask again in a moment for the rest`
      : '';
  return `${found}${partial}.`;
}

const percent = ({ done, total }: { done: number; total: number }) =>
  `${total === 0 ? 100 : Math.floor((done / total) * 100)}% done`;

/** A record's seq given to a tool: the delivery itself, or the delivery a forward sent on. */
async function deliveryOf(ctx: McpContext, recordSeq: number) {
  const record = await exportedRecord(ctx.core, recordSeq);
  if (record?.kind === 'forward') return exportedRecord(ctx.core, record.forward.deliverySeq);
  return record;
}

function explainSignature(record: JournalRecord & { kind: 'delivery' }): string {
  const v = record.delivery.verification;
  const lines = [
    `Delivery #${record.seq} (${record.summary}): signature ${v.outcome}${v.method ? ` (${v.method})` : ''}.`,
    v.explanation,
  ];
  // The explanation usually says what was signed already; said once.
  if (v.over && !v.explanation.includes(v.over)) lines.push(`Signed over: ${v.over}.`);
  if (v.expected && !v.explanation.includes(v.expected)) {
    lines.push(`Expected a signature starting ${v.expected}.`);
  }
  if (record.delivery.error) lines.push(`The request itself was refused: ${record.delivery.error}`);
  return lines.join('\n');
}

export function registerJournalTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'query_journal',
    {
      title: 'Query the journal',
      description:
        "Finds records in the open session's journal (or another session's: a run's or a check's report names its id), as the Event log's filters and search do: API calls, deliveries the receiver captured, forwards and replays of them, grants, system notes. Every filter narrows; `text` is a case-insensitive search of summaries, URLs, parameters and bodies, as redacted (a secret is not found). Answers the newest matches, oldest first. The session is read whole for each query: a few seconds on one of hundreds of thousands of records.",
      inputSchema: {
        filter: LogFilter.optional().describe(
          'kinds (api, delivery, forward, auth, tunnel, system), eventType, msgType, userId, roomId, contactId, signature (valid, invalid, missing, unsupported), status (2xx, 3xx, 4xx, 5xx, none), text, afterSeq, deliverySeq.',
        ),
        limit: z.number().int().min(1).max(200).default(20),
        offset: z
          .number()
          .int()
          .nonnegative()
          .optional()
          .describe(
            'Index of the first match wanted, counting from the oldest; omit for the newest.',
          ),
        sessionId: sessionIdInput,
      },
      annotations: { readOnlyHint: true },
    },
    ({ filter, limit, offset, sessionId }) =>
      guarded(async () => {
        // Read through the export, redacted, and searched after that, the open session too: the
        // Event log's query reads records as written, and one written before the engine knew a
        // secret would show it in a row, or tell it through a count of matches.
        const id = sessionId ?? (await ctx.core.invoke('sessions.list', {})).activeId;
        const page = await querySession(ctx.core, id, filter ?? {}, limit, offset);
        const head = queryHead(page, sessionId);
        const text = [
          sessionId ? `Session ${sessionId}: ${head}` : head,
          ...page.rows.map(rowLine),
        ];
        return answer(text.join('\n'), { ...(sessionId ? { sessionId } : {}), ...page });
      }),
  );

  server.registerTool(
    'get_record',
    {
      title: 'Get one record',
      description:
        "One journal record in full (a call's request and answer, a delivery's raw body, headers, signature check and classification), redacted as an export is: no secret appears.",
      inputSchema: {
        seq,
        sessionId: sessionIdInput,
      },
      annotations: { readOnlyHint: true },
    },
    ({ seq: wanted, sessionId }) =>
      guarded(async () => {
        const whole = await exportedRecord(ctx.core, wanted, sessionId);
        const record = whole && cutLongStrings(whole);
        if (!record) {
          return refusal(
            `No record #${wanted} is in ${sessionId ? `session ${sessionId}` : 'the open session'}: query_journal lists the records there.`,
          );
        }
        return answer(
          `#${record.seq} ${record.kind}: ${record.summary}\n${JSON.stringify(record, null, 2)}`,
          {
            record,
          },
        );
      }),
  );

  server.registerTool(
    'explain_signature',
    {
      title: "Explain a delivery's signature",
      description:
        "Why a captured delivery's signature is valid, invalid, missing or unsupported: the method, what was signed and, for an invalid one, the start of the signature expected. Give the delivery's seq, or a forward's (its delivery is explained).",
      inputSchema: { seq },
      annotations: { readOnlyHint: true },
    },
    ({ seq: wanted }) =>
      guarded(async () => {
        const record = await deliveryOf(ctx, wanted);
        if (record?.kind !== 'delivery') {
          return refusal(
            `Record #${wanted} is ${record ? `a ${record.kind} record` : 'not in the open session'}, not a delivery: query_journal with kinds ["delivery"] lists the deliveries.`,
          );
        }
        return answer(explainSignature(record), {
          seq: record.seq,
          verification: record.delivery.verification,
          form: {
            signatureMethod: record.delivery.form.signatureMethod,
            signature: record.delivery.form.signature,
          },
        });
      }),
  );
}
