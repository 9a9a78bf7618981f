// The endpoint check's report in the three --reporter forms: pretty (each check with its outcome,
// and for the others than a pass why and what to change), json (the report as the engine answers
// it) and junit (one testcase per check; a fail is a <failure>, not-configured is <skipped/>).
import type {
  EndpointCheckOutcome,
  EndpointCheckResult,
  EndpointCheckReport,
} from '../../../src-shared/contract';
import type { ReporterName } from '../args';
import { xmlAttribute, xmlText } from '../reporters/junit';
import { formatDuration } from '../reporters/words';

const MARKS: Record<EndpointCheckOutcome, string> = {
  pass: '✓',
  warn: '!',
  fail: '✗',
  'not-configured': '–',
};

/**
 * Checks whose pass carries figures (answer times, deliveries a second): their words are shown even
 * when they pass, since a CI log is read for them as much as for a verdict.
 */
const MEASURING = new Set(['deadline', 'burst']);
const showsWhenPassed = (c: EndpointCheckResult) => MEASURING.has(c.id);

export function tallyWords(checks: EndpointCheckResult[]): string {
  const count = (o: EndpointCheckOutcome) => checks.filter((c) => c.outcome === o).length;
  return `${count('pass')} passed, ${count('warn')} warned, ${count('fail')} failed, ${count('not-configured')} not configured`;
}

function prettyReport(report: EndpointCheckReport): string {
  const lines = [
    `Endpoint check of ${report.url} (${report.signatureMethod}, profile "${report.profileName}")`,
    '',
  ];
  for (const c of report.checks) {
    lines.push(`${MARKS[c.outcome]} ${c.id}  ${c.name}`);
    if (c.outcome === 'pass') {
      if (showsWhenPassed(c)) lines.push(`    ${c.reason}`);
      continue;
    }
    lines.push(`    ${c.reason}`);
    if (c.advice) lines.push(`    → ${c.advice}`);
    lines.push(`    (${c.rule})`);
  }
  lines.push(
    '',
    `${tallyWords(report.checks)}; answers p50 ${report.timing.p50Ms} ms, p99 ${report.timing.p99Ms} ms over ${report.timing.count} deliveries; ${formatDuration(report.durationMs)}.`,
  );
  return `${lines.join('\n')}\n`;
}

function junitReport(report: EndpointCheckReport): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const cases = report.checks.map((c) => {
    const open = `  <testcase classname="endpoint-check" name="${xmlAttribute(`${c.id}: ${c.name}`)}" time="${seconds(c.timing.p99Ms)}"`;
    const words = `${c.reason}${c.advice ? `\n${c.advice}` : ''}\n(${c.rule})`;
    switch (c.outcome) {
      case 'pass':
        if (!showsWhenPassed(c)) return `${open}/>`;
        return `${open}>\n    <system-out>${xmlText(c.reason)}</system-out>\n  </testcase>`;
      case 'warn':
        return `${open}>\n    <system-out>${xmlText(`warning: ${words}`)}</system-out>\n  </testcase>`;
      case 'not-configured':
        return `${open}>\n    <skipped message="${xmlAttribute(c.reason)}"/>\n  </testcase>`;
      case 'fail':
        return `${open}>\n    <failure message="${xmlAttribute(c.reason)}">${xmlText(words)}</failure>\n  </testcase>`;
    }
  });
  const failures = report.checks.filter((c) => c.outcome === 'fail').length;
  const skipped = report.checks.filter((c) => c.outcome === 'not-configured').length;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="endpoint check" tests="${report.checks.length}" failures="${failures}" time="${seconds(report.durationMs)}">
<testsuite name="${xmlAttribute(`endpoint check ${report.url}`)}" tests="${report.checks.length}" failures="${failures}" skipped="${skipped}" time="${seconds(report.durationMs)}">
${cases.join('\n')}
</testsuite>
</testsuites>
`;
}

export function renderCheckReport(reporter: ReporterName, report: EndpointCheckReport): string {
  switch (reporter) {
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`;
    case 'junit':
      return junitReport(report);
    case 'pretty':
      return prettyReport(report);
  }
}
