import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { jsonReportOf } from '../../../src-main/cli/reporters/json';
import { junitReport, xmlAttribute } from '../../../src-main/cli/reporters/junit';
import { prettyReport } from '../../../src-main/cli/reporters/pretty';
import type { RunView } from '../../../src-shared/contract';
import { RECORDS, RUN_FIXTURE } from './run-fixture';

function parseXml(xml: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(xml, 'text/xml');
  return { doc, errors };
}

const children = (el: XmlElement, name: string): XmlElement[] =>
  Array.from(el.childNodes).filter(
    (n): n is XmlElement => n.nodeType === 1 && (n as XmlElement).tagName === name,
  );

/** The attributes CI systems read, as numbers. */
const counts = (el: XmlElement) =>
  Object.fromEntries(
    ['tests', 'failures', 'errors', 'skipped'].map((a) => [a, Number(el.getAttribute(a))]),
  );

describe('the JUnit report', () => {
  const xml = junitReport(RUN_FIXTURE);
  const { doc, errors } = parseXml(xml);
  const root = doc.documentElement as unknown as XmlElement;
  const suites = children(root, 'testsuite');

  it('is well-formed XML, with the run name escaped', () => {
    expect(errors).toEqual([]);
    expect(root.tagName).toBe('testsuites');
    expect(root.getAttribute('name')).toBe('Demo <checks> & "more"');
  });

  it('has a testsuite per scenario and a testcase per step, classname the scenario file', () => {
    expect(suites.map((s) => s.getAttribute('name'))).toEqual([
      'App token',
      'Send a text',
      'broken',
    ]);
    const sends = children(suites[1] as XmlElement, 'testcase');
    expect(sends.map((c) => c.getAttribute('name'))).toEqual([
      'send <hello> & wave',
      'the delivery arrives',
      'clean up',
    ]);
    expect(sends.map((c) => c.getAttribute('classname'))).toEqual(Array(3).fill('sends/text.yaml'));
    // A step without a name is named by its place and kind.
    expect(children(suites[0] as XmlElement, 'testcase')[1]?.getAttribute('name')).toBe(
      'step 2 (wait)',
    );
  });

  it('gives time in seconds, a failure with the words, and <skipped/> for a skipped step', () => {
    const [failed, skipped, cleanUp] = children(suites[1] as XmlElement, 'testcase');
    expect(failed?.getAttribute('time')).toBe('0.038');
    const failure = children(failed as XmlElement, 'failure')[0];
    expect(failure?.getAttribute('message')).toBe('Two checks failed.');
    expect(failure?.textContent).toContain('status: expected 200, got 400');
    expect(failure?.textContent).toContain('body message_id: expected exists, got missing');
    expect(failure?.textContent).not.toContain('content-type');
    expect(children(skipped as XmlElement, 'skipped')).toHaveLength(1);
    expect(cleanUp?.childNodes.length ?? 0).toBe(0);
    expect(suites[1]?.getAttribute('time')).toBe('1.720');
  });

  it('counts tests, failures and skipped per suite and in total, and a broken file as a failure', () => {
    expect(suites.map(counts)).toEqual([
      { tests: 2, failures: 0, errors: 0, skipped: 0 },
      { tests: 3, failures: 1, errors: 0, skipped: 1 },
      { tests: 1, failures: 1, errors: 0, skipped: 0 },
    ]);
    expect(counts(root)).toEqual({ tests: 6, failures: 2, errors: 0, skipped: 1 });
    expect(root.getAttribute('time')).toBe('1.834');
    const broken = children(
      children(suites[2] as XmlElement, 'testcase')[0] as XmlElement,
      'failure',
    );
    expect(broken[0]?.textContent).toBe('broken.yaml:4: steps.0.wait: a duration is like 500ms');
  });

  it("lists a passed check-endpoint step's checks, each with its outcome, in <system-out>", () => {
    const scenario = RUN_FIXTURE.scenarios[0]!;
    const step = {
      ...scenario.steps[0]!,
      kind: 'check-endpoint',
      state: 'passed' as const,
      checks: [
        { label: 'accepts.text', passed: true, expected: 'pass', actual: 'pass: answered 200' },
        {
          label: 'redelivery',
          passed: true,
          expected: 'pass',
          actual: 'warn: act on an id <once>',
        },
      ],
    };
    const { doc, errors } = parseXml(
      junitReport({ ...RUN_FIXTURE, scenarios: [{ ...scenario, steps: [step] }] }),
    );
    expect(errors).toEqual([]);
    const out = doc.getElementsByTagName('system-out');
    expect(out).toHaveLength(1);
    expect(out[0]!.textContent).toBe(
      'accepts.text: pass: answered 200\nredelivery: warn: act on an id <once>',
    );
  });

  it('escapes what XML cannot carry in an attribute', () => {
    expect(xmlAttribute('a<b>&"c\'\nd\u0001')).toBe('a&lt;b&gt;&amp;&quot;c&apos;&#10;d\uFFFD');
  });
});

