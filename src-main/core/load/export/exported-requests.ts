// What a load tool (Artillery, k6) can replay of a collection: its request steps as plain HTTP
// requests, `{{ variables }}` kept as written, and a line for each thing it cannot play. Both
// tools write variables as `{{name}}` too, so templates pass through; the scripts fill them from
// the environment (TP_VAR_<name>), so no secret is ever written into an exported file.
import { posix } from 'node:path';
import {
  stepKind,
  type RequestStep,
  type ResponseExpect,
  type Step,
} from '../../../../src-shared/collections/format';
import { ENDPOINTS, type EndpointSpec } from '../../../../src-shared/spec';
import type { LoadedCollection } from '../../collections';

export interface ExportedRequest {
  name: string;
  method: 'GET' | 'POST';
  /** The path under the target, templates kept. */
  path: string;
  headers: Record<string, string>;
  /** Query parameters (GET) or the form body (POST), templates kept. */
  params: Record<string, string>;
  /** The status the step expects, when it names one exactly. */
  status?: number;
}

interface ExportedScenario {
  name: string;
  requests: ExportedRequest[];
}

export interface ExportedCollection {
  scenarios: ExportedScenario[];
  /** Every `{{name}}` the requests use, for the script to fill from the environment. */
  variableNames: string[];
  /** The collection's and scenarios' own values (never a secret: those come from the environment). */
  defaults: Record<string, string>;
  leftOut: string[];
}

const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;
/** The runner's dynamic values ($uuid, ...; src-shared/collections/templates.ts), renamed so both
 * tools take them as plain variables, which the scripts make fresh (per virtual user in Artillery,
 * per use in k6). */
const DYNAMIC = /\{\{\s*\$(uuid|timestamp|isoTimestamp|randomInt)\s*\}\}/g;
const DYNAMIC_PREFIX = 'dynamic_';
/** Variables whose values are secrets: never written into a script, whatever a file holds. */
const SECRET_NAME = /secret|token|password|otp/i;

const WHY_NOT: Record<string, string> = {
  'expect-delivery': 'a load tool cannot wait for a delivery to the app endpoint URL',
  'expect-forward': 'a load tool cannot see a forward target',
  simulate: 'the simulator is TP Inspector’s own (sandbox profile only)',
  'connect-user': 'connecting a user needs the consent or otp flow TP Inspector plays',
  wait: 'a load tool paces requests by its arrival rate',
  'advance-clock': 'the sandbox clock is TP Inspector’s own (sandbox profile only)',
  'check-endpoint': 'the endpoint check is TP Inspector’s own (tp check)',
};

type RequestEntry = Step & { request: RequestStep; expect?: ResponseExpect };

function exactStatus(expect: ResponseExpect | undefined): number | undefined {
  const equals = expect?.status?.equals;
  return typeof equals === 'number' ? equals : undefined;
}

function checksBeyondStatus(step: RequestEntry): string[] {
  const expect = step.expect ?? {};
  const beyond = Object.keys(expect).filter((k) => k !== 'status' && k !== 'shape');
  if (expect.status && exactStatus(expect) === undefined) beyond.unshift('status (not one code)');
  if (expect.shape === 'valid') beyond.push('shape');
  if (step.capture) beyond.push('capture');
  return beyond;
}

function exportedRequest(where: string, step: RequestEntry, leftOut: string[]) {
  const request = step.request;
  const endpoint = (ENDPOINTS as readonly EndpointSpec[]).find((e) => e.id === request.endpoint);
  if (!endpoint) {
    leftOut.push(`${where}: the endpoint ${request.endpoint} is not in the catalog.`);
    return null;
  }
  if (request.file || request.vcard) {
    leftOut.push(`${where}: a file or vCard upload (multipart) is not exported.`);
    return null;
  }
  const params = Object.fromEntries(
    Object.entries(request.params).filter(([k, v]) => v !== '' || request.keep_empty?.includes(k)),
  );
  const actsForUser = request.as === 'app-for-user' || (request.as === undefined && request.user);
  if (request.user !== undefined && actsForUser && params.user_id === undefined) {
    params.user_id = request.user;
  }
  const headers: Record<string, string> = { ...request.headers };
  if (endpoint.auth !== 'none') {
    headers.Authorization = `Bearer {{${request.as === 'user' ? 'user_token' : 'app_token'}}}`;
  }
  const beyond = checksBeyondStatus(step);
  if (beyond.length > 0) leftOut.push(`${where}: its checks of ${beyond.join(', ')} left out.`);
  const path = request.path ?? endpoint.paths[0] ?? '';
  const status = exactStatus(step.expect);
  return {
    name: step.name ?? `${endpoint.method} ${path}`,
    method: endpoint.method === 'GET' ? 'GET' : 'POST',
    path,
    headers,
    params,
    ...(status !== undefined ? { status } : {}),
  } satisfies ExportedRequest;
}

export function exportedRequests(loaded: LoadedCollection): ExportedCollection {
  const leftOut: string[] = [];
  const scenarios: ExportedScenario[] = [];
  const defaults: Record<string, string> = { ...loaded.variables };
  for (const entry of loaded.scenarios) {
    if (!entry.scenario) {
      leftOut.push(`${entry.path}: not exported, the file has problems.`);
      continue;
    }
    Object.assign(defaults, entry.scenario.variables ?? {});
    const requests: ExportedRequest[] = [];
    entry.scenario.steps.forEach((step, index) => {
      const where = `${entry.name}, step ${index + 1}${step.name ? ` (${step.name})` : ''}`;
      const kind = stepKind(step);
      if (kind !== 'request') {
        leftOut.push(`${where}: ${kind} left out: ${WHY_NOT[kind] ?? 'no load-tool equivalent'}.`);
        return;
      }
      const request = exportedRequest(where, step as RequestEntry, leftOut);
      if (request) requests.push(request);
    });
    if (requests.length > 0) scenarios.push({ name: posix.join(entry.path), requests });
  }
  const renamed = JSON.parse(
    JSON.stringify(scenarios).replace(DYNAMIC, `{{${DYNAMIC_PREFIX}$1}}`),
  ) as ExportedScenario[];
  const names = new Set<string>();
  for (const [, name] of JSON.stringify(renamed).matchAll(TEMPLATE)) if (name) names.add(name);
  for (const name of Object.keys(defaults)) if (SECRET_NAME.test(name)) delete defaults[name];
  return { scenarios: renamed, variableNames: [...names].sort(), defaults, leftOut };
}
