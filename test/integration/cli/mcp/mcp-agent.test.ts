// An agent's session through `tp mcp`, as one test: a handler refuses a delivery, the agent finds
// the failing answer in the journal, reads the delivery and its signature, the developer fixes the
// handler, the agent replays the delivery and sees it accepted, then runs the scenario that covers
// it. TP_MCP_TRANSCRIPT=file writes the session's transcript there (docs/agents.md shows one).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startMcp, type McpSession } from '../../../helpers/mcp-client';
import { startSwitchableHandler } from '../../../helpers/switchable-handler';
import { waitFor } from '../../../helpers/wait-for';

const SCENARIO = resolve(import.meta.dirname, '../../../../examples/user-message.yaml');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Structured<T> = { structuredContent?: unknown } & { structuredContent: T };
const data = <T>(result: { structuredContent?: unknown }) =>
  (result as Structured<T>).structuredContent;

it('finds a refused delivery, replays it after a fix, and runs the scenario', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'tp-mcp-agent-'));
  cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
  const handler = await startSwitchableHandler();
  cleanups.push(() => handler.close());
  const mcp: McpSession = await startMcp([], { cwd });
  cleanups.push(() => mcp.close());
  cleanups.push(() => {
    const file = process.env.TP_MCP_TRANSCRIPT;
    if (file) writeFileSync(file, `${mcp.transcript.join('\n')}\n`);
  });

  // The set-up a person would have: a connected user who writes to the app's contact, and the
  // delivery sent on to the handler, which refuses it.
  const state = data<{ state: { users: { id: string }[] } }>(await mcp.call('sandbox_state'));
  const ana = state.state.users[0]!.id;
  await mcp.call('sandbox_otp', { userId: ana, target: 'directory' });
  await mcp.call('send_request', {
    endpointId: 'contact.add',
    actAs: { kind: 'appForUser', userId: ana },
    params: { contact_id: 'orders', display_name: 'Orders', capabilities: 'interactive' },
  });
  await mcp.call('sandbox_send_message', {
    userId: ana,
    contactId: 'orders',
    params: { text: 'Where is order 1042?' },
  });
  const delivered = await waitFor('the delivery of the message', async () => {
    const found = await mcp.call('query_journal', {
      filter: { kinds: ['delivery'], text: 'order 1042' },
    });
    return data<{ rows: { seq: number }[] }>(found).rows[0]?.seq;
  });
  await mcp.call('replay_delivery', { seq: delivered, target: handler.url });

  // The agent: which answer failed, and why.
  const failing = await mcp.call('query_journal', {
    filter: { kinds: ['forward'], status: '5xx' },
  });
  const failed = data<{ rows: { seq: number; status: number }[] }>(failing).rows;
  expect(failed).toEqual([expect.objectContaining({ status: 500 })]);
  const forward = await mcp.call('get_record', { seq: failed[0]!.seq });
  expect(mcp.text(forward)).toContain('cannot read properties of undefined');
  const signature = await mcp.call('explain_signature', { seq: failed[0]!.seq });
  expect(mcp.text(signature)).toContain(`Delivery #${delivered}`);
  expect(mcp.text(signature)).toMatch(/signature valid/);

  // The developer's fix, then the replay.
  handler.mode = 'accept';
  const replayed = await mcp.call('replay_delivery', { seq: delivered, target: handler.url });
  expect(replayed.isError).toBeFalsy();
  expect(mcp.text(replayed)).toMatch(/it answered 200 in \d+ ms/);

  const run = await mcp.call('run_scenario', { scenario: SCENARIO });
  expect(data<{ status: string }>(run).status).toBe('passed');
  expect(mcp.text(run)).toContain("A user's message arrives as a verified delivery");
  expect(mcp.protocolErrors).toEqual([]);
});