describe('the pretty report', () => {
  const text = prettyReport(RUN_FIXTURE);

  it('lists each scenario with its outcome and time', () => {
    expect(text).toContain('✓ App token (auth/app-token.yaml)  64 ms');
    expect(text).toContain('✗ Send a text (sends/text.yaml)  1.72 s');
    expect(text).toContain('✗ broken (broken.yaml)');
  });

  it("shows a failed step's failed checks with expected and actual, and what was skipped", () => {
    expect(text).toContain('    ✗ send <hello> & wave  38 ms');
    expect(text).toContain('        status: expected 200, got 400');
    expect(text).toContain('        body message_id: expected exists, got missing');
    expect(text).not.toContain('header content-type');
    // The failure's words are its checks again: said once.
    expect(text).not.toContain('Two checks failed.');
    expect(text).toContain('– skipped: the delivery arrives');
    expect(text).toContain('    broken.yaml:4: steps.0.wait: a duration is like 500ms');
  });

  it('ends with the totals and the time', () => {
    expect(text).toContain('Run "Demo <checks> & "more"" against the embedded sandbox failed.');
    expect(text).toContain('Scenarios: 1 passed, 2 failed (of 3)');
    expect(text).toContain('Steps:     3 passed, 1 failed, 1 skipped (of 5)');
    expect(text).toContain('Time:      1.83 s');
  });
});

describe('the JSON report', () => {
  it('is the run with, beside each step, the journal records it produced', async () => {
    const asked: number[] = [];
    const report = await jsonReportOf(RUN_FIXTURE, (seq) => {
      asked.push(seq);
      return Promise.resolve(RECORDS[seq] ?? null);
    });
    expect(asked.sort()).toEqual([11, 12, 13]);
    expect(report.counts).toEqual(RUN_FIXTURE.counts);
    const [token] = report.scenarios[0]?.steps ?? [];
    expect(token?.journal).toEqual([RECORDS[11]]);
    expect(token?.captures).toEqual({ token: '‹redacted›' });
    // A record the journal no longer has is left out, not null.
    expect(report.scenarios[1]?.steps[2]?.journal).toEqual([]);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});

describe('a data-driven run in the reports', () => {
  const view: RunView = {
    ...structuredClone(RUN_FIXTURE),
    scenarios: [1, 2].map((index) => ({
      ...structuredClone(RUN_FIXTURE.scenarios[1]!),
      iteration: { index, total: 20, label: index === 1 ? 'msg_type=text' : 'msg_type=sticker' },
    })),
  };

  it('names each iteration in JUnit: a testsuite and a class of its own', () => {
    const { doc, errors } = parseXml(junitReport(view));
    expect(errors).toEqual([]);
    const suites = Array.from(doc.getElementsByTagName('testsuite'));
    expect(suites.map((s) => s.getAttribute('name'))).toEqual([
      'Send a text [1/20] msg_type=text',
      'Send a text [2/20] msg_type=sticker',
    ]);
    const classes = suites.map((s) => children(s, 'testcase')[0]!.getAttribute('classname'));
    expect(classes).toEqual([
      'sends/text.yaml [1/20] msg_type=text',
      'sends/text.yaml [2/20] msg_type=sticker',
    ]);
  });

  it('names each iteration in the pretty report', () => {
    const text = prettyReport(view);
    expect(text).toContain('✗ Send a text (sends/text.yaml [1/20] msg_type=text)');
    expect(text).toContain('✗ Send a text (sends/text.yaml [2/20] msg_type=sticker)');
  });
});
