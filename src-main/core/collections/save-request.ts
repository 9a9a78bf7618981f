// "Save to collection": a composer request, or a journaled `api` call (History, the Event log),
// written as a scenario of one `request` step, or appended as a step to a scenario. A file never
// holds a secret: the token is named by `as` and `user`, and a secret parameter by a variable
// (`{{client_secret}}`); the redactor checks the text before it is written. Nor does it hold what
// only this machine knows: the connected user becomes a variable (portable-step.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { YAMLSeq } from 'yaml';
import { yaml } from '../common/lazy-packages';
import type { z } from 'zod';
import type { ScenarioInput } from '../../../src-shared/collections/format';
import {
  CommandError,
  type ApiRecord,
  type ComposerRequest,
  type collectionsCommands,
} from '../../../src-shared/contract';
import { ENDPOINTS, type EndpointSpec } from '../../../src-shared/spec/endpoints';
import { apiRecordOf, composerRequestOfRecord, type RecordRequestDeps } from '../composer';
import { SECRET_PARAM_NAMES, type Redactor } from '../log';
import type { Services } from '../services';
import { FILES_DIR, resolveInside } from './collection-paths';
import { profileVariables, setProfileVariables } from './collection-settings';
import { portableStep, type PortableStep } from './portable-step';
import type { CollectionStore } from './collection-store';
import { scenarioToYaml } from './scenario-yaml';
import { fileSlug, firstFree } from './unique-names';

type Request = z.output<typeof ComposerRequest>;
type SaveInput = z.output<(typeof collectionsCommands)['collections.saveRequest']['input']>;
type StepObject = Record<string, unknown>;

function endpointOf(request: Request, from: string): EndpointSpec {
  const endpoint = (ENDPOINTS as readonly EndpointSpec[]).find((e) => e.id === request.endpointId);
  if (!endpoint)
    throw new CommandError({
      code: 'invalid_input',
      message: `${from} is not to an endpoint of the catalog, and a collection step names one: open it in the composer, pick the endpoint, then save it.`,
    });
  return endpoint;
}

function isSecretParam(endpoint: EndpointSpec, name: string, value: string, redactor: Redactor) {
  return (
    SECRET_PARAM_NAMES.has(name) ||
    endpoint.params.some((p) => p.name === name && p.secret) ||
    redactor.holdsSecret(JSON.stringify(value))
  );
}

/** The step's `request:` (and a file's bytes to write beside the scenario). */
function requestOf(
  request: Request,
  endpoint: EndpointSpec,
  secretNames: string[],
  services: Pick<Services, 'redactor' | 'stagedFiles'>,
) {
  const { redactor } = services;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.params)) {
    if (value === '' && !request.keepEmpty.includes(name)) continue;
    params[name] = isSecretParam(endpoint, name, value, redactor) ? `{{${name}}}` : value;
  }
  for (const name of secretNames) params[name] = `{{${name}}}`;
  const actAs = request.actAs;
  const step: StepObject = {
    endpoint: endpoint.id,
    path: request.path && request.path !== endpoint.paths[0] ? request.path : undefined,
    as:
      actAs.kind === 'user'
        ? 'user'
        : actAs.kind === 'appForUser'
          ? 'app-for-user'
          : endpoint.auth === 'user'
            ? 'app'
            : undefined,
    user: actAs.kind === 'app' ? undefined : actAs.userId,
    params,
    keep_empty:
      request.keepEmpty.filter((n) => n in params).length > 0
        ? request.keepEmpty.filter((n) => n in params)
        : undefined,
    vcard: request.vcard,
  };
  const file = request.file;
  if (!file) return { step, bytes: null };
  if (file.sample) {
    step.file = { sample: file.sample, ...(file.name !== file.sample ? { name: file.name } : {}) };
    return { step, bytes: null };
  }
  if (file.base64 !== undefined) {
    return {
      step,
      bytes: { name: file.name, data: Buffer.from(file.base64, 'base64'), type: file.mimeType },
    };
  }
  if (file.staged !== undefined) {
    // Dropped when too many large files were picked since: get() says to pick it again.
    const data = services.stagedFiles.get(file.staged).bytes;
    return { step, bytes: { name: file.name, data, type: file.mimeType } };
  }
  throw new CommandError({
    code: 'invalid_input',
    message: `The request names no bytes for the file ${file.name}: pick the file again, or a sample, then save it.`,
  });
}

function defaultName(request: Request): string {
  const msgType = request.params.msg_type;
  return msgType ? `${request.endpointId} ${msgType}` : request.endpointId;
}

async function sourceRequest(services: RecordRequestDeps, input: SaveInput) {
  if ('composer' in input.source) {
    return {
      request: input.source.composer as Request,
      record: null as ApiRecord | null,
      notes: [] as string[],
    };
  }
  const record = apiRecordOf(services, input.source.seq);
  const { request, notes } = await composerRequestOfRecord(services, record);
  return { request: request as Request, record, notes };
}

/** What saving a request reads: the record's tokens, the profile, its variables, the staged files. */
export type SaveRequestDeps = RecordRequestDeps &
  Pick<Services, 'host' | 'redactor' | 'stagedFiles'>;

