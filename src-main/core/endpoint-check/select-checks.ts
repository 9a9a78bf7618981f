// --only and --skip: check ids, or a family by its prefix ending in `.` (`refuses.`). An id that
// matches no check is refused with the nearest ones, rather than silently checking nothing.
import { CommandError } from '../../../src-shared/contract';
import { closestNames, orList } from '../../../src-shared/rules/closest-names';
import type { CheckDefinition } from './check-context';

const matches = (id: string, pattern: string) =>
  pattern.endsWith('.') ? id.startsWith(pattern) : id === pattern;

export function selectChecks(
  all: CheckDefinition[],
  only: string[] | undefined,
  skip: string[] | undefined,
): CheckDefinition[] {
  const ids = all.map((c) => c.id);
  for (const [option, patterns] of [
    ['only', only],
    ['skip', skip],
  ] as const) {
    for (const pattern of patterns ?? []) {
      if (ids.some((id) => matches(id, pattern))) continue;
      const near = closestNames(pattern, ids);
      throw new CommandError({
        code: 'invalid_input',
        message: `There is no check ${JSON.stringify(pattern)} (in ${option})${near.length ? `: did you mean ${orList(near)}?` : '.'} The checks are listed in docs/endpoint-check.md; a family is its prefix with the dot (refuses.).`,
      });
    }
  }
  return all.filter(
    (c) =>
      (!only || only.some((p) => matches(c.id, p))) && !(skip ?? []).some((p) => matches(c.id, p)),
  );
}
