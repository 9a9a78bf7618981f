import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  addCheckToText,
  addStepToText,
  MAX_FORM_EDIT_BYTES,
} from '../../../../src-main/core/collections/step-edit';

// A scenario as a person writes it: comments, a blank line between steps, flow maps, quotes, a
// long value and a sequence not indented under its key.
const WRITTEN = `# Ada's checks: run before each release
name: Ada says hello
variables: { greeting: 'Hello there' } # kept short
steps:
- name: Ada
  connect-user: { name: Ada }
  capture: { ada: user_id }

# the call under test
- name: Ada's contact
  request:
    endpoint: contact.add
    as: app-for-user
    user: '{{ada}}'
    params: { contact_id: "bob-{{$randomInt}}", display_name: Bob, note: ${'x'.repeat(120)} }
  expect:
    status: 200 # created
- wait: 500ms
`;

const lines = (text: string) => text.split('\n');

describe('adding a step to a scenario’s YAML', () => {
  it('adds it last and leaves every other line as it was', () => {
    const { text, index } = addStepToText(WRITTEN, {
      name: 'Ada writes',
      simulate: {
        action: 'send-message',
        user: '{{ada}}',
        msg_type: 'text',
        params: { text: 'Hi' },
      },
    });
    expect(index).toBe(3);
    expect(lines(text).slice(0, lines(WRITTEN).length - 1)).toEqual(lines(WRITTEN).slice(0, -1));
    const added = lines(text).slice(lines(WRITTEN).length - 1);
    expect(added.join('\n')).toBe(
      [
        '- name: Ada writes',
        '  simulate:',
        '    action: send-message',
        '    user: "{{ada}}"',
        '    msg_type: text',
        '    params:',
        '      text: Hi',
        '',
      ].join('\n'),
    );
    expect((parse(text) as { steps: unknown[] }).steps[3]).toEqual({
      name: 'Ada writes',
      simulate: {
        action: 'send-message',
        user: '{{ada}}',
        msg_type: 'text',
        params: { text: 'Hi' },
      },
    });
  });

  it('adds a check-endpoint step with its keys in the format’s order', () => {
    const { text } = addStepToText(WRITTEN, {
      'check-endpoint': { burst: 20, only: ['accepts.', 'refuses.'], url: '{{handler_url}}' },
    });
    expect(
      lines(text)
        .slice(lines(WRITTEN).length - 1)
        .join('\n'),
    ).toBe(
      [
        '- check-endpoint:',
        '    url: "{{handler_url}}"',
        '    only:',
        '      - accepts.',
        '      - refuses.',
        '    burst: 20',
        '',
      ].join('\n'),
    );
    expect(() => addStepToText(WRITTEN, { 'check-endpoint': { burst: 20 } })).toThrow(
      /check-endpoint\.url/,
    );
  });

  it('adds it after the selected step, the comment before the next step staying with it', () => {
    const { text, index } = addStepToText(
      WRITTEN,
      { 'expect-delivery': { match: { kind: 'message', text: 'Hi' }, timeout: '5s' } },
      0,
    );
    expect(index).toBe(1);
    const steps = (parse(text) as { steps: Record<string, unknown>[] }).steps;
    expect(steps.map((s) => s.name ?? Object.keys(s)[0])).toEqual([
      'Ada',
      'expect-delivery',
      "Ada's contact",
      'wait',
    ]);
    // Only the added lines are new: removing them gives the file back.
    const added = lines(text).filter((l) => !lines(WRITTEN).includes(l));
    expect(added.length).toBeGreaterThan(0);
    expect(lines(text).filter((l) => !added.includes(l))).toEqual(lines(WRITTEN));
    expect(text).toContain("# the call under test\n- name: Ada's contact");
  });

  it('starts the list of an empty scenario as a block list', () => {
    const { text } = addStepToText('name: New\nsteps: []\n', { wait: '1s' });
    expect(text).toBe('name: New\nsteps:\n  - wait: 1s\n');
  });

  it('refuses a step the format does not take, saying which field', () => {
    expect(() => addStepToText(WRITTEN, { simulate: { action: 'fly' } })).toThrow(
      /simulate\.action/,
    );
    expect(() => addStepToText('steps: [', { wait: '1s' })).toThrow(/does not parse/);
    const large = `${WRITTEN}${'# padding\n'.repeat(MAX_FORM_EDIT_BYTES / 10)}`;
    expect(() => addStepToText(large, { wait: '1s' })).toThrow(/over 128 KiB/);
  });
});

describe('adding a check of today’s value', () => {
  it('adds expect.body to a request step, the rest of the file unchanged', () => {
    const { text, stepName, kind } = addCheckToText(WRITTEN, 1, {
      path: 'contact_id',
      value: 'bob-42',
    });
    expect([stepName, kind]).toEqual(["Ada's contact", 'request']);
    const added = lines(text).filter((l) => !lines(WRITTEN).includes(l));
    expect(added).toEqual(['    body:', '      contact_id: bob-42']);
    expect(lines(text).filter((l) => !added.includes(l))).toEqual(lines(WRITTEN));
  });

  it('adds data to an expect-delivery step, a null value as its type', () => {
    const start = addStepToText(WRITTEN, { 'expect-delivery': { match: { kind: 'message' } } });
    const { text, kind } = addCheckToText(start.text, 3, { path: 'message.reply_to', value: null });
    expect(kind).toBe('expect-delivery');
    expect((parse(text) as { steps: Record<string, unknown>[] }).steps[3]).toEqual({
      'expect-delivery': {
        match: { kind: 'message' },
        data: { 'message.reply_to': { type: 'null' } },
      },
    });
  });

  it('adds to a flow map on its line, and replaces a check already on that path', () => {
    const flowExpect = WRITTEN.replace(
      '  expect:\n    status: 200 # created',
      '  expect: { status: 200 } # created',
    );
    const once = addCheckToText(flowExpect, 1, { path: 'ok', value: true }).text;
    expect(lines(once)).toEqual(
      lines(flowExpect).map((l) =>
        l.includes('expect: {') ? '  expect: { status: 200, body: { ok: true } } # created' : l,
      ),
    );
    const twice = addCheckToText(once, 1, { path: 'ok', value: 'yes' }).text;
    expect(twice).toBe(once.replace('ok: true', 'ok: yes'));
  });

  it('refuses a step that has no answer to check, or that is gone', () => {
    expect(() => addCheckToText(WRITTEN, 0, { path: 'a', value: 1 })).toThrow(/neither a request/);
    expect(() => addCheckToText(WRITTEN, 9, { path: 'a', value: 1 })).toThrow(/no step 10/);
    expect(() => addCheckToText(WRITTEN, 1, { path: 'a', value: 1 }, 'Bob')).toThrow(
      /now "Ada's contact", not "Bob" as in the run/,
    );
    expect(addCheckToText(WRITTEN, 1, { path: 'a', value: 1 }, "Ada's contact").kind).toBe(
      'request',
    );
    expect(() => addCheckToText(WRITTEN, 1, { path: 'a', value: 'x {{y}}' })).toThrow(
      /reads as a variable/,
    );
  });
});