export async function saveRequest(
  services: SaveRequestDeps,
  store: CollectionStore,
  input: SaveInput,
): Promise<{
  path: string;
  view: Awaited<ReturnType<CollectionStore['view']>>;
  notes: string[];
}> {
  const { request, record, notes } = await sourceRequest(services, input);
  const from = record
    ? `The call #${record.seq} (${new URL(record.api.url).pathname})`
    : 'This request';
  const endpoint = endpointOf(request, from);
  // The journal keeps a secret parameter's name with its value redacted: it comes back as a variable.
  const secretNames = record
    ? Object.keys(record.api.requestParams).filter((name) =>
        isSecretParam(endpoint, name, '', services.redactor),
      )
    : [];
  const built = requestOf(request, endpoint, secretNames, services);
  const folder = store.root(input.folder);
  const name = input.name ?? defaultName(request);
  const path =
    input.path ?? (input.append ? undefined : await firstFree(folder, fileSlug(name), '.yaml'));
  if (!path)
    throw new CommandError({
      code: 'invalid_input',
      message: 'To add the request as a step, name the scenario it goes into.',
    });
  if (built.bytes) {
    const dir = dirname(path) === '.' ? FILES_DIR : `${dirname(path)}/${FILES_DIR}`;
    const stored = await firstFree(folder, `${dir}/${fileSlug(built.bytes.name)}`, '');
    const full = await resolveInside(folder, stored);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, built.bytes.data);
    built.step.file = {
      path: `${FILES_DIR}/${basename(stored)}`,
      ...(built.bytes.type ? { type: built.bytes.type } : {}),
    };
  }
  const profile = services.profiles.require(record?.profileId ?? request.profileId);
  const portable = portableStep({
    request: built.step,
    user: actingUser(services, profile.id, request),
    profile,
    captured: input.append ? await capturedNames(store, folder, path) : new Set(),
    profileVariables: profileVariables(services.host.settings, profile.id),
  });
  // The dialog's "Step name" names the step, also when it is added to an existing scenario.
  const step: StepObject = {
    ...(input.name ? { name: input.name } : {}),
    request: portable.request,
  };
  if (record?.api.status) step.expect = { status: record.api.status };
  const text = input.append
    ? await appendedText(store, folder, path, step, portable.setup)
    : scenarioToYaml({
        ...(input.name ? { name: input.name } : {}),
        ...(notes.length > 0
          ? {
              description: `Saved from the journal's call #${record?.seq ?? ''}. ${notes.join(' ')}`,
            }
          : {}),
        steps: [...portable.setup, step],
      } as ScenarioInput);
  if (services.redactor.holdsSecret(text))
    throw new CommandError({
      code: 'internal',
      message: `The scenario for ${path} would hold a secret in clear, so nothing was written. Remove the secret from the request's fields and save again.`,
    });
  if (input.append) {
    const current = await store.read(folder, path);
    await store.write(folder, { path, text, baseVersion: current.version, overwrite: false });
  } else {
    await store.write(folder, { path, text, overwrite: false });
  }
  keepProfileVariables(services, profile.id, portable);
  return { path, view: await store.view(folder), notes: portable.notes };
}

/** The user a request acts for, with the name a connect-user step gives the new one. */
function actingUser(services: Pick<Services, 'users'>, profileId: string, request: Request) {
  if (request.actAs.kind === 'app') return null;
  const userId = request.actAs.userId;
  const known = services.users.list(profileId).find((u) => u.userId === userId);
  return { id: userId, displayName: known?.displayName ?? null };
}

function keepProfileVariables(
  services: Pick<Services, 'host' | 'redactor'>,
  profileId: string,
  portable: PortableStep,
) {
  if (Object.keys(portable.profileVariables).length === 0) return;
  const { settings } = services.host;
  setProfileVariables(settings, services.redactor, profileId, {
    ...profileVariables(settings, profileId),
    ...portable.profileVariables,
  });
}

/** The variables a scenario's steps capture, so an added step uses them rather than its own. */
async function capturedNames(
  store: CollectionStore,
  folder: string,
  path: string,
): Promise<Set<string>> {
  const current = await store.read(folder, path);
  let steps: unknown;
  try {
    steps = (yaml().parse(current.text) as { steps?: unknown } | null)?.steps;
  } catch {
    // A file that does not parse gets nothing added: appendedText says what is wrong with it.
    return new Set();
  }
  const names = new Set<string>();
  if (Array.isArray(steps))
    for (const step of steps as { capture?: unknown }[])
      if (step && typeof step.capture === 'object' && step.capture !== null)
        for (const name of Object.keys(step.capture)) names.add(name);
  return names;
}

/** The scenario's text with the step added last; its comments and layout stay as they were. */
async function appendedText(
  store: CollectionStore,
  folder: string,
  path: string,
  step: StepObject,
  setup: StepObject[],
) {
  const current = await store.read(folder, path);
  const doc = yaml().parseDocument(current.text);
  const steps = doc.get('steps');
  if (doc.errors.length > 0 || !steps || typeof (steps as YAMLSeq).add !== 'function')
    throw new CommandError({
      code: 'invalid_input',
      message: `${path} has no list of steps to add to${current.problems[0] ? ` (line ${current.problems[0].line}: ${current.problems[0].message})` : ''}: fix the file, or save the request as a new scenario.`,
    });
  const added = yaml()
    .parseDocument(scenarioToYaml({ steps: [...setup, step] } as ScenarioInput))
    .get('steps') as YAMLSeq;
  const items = (steps as YAMLSeq).items;
  // The set-up goes first, so what it captures is there for every step after it.
  items.splice(0, 0, ...added.items.slice(0, setup.length));
  items.push(...added.items.slice(setup.length));
  return String(doc);
}
