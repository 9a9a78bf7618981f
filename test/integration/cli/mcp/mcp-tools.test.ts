// `tp mcp` through the SDK's own client over stdio (the real CLI, spawned): every tool answers in
// words and structured content, a replay off this machine is refused without --allow-writes, the
// client secret is in no answer, and stdout carries nothing but frames.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcp, type McpSession } from '../../../helpers/mcp-client';
import {
  startSwitchableHandler,
  type SwitchableHandler,
} from '../../../helpers/switchable-handler';
import { waitFor } from '../../../helpers/wait-for';

const SECRET = 'mcp-test-client-secret-7f3a9c2e41';
const root = mkdtempSync(join(tmpdir(), 'tp-mcp-'));
let mcp: McpSession;
let handler: SwitchableHandler;
/** Ana, connected through the directory URL, and the app's contact she writes to. */
let ana: string;
const BOB = 'bob-mcp';

interface Row {
  seq: number;
  kind: string;
  summary: string;
  status?: number | null;
}
const rowsOf = (result: Awaited<ReturnType<McpSession['call']>>) =>
  (result.structuredContent as { rows: Row[] }).rows;

/** Sends `text` as Ana and answers the seq of its delivery, found by `search` in the journal. */
async function newDelivery(text: string, search = text): Promise<number> {
  const before = rowsOf(await mcp.call('query_journal', { filter: { kinds: ['delivery'] } }));
  await mcp.call('sandbox_send_message', { userId: ana, contactId: BOB, params: { text } });
  return waitFor('the delivery of the message', async () => {
    const rows = rowsOf(
      await mcp.call('query_journal', { filter: { kinds: ['delivery'], text: search } }),
    );
    return rows.find((r) => !before.some((b) => b.seq === r.seq))?.seq;
  });
}

