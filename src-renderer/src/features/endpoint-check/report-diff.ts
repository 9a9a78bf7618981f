// What changed between two runs of the endpoint check against the same URL (a re-run after a fix):
// per check, fixed (it failed and does not now), now failing (the other way), or unchanged; and one
// line that says it all. Warn and not-configured are not failures: a check that went from fail to
// warn is fixed, and says its warning itself.
import type { EndpointCheckReport } from '../../../../src-shared/contract';

export type CheckChange = 'fixed' | 'now-failing' | 'unchanged' | 'not-run-before';

interface ReportDiff {
  /** By check id, for each check of the newer report. */
  changes: Record<string, CheckChange>;
  fixed: number;
  nowFailing: number;
  unchanged: number;
  /** "Since the run at 14:02:11: 4 fixed, 1 now failing, 33 unchanged." */
  summary: string;
}

export const CHANGE_WORDS: Record<CheckChange, string> = {
  fixed: 'fixed',
  'now-failing': 'now failing',
  unchanged: 'unchanged',
  'not-run-before': 'not run before',
};

export function diffReports(
  previous: EndpointCheckReport,
  current: EndpointCheckReport,
  timeOf: (iso: string) => string = (iso) => new Date(iso).toLocaleTimeString(),
): ReportDiff {
  const before = new Map(previous.checks.map((c) => [c.id, c.outcome]));
  const changes: Record<string, CheckChange> = {};
  const counts = { fixed: 0, 'now-failing': 0, unchanged: 0, 'not-run-before': 0 };
  for (const check of current.checks) {
    const was = before.get(check.id);
    const change: CheckChange =
      was === undefined
        ? 'not-run-before'
        : was === 'fail' && check.outcome !== 'fail'
          ? 'fixed'
          : was !== 'fail' && check.outcome === 'fail'
            ? 'now-failing'
            : 'unchanged';
    changes[check.id] = change;
    counts[change] += 1;
  }
  const parts = [
    `${counts.fixed} fixed`,
    `${counts['now-failing']} now failing`,
    `${counts.unchanged} unchanged`,
    ...(counts['not-run-before'] ? [`${counts['not-run-before']} not run before`] : []),
  ];
  return {
    changes,
    fixed: counts.fixed,
    nowFailing: counts['now-failing'],
    unchanged: counts.unchanged,
    summary: `Since the run at ${timeOf(previous.startedAt)}: ${parts.join(', ')}.`,
  };
}

/** The check families (the id's part before the dot: `refuses`, `raw-bytes`, `burst`...), in order. */
export function familiesOf(ids: readonly string[]): { family: string; ids: string[] }[] {
  const families = new Map<string, string[]>();
  for (const id of ids) {
    const family = id.split('.')[0]!;
    families.set(family, [...(families.get(family) ?? []), id]);
  }
  return [...families].map(([family, members]) => ({ family, ids: members }));
}

/** The form body of a delivery as it was sent, from its journaled parameters (in their order). */
export function formBodyOf(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}
