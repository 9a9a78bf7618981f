// A collection file that names a built-in secret outside its places (src-shared/collections/
// secret-places.ts) is refused when it is read, with its file, line and place, like a catalog
// problem: the Collections tab lists it and `tp run` exits 2 before anything is sent.
import type { CollectionFile, Scenario, Variables } from '../../../src-shared/collections/format';
import {
  misplacedSecretsOfStep,
  misplacedSecretWords,
  secretsAnywhere,
  type ValuePath,
} from '../../../src-shared/collections/secret-places';
import type { FileProblem } from '../../../src-shared/contract';
import { lineOf, parseCollectionText, type Parsed, type ParsedYaml } from './parse-file';

function problem(file: string, yaml: ParsedYaml, path: ValuePath, name: string): FileProblem {
  return { file, line: lineOf(yaml, path), message: misplacedSecretWords(path.join('.'), name) };
}

/** The `variables` of a scenario or of collection.yaml that name a built-in secret. */
function checkVariableSecrets(
  file: string,
  variables: Variables | undefined,
  yaml: ParsedYaml,
): FileProblem[] {
  return secretsAnywhere(variables ?? {}).map(({ path, name }) =>
    problem(file, yaml, ['variables', ...path], name),
  );
}

/** Each built-in secret the scenario names out of its place, with its line. */
export function checkSecretPlaces(
  file: string,
  scenario: Scenario,
  yaml: ParsedYaml,
): FileProblem[] {
  const problems = checkVariableSecrets(file, scenario.variables, yaml);
  scenario.steps.forEach((step, index) => {
    for (const { path, name } of misplacedSecretsOfStep(step))
      problems.push(problem(file, yaml, ['steps', index, ...path], name));
  });
  return problems;
}

/** collection.yaml parsed, its variables checked for built-in secrets. */
export function withVariableSecrets(file: string, parsed: Parsed<CollectionFile>) {
  if (parsed.value && parsed.yaml)
    parsed.problems.push(...checkVariableSecrets(file, parsed.value.variables, parsed.yaml));
  return parsed;
}

/** collection.yaml read, its variables checked for built-in secrets. */
export const parseCollectionChecked = (file: string, text: string) =>
  withVariableSecrets(file, parseCollectionText(file, text));
