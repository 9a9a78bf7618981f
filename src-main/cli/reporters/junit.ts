// The JUnit XML report, as CI systems read it (Jenkins, GitLab, GitHub test reporters): one
// <testsuite> per scenario, one <testcase> per step with the scenario's file as its classname, time
// in seconds, a <failure> with the words of what went wrong, <skipped/> for a step not run. A file
// that kept its scenario from running is one failed testcase carrying its problems.
import type { RunView, ScenarioRunView, StepView } from '../../../src-shared/contract';
import { scenarioRunPath, stepName } from './words';

// XML 1.0 cannot carry these characters at all, even escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Also escapes what an attribute would otherwise lose: quotes, and line breaks (normalized away). */
export function xmlAttribute(text: string): string {
  return xmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

const seconds = (ms: number | null) => ((ms ?? 0) / 1000).toFixed(3);

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`)
    .join('');
}

function failureText(step: StepView): { message: string; body: string } {
  const failed = step.checks.filter((c) => !c.passed);
  const checkLines = failed.map((c) => `${c.label}: expected ${c.expected}, got ${c.actual}`);
  const message = step.failure ?? checkLines[0] ?? 'the step failed';
  // A failure that is its checks says them again in one line: the body has the checks, one a line.
  return { message, body: checkLines.length > 0 ? checkLines.join('\n') : message };
}

function testcase(scenario: ScenarioRunView, step: StepView): string {
  // Each iteration of a data-driven run is a class of its own: CI lists its steps apart.
  const head = `    <testcase${attributes({ name: stepName(step), classname: scenarioRunPath(scenario), time: seconds(step.durationMs) })}`;
  if (step.state === 'failed') {
    const { message, body } = failureText(step);
    return `${head}>\n      <failure${attributes({ message, type: 'failed' })}>${xmlText(body)}</failure>\n    </testcase>`;
  }
  if (step.state === 'skipped') {
    const reason = step.failure ? attributes({ message: step.failure }) : '';
    return `${head}>\n      <skipped${reason}/>\n    </testcase>`;
  }
  if (step.state !== 'passed') {
    // Waiting or running when the run ended (stopped): not run, as CI counts it.
    return `${head}>\n      <skipped${attributes({ message: 'not run: the run was stopped' })}/>\n    </testcase>`;
  }
  // What a passed step still has to say, as its output beside the testcase in CI: a battery of
  // checks (check-endpoint) says each check's outcome (its warnings are what to watch), and a
  // snapshot written rather than compared says what it wrote.
  const notes = step.checks.flatMap((c) => (c.note === undefined ? [] : [c.note]));
  const outcomes =
    step.kind === 'check-endpoint' ? step.checks.map((c) => `${c.label}: ${c.actual}`) : [];
  const lines = [...outcomes, ...notes];
  if (lines.length > 0)
    return `${head}>\n      <system-out>${xmlText(lines.join('\n'))}</system-out>\n    </testcase>`;
  return `${head}/>`;
}

interface SuiteCounts {
  tests: number;
  failures: number;
  skipped: number;
}

function problemCase(scenario: ScenarioRunView): string {
  const lines = scenario.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  const message = `${scenario.path} cannot run: ${lines[0] ?? 'it has problems'}`;
  return `    <testcase${attributes({ name: 'the scenario file', classname: scenarioRunPath(scenario), time: '0.000' })}>\n      <failure${attributes({ message, type: 'problem' })}>${xmlText(lines.join('\n'))}</failure>\n    </testcase>`;
}

function suite(scenario: ScenarioRunView, timestamp: string): { xml: string; counts: SuiteCounts } {
  const cases = scenario.steps.map((step) => testcase(scenario, step));
  const counts: SuiteCounts = {
    tests: scenario.steps.length,
    failures: scenario.steps.filter((s) => s.state === 'failed').length,
    skipped: scenario.steps.filter((s) => s.state !== 'failed' && s.state !== 'passed').length,
  };
  if (scenario.problems.length > 0) {
    cases.unshift(problemCase(scenario));
    counts.tests += 1;
    counts.failures += 1;
  }
  const it = scenario.iteration;
  const head = `  <testsuite${attributes({
    name: it ? `${scenario.name} [${it.index}/${it.total}] ${it.label}` : scenario.name,
    tests: counts.tests,
    failures: counts.failures,
    errors: 0,
    skipped: counts.skipped,
    time: seconds(scenario.durationMs),
    timestamp,
    file: scenario.path,
  })}`;
  const xml = cases.length > 0 ? `${head}>\n${cases.join('\n')}\n  </testsuite>` : `${head}/>`;
  return { xml, counts };
}

export function junitReport(view: RunView): string {
  // JUnit's timestamp is ISO 8601 without a zone designator.
  const timestamp = view.startedAt.replace(/(\.\d+)?Z$/, '');
  const suites = view.scenarios.map((s) => suite(s, timestamp));
  const total = (key: keyof SuiteCounts) => suites.reduce((n, s) => n + s.counts[key], 0);
  const head = `<testsuites${attributes({
    name: view.name,
    tests: total('tests'),
    failures: total('failures'),
    errors: 0,
    skipped: total('skipped'),
    time: seconds(view.durationMs),
    timestamp,
  })}>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    head,
    ...suites.map((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
}
