// A data-driven run: each scenario once per row of the data file, the row's columns as run values.
// The runs go row by row (every scenario with row 1, then with row 2…), as newman's iterations do,
// so scenarios that build on each other's effects see the same row. Each run of a scenario is a
// view of its own, named `text.yaml [3/20] msg_type=sticker` by the reporters.
import type { RunIteration, RunView, ScenarioRunView } from '../../../../src-shared/contract';
import { CommandError } from '../../../../src-shared/contract';
import type { LoadedCollection } from '../../collections';
import { readRunData, RunDataError, type RunData } from './data-file';
import { unknownNames, usedNames } from './unknown-columns';

/** What one view of the run runs: which scenario, with which row's values. */
export interface PlannedScenario {
  scenario: number;
  row: Record<string, string>;
}

/** The row of a run without a data file: the run's values alone (compared by identity). */
export const NO_ROW: Record<string, string> = Object.freeze({}) as Record<string, string>;

const LABEL_VALUE_MAX = 24;
const LABEL_MAX = 80;

/** `msg_type=sticker text=Hi`: the row's values in words, each and the whole shortened. */
export function iterationLabel(values: Record<string, string>): string {
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max - 1)}…` : text;
  // An empty value says nothing of the row: a matrix's rows differ by the columns they fill.
  const words = Object.entries(values)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${cut(value.replace(/\s+/g, ' '), LABEL_VALUE_MAX)}`);
  return cut(words.join(' '), LABEL_MAX);
}

/** `text.yaml [3/20] msg_type=sticker`: a scenario's file with its row, where a run names it. */
export function iterationPath(path: string, iteration: RunIteration | undefined): string {
  return iteration
    ? `${path} [${iteration.index}/${iteration.total}] ${iteration.label}`.trimEnd()
    : path;
}

export function planIterations(
  collection: LoadedCollection,
  data: RunData | null,
  newView: (index: number) => ScenarioRunView,
): { views: ScenarioRunView[]; plan: PlannedScenario[] } {
  if (!data) {
    const views = collection.scenarios.map((_, i) => newView(i));
    return { views, plan: views.map((_, scenario) => ({ scenario, row: NO_ROW })) };
  }
  const views: ScenarioRunView[] = [];
  const plan: PlannedScenario[] = [];
  data.rows.forEach((row, r) => {
    const iteration = { index: r + 1, total: data.rows.length, label: iterationLabel(row.values) };
    collection.scenarios.forEach((_, scenario) => {
      views.push({ ...newView(scenario), iteration });
      plan.push({ scenario, row: row.values });
    });
  });
  return { views, plan };
}

/**
 * The run's data file (the request's, else collection.yaml's `data`), read and checked against the
 * names the scenarios use; null for a run without one. Bad input is a CommandError (invalid_input)
 * whose message starts with the file's place: `rows.csv:3:7: …`.
 */
export async function loadIterationData(
  collection: LoadedCollection,
  requested: string | undefined,
  defined: Iterable<string>,
): Promise<RunData | null> {
  const file = requested ?? collection.data;
  if (file === undefined) return null;
  let data: RunData;
  try {
    data = await readRunData(collection.folder, file);
  } catch (err) {
    if (err instanceof RunDataError)
      throw new CommandError({ code: 'invalid_input', message: err.message });
    throw err;
  }
  const unknown = unknownNames(collection, [...defined, ...data.columns]);
  if (unknown.length > 0) {
    const lines = unknown.map(
      ({ name, path, step }) =>
        `${data.file}:1:1: there is no column ${name}, which ${path} (step ${step + 1}) uses as {{${name}}}, and nothing else defines it.`,
    );
    throw new CommandError({
      code: 'invalid_input',
      message: `${lines.join('\n')}\nThe file's columns are ${data.columns.join(', ')}: add the column${unknown.length === 1 ? '' : 's'} to ${data.file}, or correct the name in the scenario.`,
    });
  }
  return data;
}

/** What the run's view says of its data file (RunView.data). */
export function dataSummary(
  collection: LoadedCollection,
  data: RunData,
): NonNullable<RunView['data']> {
  const used = usedNames(collection);
  return {
    file: data.file,
    rows: data.rows.length,
    columns: data.columns,
    unused: data.columns.filter((c) => !used.has(c)),
  };
}

/** The warning of a data file's unused columns, in words; null when every column is used. */
export function unusedColumnsWarning(summary: RunView['data']): string | null {
  if (!summary || summary.unused.length === 0) return null;
  const [one] = summary.unused;
  return summary.unused.length === 1
    ? `${summary.file}: no scenario of the run uses the column ${one} ({{${one}}} appears in no step): check its name, or remove it.`
    : `${summary.file}: no scenario of the run uses the columns ${summary.unused.join(', ')} (no step names them): check their names, or remove them.`;
}