beforeAll(async () => {
  handler = await startSwitchableHandler();
  mcp = await startMcp([], { cwd: root, env: { TP_CLIENT_SECRET: SECRET } });
  const state = await mcp.call('sandbox_state');
  ana = (state.structuredContent as { state: { users: { id: string }[] } }).state.users[0]!.id;
  // The directory URL's otp connects her (docs/security.md, OAuth and the public routes).
  const otp = await mcp.call('sandbox_otp', { userId: ana, target: 'directory' });
  expect(otp.isError, mcp.text(otp)).toBeFalsy();
  const added = await mcp.call('send_request', {
    endpointId: 'contact.add',
    actAs: { kind: 'appForUser', userId: ana },
    params: { contact_id: BOB, display_name: 'Bob', capabilities: 'interactive group_add' },
  });
  expect(added.isError, mcp.text(added)).toBeFalsy();
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await handler?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('tp mcp', () => {
  it('lists every tool with an object schema, and the API summary and docs/ as resources', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'check_endpoint',
        'explain_signature',
        'get_record',
        'query_journal',
        'replay_delivery',
        'run_collection',
        'run_scenario',
        'run_step',
        'sandbox_invite',
        'sandbox_join',
        'sandbox_leave',
        'sandbox_otp',
        'sandbox_send_message',
        'sandbox_state',
        'send_request',
      ].sort(),
    );
    for (const tool of tools) expect(tool.inputSchema.type, tool.name).toBe('object');
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining(['tp://api/summary', 'tp://docs/security.md', 'tp://docs/agents.md']),
    );
    const summary = await mcp.client.readResource({ uri: 'tp://api/summary' });
    expect((summary.contents[0] as { text: string }).text).toMatch(
      /### message\.send: .*\(API document §4\.7\)/,
    );
  });

  it('finds a delivery, explains its signature and reads its record', async () => {
    const seq = await newDelivery('Where is my order?');
    const explained = await mcp.call('explain_signature', { seq });
    expect(mcp.text(explained)).toMatch(/signature valid \(HMAC-SHA256\)/);
    const record = await mcp.call('get_record', { seq });
    expect((record.structuredContent as { record: { kind: string } }).record.kind).toBe('delivery');
    expect(mcp.text(record)).toContain('Where is my order?');
  });

  it('replays a delivery to a handler on this machine with its answer', async () => {
    const seq = await newDelivery('Replay-me');
    handler.mode = 'refuse';
    const failed = await mcp.call('replay_delivery', { seq, target: handler.url });
    expect(mcp.text(failed)).toMatch(/answered 500 in \d+ ms/);
    handler.mode = 'accept';
    const passed = await mcp.call('replay_delivery', { seq, target: handler.url });
    expect(mcp.text(passed)).toMatch(/answered 200 in \d+ ms/);
    expect(handler.received.at(-1)).toContain('Replay-me');
  });

  it('replays a delivery edited, signed again or keeping its old signature', async () => {
    const seq = await newDelivery('Edit me');
    const record = (await mcp.call('get_record', { seq })).structuredContent as {
      record: { delivery: { form: { data: string } } };
    };
    const edited = record.record.delivery.form.data.replace('Edit me', 'Edited');
    const resigned = await mcp.call('replay_delivery', { seq, target: 'receiver', data: edited });
    expect(mcp.text(resigned)).toMatch(/to the receiver as delivery #\d+: signature valid/);
    const unsigned = await mcp.call('replay_delivery', {
      seq,
      target: 'receiver',
      data: edited,
      resign: false,
    });
    expect(mcp.text(unsigned)).toMatch(/to the receiver as delivery #\d+: signature invalid/);
    const replayed = (unsigned.structuredContent as { record: { seq: number } }).record.seq;
    const explained = await mcp.call('explain_signature', { seq: replayed });
    expect(mcp.text(explained)).toMatch(/signature invalid \(HMAC-SHA256\)/);
    // Only the start of the signature expected: whole, it would sign the edited data.
    const { verification } = explained.structuredContent as { verification: { expected: string } };
    expect(verification.expected).toMatch(/^[0-9a-f]{8}…$/);
    expect(mcp.text(explained)).toContain(verification.expected);
  });

  it('refuses a replay off this machine without --allow-writes, and sends nothing', async () => {
    const seq = await newDelivery('Not for elsewhere');
    const forwardsBefore = rowsOf(
      await mcp.call('query_journal', { filter: { kinds: ['forward'] } }),
    ).length;
    const refused = await mcp.call('replay_delivery', { seq, target: 'http://192.0.2.10/hook' });
    expect(refused.isError).toBe(true);
    expect(mcp.text(refused)).toContain(
      'Refused: http://192.0.2.10/hook is not on this machine, and this server sends deliveries only to loopback',
    );
    expect(mcp.text(refused)).toContain('--allow-writes');
    const forwardsAfter = rowsOf(
      await mcp.call('query_journal', { filter: { kinds: ['forward'] } }),
    );
    expect(forwardsAfter).toHaveLength(forwardsBefore);
  });

  it('sends a catalog request, and sends none that breaks the rules', async () => {
    const me = await mcp.call('send_request', {
      endpointId: 'me',
      actAs: { kind: 'user', userId: ana },
    });
    expect(mcp.text(me)).toMatch(/GET \/tp\/me\.json answered 200/);
    expect((me.structuredContent as { status: number }).status).toBe(200);
    const before = rowsOf(await mcp.call('query_journal', { filter: { kinds: ['api'] } })).length;
    const broken = await mcp.call('send_request', {
      endpointId: 'message.send',
      actAs: { kind: 'app' },
    });
    expect(broken.isError).toBe(true);
    expect(mcp.text(broken)).toMatch(/^Not sent: the request breaks the API document's rules\./);
    expect(mcp.text(broken)).toContain('msg_type: msg_type is missing.');
    expect(rowsOf(await mcp.call('query_journal', { filter: { kinds: ['api'] } }))).toHaveLength(
      before,
    );
  });

  it('runs a collection, a scenario and one step, with the report', async () => {
    const folder = join(root, 'collection');
    mkdirSync(folder);
    writeFileSync(join(folder, 'collection.yaml'), 'name: MCP test\n');
    writeFileSync(
      join(folder, 'token.yaml'),
      [
        'steps:',
        '  - name: App token',
        '    request: { endpoint: token, params: { grant_type: client_credentials } }',
        '    expect: { status: 200 }',
        '  - name: A wrong expectation',
        '    request: { endpoint: token, params: { grant_type: client_credentials } }',
        '    expect: { status: 201 }',
        '',
      ].join('\n'),
    );
    const all = await mcp.call('run_collection', { folder });
    expect((all.structuredContent as { status: string }).status).toBe('failed');
    expect(mcp.text(all)).toContain('A wrong expectation');
    // The run's session, once the open one is the agent's again: query_journal reads it by id.
    const { sessionId } = all.structuredContent as { sessionId: string };
    const steps = await mcp.call('query_journal', {
      sessionId,
      filter: { kinds: ['system'], text: 'A wrong expectation' },
    });
    expect(steps.isError, mcp.text(steps)).toBeFalsy();
    expect(rowsOf(steps).map((r) => r.summary)).toEqual([
      expect.stringMatching(/^Step 2 of token\.yaml, A wrong expectation: failed/),
    ]);
    expect(mcp.text(steps)).toMatch(/^Session .*: 1 record matches/);
    const calls = await mcp.call('query_journal', {
      sessionId,
      filter: { kinds: ['api'] },
      limit: 1,
    });
    expect((calls.structuredContent as { total: number }).total).toBe(2);
    expect(rowsOf(calls)).toHaveLength(1);
    // Not in the open session, which query_journal reads without an id.
    const open = await mcp.call('query_journal', {
      filter: { kinds: ['system'], text: 'A wrong expectation' },
    });
    expect(rowsOf(open)).toEqual([]);
    const unknown = await mcp.call('query_journal', { sessionId: 'no-such-session' });
    expect(unknown.isError).toBe(true);
    expect(mcp.text(unknown)).toContain('no-such-session');
    // An id is looked up among the sessions, never taken for a path: a file outside is not read.
    for (const hostile of ['../journal', '../../../../etc/passwd', 'default/../../x']) {
      const refused = await mcp.call('query_journal', { sessionId: hostile });
      expect(refused.isError, hostile).toBe(true);
      expect(mcp.text(refused)).toContain('There is no session');
    }
    // Asked for progress, the run says each step done as it ends, all of it before its answer
    // (read on the wire: the SDK client may hand the last ones to onprogress after the answer).
    await mcp.client.callTool({ name: 'run_collection', arguments: { folder } }, undefined, {
      onprogress: () => undefined,
    });
    const progress = mcp.progressOfLastCall();
    expect(progress.at(-1)).toEqual({ progress: 2, total: 2, beforeAnswer: true });
    expect(progress.filter((p) => !p.beforeAnswer)).toEqual([]);
    const scenario = await mcp.call('run_scenario', { scenario: join(folder, 'token.yaml') });
    expect((scenario.structuredContent as { counts: { failed: number } }).counts.failed).toBe(1);
    const step = await mcp.call('run_step', { scenario: join(folder, 'token.yaml'), index: 0 });
    expect(step.structuredContent).toMatchObject({
      status: 'passed',
      counts: { passed: 1, skipped: 1 },
    });
  });

  it('stops a run when the agent cancels the call', async () => {
    const folder = join(root, 'slow');
    mkdirSync(folder);
    writeFileSync(join(folder, 'collection.yaml'), 'name: Slow\n');
    writeFileSync(
      join(folder, 'quick.yaml'),
      ['steps:', '  - name: App token', '    request: { endpoint: token }', ''].join('\n'),
    );
    writeFileSync(
      join(folder, 'wait.yaml'),
      [
        'steps:',
        '  - connect-user: { name: Zed }',
        '    capture: { zed: user_id }',
        '  - request:',
        '      endpoint: contact.add',
        '      as: app-for-user',
        "      user: '{{zed}}'",
        "      params: { contact_id: 'slow-{{$uuid}}', display_name: Slow, capabilities: interactive }",
        '    capture: { slow: body.contact_id }',
        '  - simulate:',
        '      action: send-message',
        "      user: '{{zed}}'",
        "      contact: '{{slow}}'",
        '      msg_type: text',
        '      params: { text: slow-run-marker }',
        '  - name: A delivery that never comes',
        '    expect-delivery:',
        '      match: { kind: message, text: never-sent }',
        '      timeout: 25s',
        '',
      ].join('\n'),
    );
    const cancel = new AbortController();
    const slow = mcp.client.callTool(
      { name: 'run_scenario', arguments: { scenario: join(folder, 'wait.yaml') } },
      undefined,
      { signal: cancel.signal, timeout: 60_000 },
    );
    slow.catch(() => undefined);
    // The run is in its last step once its message is in the run's session, the open one meanwhile.
    await waitFor('the run to wait for its delivery', async () => {
      const found = await mcp.call('query_journal', {
        filter: { kinds: ['delivery'], text: 'slow-run-marker' },
      });
      return rowsOf(found).length > 0 ? true : undefined;
    });
    cancel.abort();
    await expect(slow).rejects.toThrow();
    // One run at a time: the next one starts only once the cancelled one stopped, long before the
    // 25 s its step would have waited.
    const next = await waitFor(
      'a run to start after the cancelled one',
      async () => {
        const result = await mcp.call('run_scenario', { scenario: join(folder, 'quick.yaml') });
        return result.isError ? undefined : result;
      },
      { timeoutMs: 10_000, everyMs: 100 },
    );
    expect(next.structuredContent).toMatchObject({ status: 'passed' });
  });

  it('checks an endpoint and answers the report', async () => {
    handler.mode = 'accept';
    const check = await mcp.call('check_endpoint', { url: handler.url, only: ['accepts.text'] });
    expect(mcp.text(check)).toMatch(/✓ accepts\.text/);
    expect(check.structuredContent).toMatchObject({ report: { passed: true } });
  });

  it('acts as sandbox users: join, leave, invite', async () => {
    const state = (await mcp.call('sandbox_state')).structuredContent as {
      state: { rooms: { id: string; occupants: { id: string }[] }[] };
    };
    const room = state.state.rooms.find((r) => !r.occupants.some((o) => o.id === ana))!;
    expect(mcp.text(await mcp.call('sandbox_join', { room: room.id, userId: ana }))).toMatch(
      /joined/,
    );
    const invited = await mcp.call('sandbox_invite', { room: room.id, contactId: BOB, by: ana });
    expect(invited.isError, mcp.text(invited)).toBeFalsy();
    expect(mcp.text(await mcp.call('sandbox_leave', { room: room.id, userId: ana }))).toMatch(
      /left/,
    );
  });

  it('puts the client secret in no answer, even when a delivery carries it', async () => {
    // Found by its words alone: the journal holds the secret redacted, so a search for it finds nothing.
    const seq = await newDelivery(`my secret is ${SECRET}`, 'my secret is');
    const record = await mcp.call('get_record', { seq });
    expect(mcp.text(record)).toContain('my secret is mcp-…');
    await mcp.call('send_request', {
      endpointId: 'token',
      actAs: { kind: 'app' },
      params: { grant_type: 'client_credentials' },
    });
    await mcp.call('query_journal', { filter: { text: 'secret' } });
    // The answers, not the calls: the message that carried it was the test's own call.
    expect(mcp.answers.join('\n')).not.toContain(SECRET);
    expect(mcp.answers.join('\n')).toContain('mcp-…');
    expect(mcp.protocolErrors).toEqual([]);
  });
});
