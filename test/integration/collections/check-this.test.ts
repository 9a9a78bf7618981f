// Check this through the engine, on the embedded sandbox: a run's request step lists its answer's
// fields without the token it holds, an expect-delivery step lists the delivery's data; a check
// of a delivery's field added with collections.addCheck lands in the file (its other lines as they
// were) and the next run checks it, passing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunnerFixture, stepStates, type RunnerFixture } from '../runner/runner-fixture';

let fx: RunnerFixture;
beforeAll(async () => {
  fx = await startRunnerFixture();
}, 60_000);
afterAll(() => fx?.close());

const SCENARIO = `name: Ada writes
steps:
  - name: App token
    request:
      endpoint: token
      params: { grant_type: client_credentials }
  - name: Connect Ada
    connect-user: { name: Ada }
    capture: { ada: user_id }
  - name: Add the contact
    request:
      endpoint: contact.add
      user: "{{ada}}"
      params: { contact_id: desk, display_name: Desk, capabilities: interactive }
  - name: Ada writes
    simulate: { action: send-message, user: "{{ada}}", contact: desk, params: { text: Open on Sunday? } }
  # the delivery that follows
  - name: It arrives
    expect-delivery:
      match: { kind: message, user: "{{ada}}" }
`;

describe('Check this', () => {
  it("lists what a run saw, secrets left out, and adds a delivery field's check the next run passes", async () => {
    const folder = fx.collection({ 'ada.yaml': SCENARIO });
    const first = await fx.run(folder);
    expect(stepStates(first).every((s) => s.endsWith('passed'))).toBe(true);
    const [token, , contact, , delivery] = first.scenarios[0]!.steps;

    // The token's answer: its other fields, never the token.
    const tokenPaths = token!.observed!.fields.map((f) => f.path);
    expect(token!.observed!.source).toBe('body');
    expect(tokenPaths).toContain('token_type');
    expect(tokenPaths).not.toContain('access_token');
    expect(contact!.observed!.fields).toContainEqual({ path: 'display_name', value: 'Desk' });

    expect(delivery!.observed!.source).toBe('data');
    const text = delivery!.observed!.fields.find((f) => f.value === 'Open on Sunday?');
    expect(text, 'the message text among the data fields').toBeDefined();

    const added = await fx.core.invoke('collections.addCheck', {
      folder,
      path: 'ada.yaml',
      index: 4,
      check: text!,
    });
    expect([added.stepName, added.kind]).toEqual(['It arrives', 'expect-delivery']);
    const written = readFileSync(join(folder, 'ada.yaml'), 'utf8');
    expect(written).toBe(`${SCENARIO}      data:\n        ${text!.path}: Open on Sunday?\n`);

    const second = await fx.run(folder);
    const checks = second.scenarios[0]!.steps[4]!.checks.map((c) => `${c.label}: ${c.passed}`);
    expect(checks).toContain(`data ${text!.path}: true`);
    expect(second.status).toBe('passed');
  });
});
