// The collection a run asks for, read and checked before the run starts: a folder that cannot be
// read, nothing to run, a step that is not there, or a forward target that is the receiver itself
// is refused with what to do, and no session is opened for it.
import { errorText } from '../../../src-shared/contract/errors';
import { z } from 'zod';
import { CommandError, RunRequest } from '../../../src-shared/contract';
import { loadCollection, type LoadedCollection } from '../collections';
import { receiverTargets, type InboundAccess } from './run-inbound';

export async function loadRunCollection(
  request: z.output<typeof RunRequest>,
  whyReceiver: InboundAccess['whyReceiver'],
): Promise<LoadedCollection> {
  const paths = request.only ? [request.only.path] : request.paths;
  const collection = await loadCollection(request.folder, paths).catch((err: unknown) => {
    throw new CommandError({
      code: 'invalid_input',
      message: `The collection folder ${request.folder} could not be read (${errorText(err)}). Open a folder that exists.`,
    });
  });
  if (collection.scenarios.length === 0)
    throw new CommandError({
      code: 'invalid_input',
      message: `There is no scenario to run in ${request.folder}${paths ? ` under ${paths.join(', ')}` : ''}: a scenario is a .yaml file with steps.`,
    });
  if (request.only) {
    const steps = collection.scenarios[0]?.scenario?.steps.length ?? 0;
    if (request.only.index >= steps)
      throw new CommandError({
        code: 'invalid_input',
        message: `${request.only.path} has ${steps} step(s); there is no step ${request.only.index + 1}.`,
      });
  }
  // Checked here, not only at each forward: a run that would loop does not start at all.
  const loops = await receiverTargets(collection, whyReceiver);
  if (loops.length > 0)
    throw new CommandError({ code: 'invalid_input', message: loops.join('\n') });
  return collection;
}
