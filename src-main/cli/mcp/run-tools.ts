// Running a collection, one scenario of it, or one step, through the runner as `tp run` does,
// answering its report. The run's records are in a journal session of its own (get_record with
// the report's session id reads them).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { RunView } from '../../../src-shared/contract';
import { runToEnd } from '../../core/index';
import { preflight } from '../preflight';
import { progressReporter, type ToolCall } from './run-progress';
import { prettyReport } from '../reporters/pretty';
import {
  actingProfile,
  answer,
  guarded,
  platformWriteRefusal,
  refusal,
  type McpContext,
} from './tool-context';

const folder = z
  .string()
  .min(1)
  .max(4096)
  .describe(
    'The collection: its folder (holding collection.yaml), or a scenario file or sub-folder in it; absolute, or from the folder the server was started in.',
  );
const variables = z
  .record(z.string(), z.string())
  .default({})
  .describe("Run variables; they win over the profile's and the collection's.");

interface RunInput {
  target: string;
  variables: Record<string, string>;
  bail?: boolean;
  only?: { path: string; index: number };
  /** The tool call: its cancellation stops the run (as Ctrl+C does tp run), its progress token
   * asks for the steps done as they end. */
  call: ToolCall;
}

/** The run's outline: each scenario and step with its state and, for a failure, why. */
function runSummary(view: RunView) {
  return {
    status: view.status,
    sessionId: view.sessionId,
    counts: view.counts,
    scenarios: view.scenarios.map((s) => ({
      path: s.path,
      state: s.state,
      problems: s.problems,
      steps: s.steps.map((step) => ({
        index: step.index,
        name: step.name,
        state: step.state,
        failure: step.failure,
        checks: step.checks.filter((c) => !c.passed),
        records: step.records,
      })),
    })),
  };
}

async function run(ctx: McpContext, input: RunInput) {
  const profile = await actingProfile(ctx);
  const refused = platformWriteRefusal(ctx, profile, 'a run');
  if (refused) return refusal(refused);
  const target = await preflight(input.target, ctx.cwd, { yes: ctx.allowWrites });
  if (input.only && target.paths?.length !== 1) {
    return refusal(
      `To run one step, give the scenario file itself (not ${input.target}), and the step's index from 0.`,
    );
  }
  const progress = progressReporter(input.call);
  const view = await runToEnd(
    ctx.core.invoke,
    ctx.core.events,
    {
      folder: target.folder,
      ...(target.paths ? { paths: target.paths } : {}),
      ...(input.only ? { only: { path: target.paths![0]!, index: input.only.index } } : {}),
      profileId: profile.id,
      variables: input.variables,
      bail: input.bail ?? false,
      confirmed: ctx.allowWrites,
    },
    {
      // A question the run asks (a step that may change a platform) is answered as --allow-writes
      // says; left open, the call would never end.
      answer: () => ctx.allowWrites,
      signal: input.call.signal,
      ...(progress.onChange ? { onChange: progress.onChange } : {}),
    },
  );
  await progress.sent();
  return answer(prettyReport(view, profile.name), runSummary(view));
}

export function registerRunTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'run_collection',
    {
      title: 'Run a collection',
      description:
        "Runs every scenario of a collection (docs/collections.md) against the server's profile, as `tp run` does, and answers the report: each step's outcome and, for a failure, what was expected and what was there. Against a profile other than the embedded sandbox only with --allow-writes.",
      inputSchema: { folder, variables, bail: z.boolean().default(false) },
    },
    ({ folder: target, variables: vars, bail }, call) =>
      guarded(() => run(ctx, { target, variables: vars, bail, call })),
  );
  server.registerTool(
    'run_scenario',
    {
      title: 'Run a scenario',
      description: 'Runs one scenario file of a collection and answers its report.',
      inputSchema: {
        scenario: folder.describe('The scenario file (.yaml) in a collection.'),
        variables,
      },
    },
    ({ scenario, variables: vars }, call) =>
      guarded(() => run(ctx, { target: scenario, variables: vars, call })),
  );
  server.registerTool(
    'run_step',
    {
      title: 'Run one step',
      description:
        'Runs one step of a scenario file (the steps before it are not run) and answers its report.',
      inputSchema: {
        scenario: folder.describe('The scenario file (.yaml) in a collection.'),
        index: z.number().int().nonnegative().describe("The step's index in the file, from 0."),
        variables,
      },
    },
    ({ scenario, index, variables: vars }, call) =>
      guarded(() =>
        run(ctx, { target: scenario, variables: vars, only: { path: scenario, index }, call }),
      ),
  );
}
