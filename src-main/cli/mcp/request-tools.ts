// A catalog request as the composer sends it (its rules checked first, nothing sent when they
// break), and the endpoint check of the developer's handler with its report.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ActAs } from '../../../src-shared/contract';
import { SIGNATURE_METHODS } from '../../../src-shared/spec/shapes';
import { renderCheckReport } from '../check/check-report';
import { cutLongStrings } from './bounded';
import {
  actingProfile,
  answer,
  exchangeWords,
  exportedRecord,
  guarded,
  offLoopbackRefusal,
  platformWriteRefusal,
  refusal,
  type McpContext,
} from './tool-context';

export function registerRequestTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'send_request',
    {
      title: 'Send a catalog request',
      description:
        "Builds a request to the platform from the endpoint catalog (the resource tp://api/summary lists the endpoint ids and their parameters), checks it against the API document's rules, and sends it only when they hold, acting as the app, the app for a user, or a user. Answers the status, the JSON answer and where it differs from the documented shape. Against a profile other than the embedded sandbox only with --allow-writes.",
      inputSchema: {
        endpointId: z
          .string()
          .min(1)
          .describe('A catalog endpoint id, e.g. message.send, me, contact.list.'),
        params: z
          .record(z.string(), z.string())
          .default({})
          .describe('Text parameters, e.g. {"msg_type":"text","text":"hi","contact_id":"…"}.'),
        actAs: ActAs.describe(
          '{"kind":"app"}, {"kind":"appForUser","userId":"…"} or {"kind":"user","userId":"…"}.',
        ),
        path: z
          .string()
          .max(200)
          .optional()
          .describe("One of the endpoint's paths (default: the documented one)."),
      },
    },
    ({ endpointId, params, actAs, path }) =>
      guarded(async () => {
        const profile = await actingProfile(ctx);
        const refused = platformWriteRefusal(ctx, profile, 'a request');
        if (refused) return refusal(refused);
        const request = {
          profileId: profile.id,
          endpointId,
          params,
          actAs,
          ...(path ? { path } : {}),
        };
        const preview = await ctx.core.invoke('composer.preview', request);
        if (!preview.ok) {
          return refusal(
            [
              `Not sent: the request breaks the API document's rules.`,
              ...preview.errors.map((e) => `${e.field || 'request'}: ${e.message}`),
            ].join('\n'),
          );
        }
        const sent = await ctx.core.invoke('composer.send', request);
        const record = (await exportedRecord(ctx.core, sent.record.seq)) ?? sent.record;
        const body = record.kind === 'api' ? (record.api.responseBody?.text ?? '') : '';
        const text = [
          `${preview.request.method} ${preview.request.path} ${record.kind === 'api' ? exchangeWords(record.api) : ''} (record #${record.seq}).`,
          body ? `Answer: ${body.length > 2000 ? `${body.slice(0, 2000)}…` : body}` : '',
          ...sent.shapeIssues.map((i) => `Shape: ${i}`),
          ...preview.notes.map((n) => `Note: ${n.message}`),
        ].filter(Boolean);
        return answer(text.join('\n'), {
          seq: record.seq,
          status: record.kind === 'api' ? record.api.status : null,
          json: cutLongStrings(sent.json),
          shapeIssues: sent.shapeIssues,
          retryAfterSeconds: sent.retryAfterSeconds,
        });
      }),
  );

  server.registerTool(
    'check_endpoint',
    {
      title: 'Check a webhook handler',
      description:
        "The endpoint check: sends your handler every delivery the platform sends (signed as the profile's app signs), forgeries it must refuse, a repeat and a burst, and judges each answer against the delivery contract (docs/endpoint-check.md). Answers the report. Only to this machine unless the server was started with --allow-writes.",
      inputSchema: {
        url: z.string().min(1).max(2048).describe('The handler, e.g. http://127.0.0.1:3000/hook.'),
        only: z
          .array(z.string().min(1))
          .max(200)
          .optional()
          .describe('Only these check ids, or a family by its prefix: "refuses.".'),
        skip: z.array(z.string().min(1)).max(200).optional(),
        burst: z.number().int().min(1).max(1000).default(50),
        signatureMethod: z.enum(SIGNATURE_METHODS).optional(),
      },
    },
    ({ url, only, skip, burst, signatureMethod }) =>
      guarded(async () => {
        const refused = offLoopbackRefusal(ctx, url, 'the check');
        if (refused) return refusal(refused);
        const profile = await actingProfile(ctx);
        const report = await ctx.core.invoke('endpointCheck.run', {
          url,
          burst,
          confirmRemote: ctx.allowWrites,
          profileId: profile.id,
          ...(only ? { only } : {}),
          ...(skip ? { skip } : {}),
          ...(signatureMethod ? { signatureMethod } : {}),
        });
        return answer(renderCheckReport('pretty', report), { report });
      }),
  );
}
