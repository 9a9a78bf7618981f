import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../../../src-main/core/collections/parse-file';
import { scenarioToYaml } from '../../../../src-main/core/collections/scenario-yaml';

describe('parseScenarioText', () => {
  it('reads a scenario with durations, defaults and numbers as text', () => {
    const parsed = parseScenarioText(
      'send.yaml',
      [
        'name: Send',
        'steps:',
        '  - request:',
        '      endpoint: message.send',
        '      params: { contact_id: 42, msg_type: text }',
        '    expect: { status: 200 }',
        '  - wait: 2s',
      ].join('\n'),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.value?.steps[0]).toMatchObject({
      request: { endpoint: 'message.send', params: { contact_id: '42', msg_type: 'text' } },
      expect: { status: { equals: 200 } },
    });
    expect(parsed.value?.steps[1]).toEqual({ wait: 2000 });
  });

  it('names the line of a wrong value inside a step, and of an unknown key', () => {
    const parsed = parseScenarioText(
      'bad.yaml',
      [
        'name: x',
        'steps:',
        '  - request:',
        '      endpoint: message.send',
        '      bogus: 2',
        '  - wait: 2x',
      ].join('\n'),
    );
    expect(parsed.value).toBeNull();
    expect(parsed.problems).toEqual([
      expect.objectContaining({
        file: 'bad.yaml',
        line: 5,
        message: expect.stringContaining('"bogus"'),
      }),
      expect.objectContaining({
        file: 'bad.yaml',
        line: 6,
        message: expect.stringMatching(/duration/),
      }),
    ]);
  });

  it('reads advance-clock as seconds, and names the line of one it cannot read or that goes back', () => {
    const good = parseScenarioText(
      'clock.yaml',
      'steps:\n  - advance-clock: 1h\n  - advance-clock: 1d\n  - advance-clock: 90\n',
    );
    expect(good.problems).toEqual([]);
    expect(good.value?.steps).toEqual([
      { 'advance-clock': 3600 },
      { 'advance-clock': 86_400 },
      { 'advance-clock': 90 },
    ]);
    const bad = parseScenarioText(
      'clock.yaml',
      'steps:\n  - advance-clock: soon\n  - advance-clock: -5\n',
    );
    expect(bad.value).toBeNull();
    expect(bad.problems).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringMatching(/10m, 1h or 1d/) }),
      expect.objectContaining({ line: 3, message: expect.stringMatching(/only moves forward/) }),
    ]);
  });

  it('says which step kinds exist when a step has none or two', () => {
    const parsed = parseScenarioText(
      'two.yaml',
      'steps:\n  - name: hi\n  - wait: 1s\n    request: { endpoint: a }\n',
    );
    expect(parsed.problems.map((p) => p.line)).toEqual([2, 3]);
    expect(parsed.problems[0]?.message).toMatch(/exactly one of request, expect-delivery/);
  });

  it('reports YAML that does not parse with its line', () => {
    const parsed = parseScenarioText('broken.yaml', 'name: x\nsteps: [\n');
    expect(parsed.value).toBeNull();
    expect(parsed.problems[0]).toMatchObject({
      file: 'broken.yaml',
      message: expect.stringMatching(/not valid YAML/),
    });
    expect(parsed.problems[0]?.line).toBeGreaterThan(0);
  });
});

describe('scenarioToYaml', () => {
  it('writes keys in the format order whatever order they came in, and reads back the same', () => {
    const text = scenarioToYaml({
      steps: [
        {
          capture: { id: 'body.message_id' },
          expect: { status: 200 },
          request: { params: { text: 'Hi {{name}}', msg_type: 'text' }, endpoint: 'message.send' },
          name: 'Send',
        },
      ],
      name: 'Greeting',
    });
    expect(
      text
        .split('\n')
        .filter((l) => /^\s*-?\s*\w+:/.test(l))
        .map((l) => l.trim()),
    ).toEqual([
      'name: Greeting',
      'steps:',
      '- name: Send',
      'request:',
      'endpoint: message.send',
      'params:',
      'text: Hi {{name}}',
      'msg_type: text',
      'expect:',
      'status: 200',
      'capture:',
      'id: body.message_id',
    ]);
    expect(parseScenarioText('g.yaml', text).value?.steps[0]).toMatchObject({
      request: { endpoint: 'message.send', params: { text: 'Hi {{name}}' } },
    });
  });
});
