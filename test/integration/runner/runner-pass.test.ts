// A scenario that walks the platform on the embedded sandbox: an app token, a user connected
// through an otp, a contact, a message simulated from the user arriving as a verified delivery
// whose capture a later request uses; then the session's report shows the steps.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunnerFixture, stepStates, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
beforeAll(async () => {
  fx = await startRunnerFixture();
}, 60_000);
afterAll(() => fx?.close());

const FLOW = `
name: Order support
variables:
  contact: order-1042
steps:
  - name: App token
    request:
      endpoint: token
      params: { grant_type: client_credentials }
    expect:
      status: 200
      body: { access_token: { type: string } }
      shape: valid
    capture: { token: body.access_token }
  - name: Connect Ada
    connect-user: { name: Ada, surname: Lovelace }
    capture: { ada: user_id }
  - name: Add the contact
    request:
      endpoint: contact.add
      user: "{{ada}}"
      params:
        contact_id: "{{contact}}"
        display_name: Order 1042
        capabilities: interactive
    expect: { status: 200 }
  - name: Ada writes
    simulate:
      action: send-message
      user: "{{ada}}"
      contact: "{{contact}}"
      params: { text: Where is my order? }
    capture: { sent: id }
  - name: The message arrives
    expect-delivery:
      match: { kind: message, msg_type: text, user: "{{ada}}", text: Where is my order }
      timeout: 10s
    capture: { arrived: message_id }
  - name: Reply
    request:
      endpoint: message.send
      user: "{{ada}}"
      params:
        contact_id: "{{contact}}"
        resource_id: "{{ada}}"
        msg_type: text
        text: "About {{arrived}}"
      headers: { X-Scenario: "{{contact}}" }
    expect: { status: 200, body: { id: { exists: true } }, shape: valid }
`;

describe('a passing scenario', () => {
  it('runs every step, with captures, records and the session report', async () => {
    const folder = fx.collection({ 'flow.yaml': FLOW });
    const run = await fx.run(folder, { sessionName: 'Runner flow' });
    expect(stepStates(run), JSON.stringify(run.scenarios[0]?.steps, null, 1)).toEqual([
      'flow.yaml App token: passed',
      'flow.yaml Connect Ada: passed',
      'flow.yaml Add the contact: passed',
      'flow.yaml Ada writes: passed',
      'flow.yaml The message arrives: passed',
      'flow.yaml Reply: passed',
    ]);
    expect(run).toMatchObject({
      status: 'passed',
      sandbox: true,
      name: 'Runner flow',
      counts: { passed: 6, failed: 0, skipped: 0, total: 6 },
    });
    const [token, connect, , writes, arrives, reply] = run.scenarios[0]!.steps;
    // A token is a secret: captured, usable, never shown.
    expect(token!.captures).toEqual({ token: '‹redacted›' });
    expect(JSON.stringify(run)).not.toContain('"access_token"');
    const ada = connect!.captures.ada!;
    expect(ada).toMatch(/\S/);
    // The delivery is the message Ada sent, verified, and its id reached the reply.
    expect(arrives!.captures.arrived).toBe(writes!.captures.sent);
    expect(arrives!.checks).toContainEqual(
      expect.objectContaining({ label: 'signature', passed: true, actual: 'valid' }),
    );
    // The run's session ended with the run: its records are read there (as Record #N opens it).
    const before = await fx.core.invoke('sessions.list', {});
    expect(before.activeId).not.toBe(run.sessionId);
    await fx.core.invoke('sessions.switch', { sessionId: run.sessionId });
    const { record: delivery } = await fx.core.invoke('log.get', { seq: arrives!.records[0]! });
    expect(delivery).toMatchObject({ kind: 'delivery' });
    const { record: sent } = await fx.core.invoke('log.get', { seq: reply!.records[0]! });
    if (sent?.kind !== 'api') throw new Error('the reply has no api record');
    expect(sent.api.requestParams.text).toBe(`About ${writes!.captures.sent}`);
    // An extra header goes out lower-case beside the token, which it does not replace.
    expect(sent.api.requestHeaders).toMatchObject({
      'x-scenario': 'order-1042',
      authorization: expect.stringMatching(/^Bearer /),
    });

    // The run is its own session, and its report shows each step and the run's outcome.
    const report = await fx.core.invoke('sessions.export', {
      sessionId: run.sessionId,
      format: 'html',
    });
    expect(report.content).toContain('Step 5 of flow.yaml, The message arrives: passed');
    expect(report.content).toMatch(/Run Runner flow: passed/);
  }, 60_000);
});

describe('a forward', () => {
  it("checks the forward target's answer to the delivery the step before claimed", async () => {
    const target = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(202, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;
    try {
      await fx.core.invoke('inbound.setForwards', { forwards: { targets: [url] } });
      const folder = fx.collection({
        'forward.yaml': `steps:
  - connect-user: { name: Fred }
    capture: { fred: user_id }
  - request:
      endpoint: contact.add
      user: "{{fred}}"
      params: { contact_id: shop, display_name: Shop, capabilities: interactive }
    expect: { status: 200 }
  - simulate: { action: send-message, user: "{{fred}}", contact: shop, params: { text: forward me } }
  - expect-delivery: { match: { user: "{{fred}}", text: forward me } }
  - name: Forwarded
    expect-forward:
      target: ${url}
      status: 202
      body: { ok: true }
    capture: { answer: body.ok }
`,
      });
      const run = await fx.run(folder);
      expect(run.status, JSON.stringify(run.scenarios[0]?.steps)).toBe('passed');
      const [, , , delivery, forward] = run.scenarios[0]!.steps;
      expect(forward!.captures).toEqual({ answer: 'true' });
      await fx.core.invoke('sessions.switch', { sessionId: run.sessionId });
      const { record } = await fx.core.invoke('log.get', { seq: forward!.records[0]! });
      if (record?.kind !== 'forward') throw new Error('the step has no forward record');
      expect(record.forward.deliverySeq).toBe(delivery!.records[0]);
    } finally {
      await fx.core.invoke('inbound.setForwards', { forwards: { targets: [] } });
      await new Promise((resolve) => target.close(resolve));
    }
  }, 60_000);
});

describe('a captured token', () => {
  // composer.send answers the window with the token redacted; the runner reads the answer as it
  // came, so a token captured from it still works in a later step.
  it('is the real token: a later step authorizes with it', async () => {
    const folder = fx.collection({
      'captured-token.yaml': `steps:
  - request: { endpoint: token, params: { grant_type: client_credentials } }
    capture: { token: body.access_token }
  - connect-user: { name: Grace }
    capture: { grace: user_id }
  - name: Me with the captured token
    request:
      endpoint: me
      as: app-for-user
      user: "{{grace}}"
      headers: { Authorization: "Bearer {{token}}" }
    expect: { status: 200 }
`,
    });
    const run = await fx.run(folder);
    expect(run.status, JSON.stringify(run.scenarios[0]?.steps)).toBe('passed');
    const [token] = run.scenarios[0]!.steps;
    expect(token!.captures).toEqual({ token: '‹redacted›' });
  }, 60_000);
});
