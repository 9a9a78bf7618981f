// A scenario that parses can still name what the platform does not have: an endpoint outside the
// catalog, a path or parameter the endpoint lacks, a user it cannot act for. These checks run
// before anything is sent, so a typo is a problem with its file and line and what to write
// instead, not a 400 from the platform halfway through a run.
import type {
  RequestStep,
  Scenario,
  SimulateAction,
  SimulateStep,
  Step,
  StepKind,
} from '../../../src-shared/collections/format';
import { stepKind } from '../../../src-shared/collections/format';
import type { FileProblem } from '../../../src-shared/contract';
import { ENDPOINTS, type EndpointSpec } from '../../../src-shared/spec/endpoints';
import { closestNames, orList } from '../../../src-shared/rules/closest-names';
import { checkEndpointStep } from './check-endpoint-step-check';
import { lineOf, type ParsedYaml } from './parse-file';

type Path = readonly PropertyKey[];
type Report = (path: Path, message: string) => void;

const ENDPOINT_IDS = ENDPOINTS.map((e) => e.id);

function insteadOf(name: string, candidates: readonly string[]): string {
  const close = closestNames(name, candidates);
  return close.length > 0 ? ` Write ${orList(close)} instead.` : '';
}

function checkRequest(step: RequestStep, at: Path, report: Report): void {
  const endpoint = (ENDPOINTS as readonly EndpointSpec[]).find((e) => e.id === step.endpoint);
  if (!endpoint) {
    report(
      [...at, 'endpoint'],
      `There is no endpoint "${step.endpoint}" in the catalog.${insteadOf(step.endpoint, ENDPOINT_IDS) || ` The endpoints are ${orList(ENDPOINT_IDS)}.`}`,
    );
    return;
  }
  if (step.path !== undefined && !endpoint.paths.includes(step.path)) {
    report(
      [...at, 'path'],
      `${endpoint.id} is not at ${step.path}: write ${orList(endpoint.paths.map((p) => p))}, or leave path out for the documented ${endpoint.paths[0] ?? ''}.`,
    );
  }
  const names = endpoint.params.map((p) => p.name);
  const known = names.length > 0 ? ` Its parameters are ${names.join(', ')}.` : ' It takes none.';
  for (const name of Object.keys(step.params)) {
    if (names.includes(name)) continue;
    const hint =
      name === 'file' ? ' Give a file with the step\'s own "file:" key, beside params.' : '';
    report(
      [...at, 'params', name],
      `${endpoint.id} has no parameter "${name}".${insteadOf(name, names)}${hint || known}`,
    );
  }
  for (const [index, name] of (step.keep_empty ?? []).entries()) {
    if (!names.includes(name))
      report(
        [...at, 'keep_empty', index],
        `keep_empty names "${name}", which ${endpoint.id} does not have.${insteadOf(name, names)}${known}`,
      );
  }
  if (step.file && !names.includes('file'))
    report(
      [...at, 'file'],
      `${endpoint.id} takes no file: remove "file", or use message.send or bulk.send.`,
    );
  if (step.vcard && !names.includes('vcard'))
    report(
      [...at, 'vcard'],
      `${endpoint.id} takes no vcard: remove "vcard", or use message.send or bulk.send.`,
    );
  checkActAs(step, endpoint, at, report);
}

function checkActAs(step: RequestStep, endpoint: EndpointSpec, at: Path, report: Report): void {
  if (endpoint.auth === 'none') {
    if (step.as !== undefined || step.user !== undefined)
      report(
        [...at, step.as !== undefined ? 'as' : 'user'],
        `${endpoint.id} is called without a token (API document §${endpoint.section}): remove "as" and "user".`,
      );
    return;
  }
  if (endpoint.auth === 'app') {
    if (step.as === 'user' || step.as === 'app-for-user' || step.user !== undefined)
      report(
        [...at, step.as !== undefined ? 'as' : 'user'],
        `${endpoint.id} acts as the app only (API document §${endpoint.section}): remove "as" and "user", or write as: app.`,
      );
    return;
  }
  if ((step.as === 'user' || step.as === 'app-for-user') && step.user === undefined)
    report(
      [...at, 'as'],
      `as: ${step.as} needs the user to act for: add user: "{{user_id}}" (a variable, or a connected user's id).`,
    );
  if (step.as === 'app' && step.user !== undefined)
    report(
      [...at, 'user'],
      'as: app sends the app token alone, so "user" is not used: write as: app-for-user to act for the user, or remove "user".',
    );
}

/** What each simulated action needs, and the keys it reads beside `action`. */
const SIMULATE_NEEDS: Record<
  SimulateAction,
  { needs: (keyof SimulateStep)[][]; uses: (keyof SimulateStep)[] }
