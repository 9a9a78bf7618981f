// What is checked before a run starts anything: the path, and every file of the collection it
// selects. A file that does not parse is bad input (exit 2), each problem as `file:line: message`
// (the form editors and CI logs link), before any sandbox or platform is reached.
import { join, relative } from 'node:path';
import { isLoopbackHost, loadCollection, offMachineTargets } from '../core/index';
import type { FileProblem } from '../../src-shared/contract';
import { UsageError } from './args';
import { findCollection, type CollectionTarget } from './collection-folder';

/** `file:line: message`, the file as seen from where the command was run. */
export function problemLine(folder: string, problem: FileProblem, cwd: string): string {
  const file = relative(cwd, join(folder, problem.file)) || problem.file;
  return `${file}:${problem.line}: ${problem.message}`;
}

function problemsError(folder: string, problems: FileProblem[], cwd: string): UsageError {
  const files = new Set(problems.map((p) => p.file)).size;
  return new UsageError(
    [
      ...problems.map((p) => problemLine(folder, p, cwd)),
      `${files === 1 ? 'A file has' : `${files} files have`} problems (above): fix ${files === 1 ? 'it' : 'them'} and run again; docs/collections.md describes the format.`,
    ].join('\n'),
  );
}

/**
 * The forward targets off this machine that the collection declares (`inbound.forward`), as
 * `file: url`: each sends the run's deliveries away, which the command line does only with --yes.
 */
function forwardsAway(loaded: Awaited<ReturnType<typeof loadCollection>>): string[] {
  return [
    ...offMachineTargets(loaded.inbound).map((url) => `collection.yaml: ${url}`),
    ...loaded.scenarios.flatMap((s) =>
      offMachineTargets(s.scenario?.inbound).map((url) => `${s.path}: ${url}`),
    ),
  ];
}

/**
 * The check-endpoint steps whose URL, written out, is not this machine, as `file: url`: each sends
 * that server forgeries and a burst, which the command line does only with --yes. A URL from a
 * variable is asked about when the step runs (the answer is --yes too).
 */
function checksAway(loaded: Awaited<ReturnType<typeof loadCollection>>): string[] {
  return loaded.scenarios.flatMap((s) =>
    (s.scenario?.steps ?? []).flatMap((step) => {
      if (!('check-endpoint' in step)) return [];
      const { url } = step['check-endpoint'];
      const away =
        !url.includes('{{') && URL.canParse(url) && !isLoopbackHost(new URL(url).hostname);
      return away ? [`${s.path}: ${url}`] : [];
    }),
  );
}

export async function preflight(
  target: string,
  cwd: string,
  options: { yes: boolean } = { yes: false },
): Promise<CollectionTarget> {
  const found = await findCollection(target, cwd);
  const loaded = await loadCollection(found.folder, found.paths);
  const problems = [...loaded.problems, ...loaded.scenarios.flatMap((s) => s.problems)];
  if (problems.length > 0) throw problemsError(found.folder, problems, cwd);
  if (loaded.scenarios.length === 0) {
    throw new UsageError(
      `${target} holds no scenario file: a scenario is a .yaml file with steps (docs/collections.md); give a file or a folder holding some.`,
    );
  }
  const away = options.yes ? [] : forwardsAway(loaded);
  if (away.length > 0) {
    throw new UsageError(
      [
        ...away,
        `The collection forwards the run's deliveries (its users' messages) off this machine, to the URL${away.length === 1 ? '' : 's'} above (inbound.forward). Add --yes if you trust ${away.length === 1 ? 'it' : 'them'}, or forward to a server on this machine (127.0.0.1, localhost).`,
      ].join('\n'),
    );
  }
  const checked = options.yes ? [] : checksAway(loaded);
  if (checked.length > 0) {
    throw new UsageError(
      [
        ...checked,
        `The collection checks ${checked.length === 1 ? 'a handler' : 'handlers'} off this machine (check-endpoint, above): the check sends ${checked.length === 1 ? 'it' : 'each'} forgeries and a burst of deliveries. Add --yes if ${checked.length === 1 ? 'that server is' : 'those servers are'} yours to test, or check a handler on this machine (127.0.0.1, localhost).`,
      ].join('\n'),
    );
  }
  return found;
}
