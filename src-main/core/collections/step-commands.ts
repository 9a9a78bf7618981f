// collections.addStep and collections.addCheck: the forms' edits of a scenario (step-edit.ts), with
// the check every write of a collection file has: no secret in clear.
import { CommandError, type collectionsCommands } from '../../../src-shared/contract';
import type { Services } from '../services';
import type { z } from 'zod';
import type { CollectionStore } from './collection-store';
import { addCheckToText, addStepToText } from './step-edit';

type Input<K extends keyof typeof collectionsCommands> = z.output<
  (typeof collectionsCommands)[K]['input']
>;

function refuseSecrets(services: Pick<Services, 'redactor'>, text: string, what: string): void {
  if (services.redactor.holdsSecret(text))
    throw new CommandError({
      code: 'invalid_input',
      message: `${what} would hold a secret in clear, so it was not added. Name the secret with a variable ({{client_secret}}, {{app_token}}) instead.`,
    });
}

export function addStep(services: Pick<Services, 'redactor'>, input: Input<'collections.addStep'>) {
  const added = addStepToText(input.text, input.step, input.after);
  refuseSecrets(services, JSON.stringify(input.step), 'The step');
  return added;
}

export async function addCheck(
  services: Pick<Services, 'redactor'>,
  store: CollectionStore,
  input: Input<'collections.addCheck'>,
) {
  refuseSecrets(services, JSON.stringify(input.check.value), 'The check');
  const folder = store.root(input.folder);
  const current = await store.read(folder, input.path);
  const added = addCheckToText(current.text, input.index, input.check, input.stepName);
  // Over the version just read: a change on disk in between is refused (code conflict), not lost.
  const file = await store.write(folder, {
    path: input.path,
    text: added.text,
    baseVersion: current.version,
    overwrite: false,
  });
  return { file, stepName: added.stepName, kind: added.kind };
}
