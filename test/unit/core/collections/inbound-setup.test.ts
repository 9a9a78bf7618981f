// The `inbound` key of a scenario and of collection.yaml (format.ts, InboundSetup): what it reads,
// the problems it names with file and line, and the layer it lays over a profile's settings.
import { describe, expect, it } from 'vitest';
import {
  parseCollectionText,
  parseScenarioText,
} from '../../../../src-main/core/collections/parse-file';
import {
  inboundLayer,
  mergeSetups,
  offMachineTargets,
  setupWords,
} from '../../../../src-main/core/runner/run-inbound';

const scenario = (inbound: string[]) =>
  ['name: With a set-up', 'inbound:', ...inbound, 'steps:', '  - wait: 1ms'].join('\n');

describe('a scenario’s inbound set-up', () => {
  it('reads forward targets and response control, durations in words', () => {
    const parsed = parseScenarioText(
      'set-up.yaml',
      scenario([
        '  forward:',
        '    - url: http://127.0.0.1:4000/hook',
        '    - { url: "https://hooks.example.com/tp", unverified: true }',
        '  forward_timeout: 5s',
        '  response: { status: 503, body: busy, delay: 2s, failure_rate: 0.5, failure_status: 502 }',
      ]),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.value?.inbound).toEqual({
      forward: [
        { url: 'http://127.0.0.1:4000/hook' },
        { url: 'https://hooks.example.com/tp', unverified: true },
      ],
      forward_timeout: 5000,
      response: { status: 503, body: 'busy', delay: 2000, failure_rate: 0.5, failure_status: 502 },
    });
    expect(inboundLayer(parsed.value!.inbound!)).toEqual({
      forwards: {
        targets: ['http://127.0.0.1:4000/hook', 'https://hooks.example.com/tp'],
        forwardUnverified: ['https://hooks.example.com/tp'],
        timeoutMs: 5000,
      },
      response: {
        status: 503,
        body: 'busy',
        delayMs: 2000,
        failureRate: 0.5,
        failureStatus: 502,
      },
    });
  });

  it('names the file and line of each wrong value, with what is allowed', () => {
    const parsed = parseScenarioText(
      'bad.yaml',
      scenario([
        '  forward:',
        '    - url: ftp://files.example.com/drop',
        '    - { url: http://127.0.0.1:4000, verified: true }',
        '  response:',
        '    status: 99',
        '    delay: 10m',
        '    colour: red',
      ]),
    );
    expect(parsed.value).toBeNull();
    const lines = parsed.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^bad\.yaml:4: inbound\.forward\.0\.url: a forward target must be an http:\/\/ or https:\/\/ URL/,
        ),
        expect.stringMatching(/^bad\.yaml:5: inbound\.forward\.1: "verified" is not a key here/),
        expect.stringMatching(/^bad\.yaml:7: inbound\.response\.status: .*200/),
        expect.stringMatching(/^bad\.yaml:8: inbound\.response\.delay: a delay is at most 2m/),
        expect.stringMatching(
          /^bad\.yaml:9: inbound\.response: "colour" is not a key here; see docs\/collections\.md for the keys inbound\.response takes/,
        ),
      ]),
    );
    expect(lines).toHaveLength(5);
  });

  it('takes at most 10 forward targets', () => {
    const targets = Array.from({ length: 11 }, (_, i) => `    - url: http://127.0.0.1:${4000 + i}`);
    const parsed = parseScenarioText('many.yaml', scenario(['  forward:', ...targets]));
    expect(parsed.problems).toEqual([
      expect.objectContaining({ line: 4, message: 'inbound.forward: at most 10 forward targets' }),
    ]);
  });

  it('is a key of collection.yaml too', () => {
    const parsed = parseCollectionText(
      'collection.yaml',
      'name: Checks\ninbound:\n  response: { status: 500 }\n',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.value?.inbound).toEqual({ response: { status: 500 } });
  });
});

describe('set-ups together', () => {
  it('a scenario’s response fields win over the run’s, and its forward list replaces it', () => {
    const merged = mergeSetups(
      {
        forward: [{ url: 'http://127.0.0.1:1/a' }],
        forward_timeout: 1000,
        response: { status: 500, body: 'run' },
      },
      { forward: [], response: { delay: 300 } },
    );
    expect(merged).toEqual({
      forward: [],
      forward_timeout: 1000,
      response: { status: 500, body: 'run', delay: 300 },
    });
    expect(setupWords(merged!)).toBe(
      'forwards nowhere; gives a forward 1 s; answers with status 500, body "run", after 300 ms',
    );
  });

  it('asks about the targets whose URL does not name this machine', () => {
    expect(
      offMachineTargets({
        forward: [
          { url: 'http://127.0.0.1:4000/a' },
          { url: 'http://localhost:4000/b' },
          { url: 'http://[::1]:4000/c' },
          { url: 'https://hooks.example.com/d' },
          { url: 'http://192.168.1.1/e' },
          // A name that resolves to loopback today may not tomorrow: only the spelling counts.
          { url: 'http://localtest.me:4000/f' },
        ],
      }),
    ).toEqual([
      'https://hooks.example.com/d',
      'http://192.168.1.1/e',
      'http://localtest.me:4000/f',
    ]);
  });
});