> = {
  'create-user': { needs: [['name']], uses: ['name', 'surname'] },
  'send-message': {
    needs: [['user'], ['contact', 'room']],
    uses: ['user', 'contact', 'room', 'msg_type', 'params'],
  },
  invite: { needs: [['user'], ['room'], ['contact']], uses: ['user', 'room', 'contact'] },
  remove: { needs: [['user'], ['room'], ['contact']], uses: ['user', 'room', 'contact'] },
  join: { needs: [['user'], ['room']], uses: ['user', 'room'] },
  leave: { needs: [['user'], ['room']], uses: ['user', 'room'] },
  'update-room': { needs: [['user'], ['room']], uses: ['user', 'room', 'subject'] },
  'create-room': { needs: [['user'], ['subject']], uses: ['user', 'subject', 'occupants'] },
  otp: { needs: [['user']], uses: ['user', 'target'] },
  'expire-tokens': { needs: [], uses: [] },
  disconnect: { needs: [['user']], uses: ['user'] },
  'update-app': { needs: [['app']], uses: ['app'] },
};

const WHAT: Partial<Record<keyof SimulateStep, string>> = {
  user: 'the acting user (user: "{{user_id}}")',
  contact: 'the contact (contact: "{{contact_id}}")',
  room: 'the room (room: "{{room_id}}")',
  name: "the new user's name (name: Ana)",
  subject: "the room's subject (subject: Team)",
  app: 'what to change (app: { rate_limit: { count: 5, window_s: 10 } })',
};

function checkSimulate(step: SimulateStep, at: Path, report: Report): void {
  const { needs, uses } = SIMULATE_NEEDS[step.action];
  for (const oneOf of needs) {
    if (oneOf.some((key) => step[key] !== undefined)) continue;
    const what = oneOf.map((key) => WHAT[key] ?? key).join(' or ');
    report([...at, 'action'], `simulate ${step.action} needs ${what}.`);
  }
  if (step.action === 'send-message' && step.contact !== undefined && step.room !== undefined)
    report(
      [...at, 'room'],
      'send-message goes to a contact or into a room, not both: keep one of contact and room.',
    );
  for (const key of Object.keys(step) as (keyof SimulateStep)[]) {
    if (key === 'action' || uses.includes(key)) continue;
    report(
      [...at, key],
      `simulate ${step.action} does not use "${key}"${uses.length > 0 ? `: it reads ${uses.join(', ')}` : ''}. Remove it.`,
    );
  }
}

/**
 * Where a step's captures may come from (docs/collections.md): `status`, `header.<name>`,
 * `body.<path>`, `data.<path>`, `seq`, and ids a step makes.
 */
const CAPTURE_SOURCES: Record<StepKind, { exact: string[]; prefixes: string[] }> = {
  request: { exact: ['status', 'body', 'seq'], prefixes: ['header.', 'body.'] },
  'expect-delivery': {
    exact: ['status', 'data', 'seq', 'user_id', 'contact_id', 'room_id', 'message_id', 'type'],
    prefixes: ['header.', 'data.'],
  },
  'expect-forward': {
    exact: ['status', 'body', 'seq', 'delivery_seq'],
    prefixes: ['header.', 'body.'],
  },
  simulate: {
    exact: ['seq', 'id', 'user_id', 'room_id', 'message_id', 'status', 'expired'],
    prefixes: [],
  },
  'connect-user': { exact: ['user_id', 'seq'], prefixes: [] },
  wait: { exact: [], prefixes: [] },
  'advance-clock': { exact: ['seq', 'now'], prefixes: [] },
  'check-endpoint': { exact: [], prefixes: [] },
};

function checkCaptures(step: Step, at: Path, report: Report): void {
  const kind = stepKind(step);
  const { exact, prefixes } = CAPTURE_SOURCES[kind];
  for (const [name, source] of Object.entries(step.capture ?? {})) {
    if (
      exact.includes(source) ||
      prefixes.some((p) => source.startsWith(p) && source.length > p.length)
    )
      continue;
    const allowed = [
      ...exact,
      ...prefixes.map((p) => `${p}<${p === 'header.' ? 'name' : 'path'}>`),
    ];
    report(
      [...at, 'capture', name],
      allowed.length === 0
        ? `A ${kind} step has nothing to capture: remove "capture".`
        : `A ${kind} step cannot capture "${source}": it captures ${orList(allowed)}.${insteadOf(source, exact)}`,
    );
  }
}

/** The scenario's problems against the catalog, each with the line of the value concerned. */
export function checkAgainstCatalog(
  file: string,
  scenario: Scenario,
  yaml: ParsedYaml,
): FileProblem[] {
  const problems: FileProblem[] = [];
  scenario.steps.forEach((step, index) => {
    const at: Path = ['steps', index];
    const report: Report = (path, message) =>
      problems.push({ file, line: lineOf(yaml, path), message: `steps.${index}: ${message}` });
    if ('request' in step) checkRequest(step.request, [...at, 'request'], report);
    if ('simulate' in step) checkSimulate(step.simulate, [...at, 'simulate'], report);
    if ('check-endpoint' in step)
      checkEndpointStep(step['check-endpoint'], [...at, 'check-endpoint'], report);
    checkCaptures(step, at, report);
  });
  return problems;
}
