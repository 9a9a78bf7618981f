// A collection as a Postman collection v2.1: a folder per sub-folder and per scenario, an item per
// request step. Postman writes variables as `{{name}}` too, so templates pass through unchanged.
// Steps Postman cannot play (a delivery to wait for, the simulator, a user to connect, a wait)
// are left out of the items and listed, because an item must send a request and a placeholder
// would make newman fail on an empty URL; each scenario's folder description names them too.
import { posix } from 'node:path';
import {
  stepKind,
  type RequestStep,
  type ResponseExpect,
  type Scenario,
  type Step,
} from '../../../../src-shared/collections/format';
import { ENDPOINTS, type EndpointSpec } from '../../../../src-shared/spec';
import { jsonSchemaOf } from '../../../../src-shared/spec/openapi';
import { buildVcardXml } from '../../common/vcard-xml';
import type { LoadedCollection } from '../load-collection';
import { APP_TOKEN_PREREQUEST, testScript } from './postman-scripts';

type RequestStepEntry = Step & { request: RequestStep; expect?: ResponseExpect };

const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

interface KeyValue {
  key: string;
  value: string;
  type?: string;
  src?: string;
  description?: string;
}
interface PostmanEvent {
  listen: 'prerequest' | 'test';
  script: { type: 'text/javascript'; exec: string[] };
}
interface PostmanItem {
  name: string;
  description?: string;
  item?: PostmanItem[];
  request?: {
    method: string;
    header: KeyValue[];
    url: { raw: string; host: string[]; path: string[]; query?: KeyValue[] };
    body?:
      { mode: 'urlencoded'; urlencoded: KeyValue[] } | { mode: 'formdata'; formdata: KeyValue[] };
  };
  event?: PostmanEvent[];
}
interface PostmanCollection {
  info: { name: string; description?: string; schema: string };
  item: PostmanItem[];
  event: PostmanEvent[];
  variable: KeyValue[];
}

interface PostmanExportOptions {
  /** The value of {{base_url}}: the active profile's base URL. */
  baseUrl: string;
  /** The value of {{client_id}}; the secret is left empty, to pass with --env-var. */
  clientId: string;
}

interface PostmanExport {
  collection: PostmanCollection;
  leftOut: string[];
}

/** Variables whose values are secrets: exported empty, whatever a file or profile holds. */
const SECRET_NAME = /secret|token|password|otp/i;
const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

const script = (listen: PostmanEvent['listen'], exec: string[]): PostmanEvent => ({
  listen,
  script: { type: 'text/javascript', exec },
});

function tokenVariable(step: RequestStep, endpoint: EndpointSpec): string | null {
  if (endpoint.auth === 'none') return null;
  return step.as === 'user' ? 'user_token' : 'app_token';
}

/** Parameters as the runner sends them: empty ones only when `keep_empty` names them. */
function sentParams(step: RequestStep, scenarioDir: string): KeyValue[] {
  const params: KeyValue[] = Object.entries(step.params)
    .filter(([key, value]) => value !== '' || step.keep_empty?.includes(key))
    .map(([key, value]) => ({ key, value, type: 'text' }));
  const actsForUser = step.as === 'app-for-user' || (step.as === undefined && step.user);
  if (step.user !== undefined && actsForUser && !params.some((p) => p.key === 'user_id')) {
    params.unshift({ key: 'user_id', value: step.user, type: 'text' });
  }
  if (step.vcard) {
    const { name, surname, phones } = step.vcard;
    params.push({
      key: 'vcard',
      value: buildVcardXml({ name, surname: surname ?? '', phones }),
      type: 'text',
    });
  }
  if (step.file && 'path' in step.file) {
    params.push({
      key: 'file',
      value: '',
      type: 'file',
      src: posix.join(scenarioDir, step.file.path),
    });
  }
  return params;
}

function requestItem(
  scenario: string,
  index: number,
  step: RequestStepEntry,
  scenarioDir: string,
  leftOut: string[],
): PostmanItem | null {
  const request = step.request;
  const where = `${scenario}, step ${index + 1}${step.name ? ` (${step.name})` : ''}`;
  const endpoint = (ENDPOINTS as readonly EndpointSpec[]).find((e) => e.id === request.endpoint);
  if (!endpoint) {
    leftOut.push(`${where}: the endpoint ${request.endpoint} is not in the catalog.`);
    return null;
  }
  if (request.file && 'sample' in request.file) {
    leftOut.push(
      `${where}: the built-in sample file "${request.file.sample}" (Postman has no samples): attach a file by hand.`,
    );
  }
  const path = request.path ?? endpoint.paths[0] ?? '';
  const params = sentParams(request, scenarioDir);
  const token = tokenVariable(request, endpoint);
  const header: KeyValue[] = Object.entries(request.headers ?? {}).map(([key, value]) => ({
    key,
    value,
  }));
  if (token) header.unshift({ key: 'Authorization', value: `Bearer {{${token}}}` });
  const query = endpoint.method === 'GET' ? params.map(({ key, value }) => ({ key, value })) : [];
  const search = query.map((q) => `${q.key}=${q.value}`).join('&');
  const multipart = params.some((p) => p.type === 'file');
  const tests = testScript(
    step.expect,
    step.capture,
    endpoint.response ? jsonSchemaOf(endpoint.response) : null,
  );
  leftOut.push(...tests.leftOut.map((what) => `${where}: ${what}.`));
  return {
    name: step.name ?? `${endpoint.method} ${path}`,
    request: {
      method: endpoint.method,
      header,
      url: {
        raw: `{{base_url}}${path}${search ? `?${search}` : ''}`,
        host: ['{{base_url}}'],
        path: path.split('/').filter(Boolean),
        ...(query.length > 0 ? { query } : {}),
      },
      ...(endpoint.method === 'POST'
        ? multipart
          ? { body: { mode: 'formdata' as const, formdata: params } }
          : { body: { mode: 'urlencoded' as const, urlencoded: params } }
        : {}),
    },
    ...(tests.lines.length > 0 ? { event: [script('test', tests.lines)] } : {}),
  };
}

const WHY_NOT: Record<string, string> = {
  'expect-delivery': 'Postman cannot wait for a delivery to the app endpoint URL',
  'expect-forward': 'Postman cannot see a forward target',
  simulate: 'the simulator is TP Inspector’s own (sandbox profile only)',
  'connect-user': 'connecting a user needs the consent or otp flow TP Inspector plays',
  wait: 'newman waits between requests only with --delay-request',
  'advance-clock': 'the sandbox clock is TP Inspector’s own (sandbox profile only)',
  'check-endpoint': 'the endpoint check is TP Inspector’s own (tp check)',
};

/** Why a collection's or a scenario's `inbound` is not exported. */
const INBOUND_NOT =
  'forward targets and response control are set on TP Inspector’s receiver, which newman does not run';

function scenarioFolder(
  path: string,
  name: string,
  scenario: Scenario,
  leftOut: string[],
): PostmanItem {
  const items: PostmanItem[] = [];
  const omitted: string[] = [];
  const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  if (scenario.inbound) {
    const line = `${name}: its inbound set-up left out: ${INBOUND_NOT}.`;
    omitted.push(line);
    leftOut.push(line);
  }
  scenario.steps.forEach((step, index) => {
    const kind = stepKind(step);
    if (kind === 'request') {
      const item = requestItem(name, index, step as RequestStepEntry, dir, leftOut);
      if (item) items.push(item);
      return;
    }
    const line = `${name}, step ${index + 1}${step.name ? ` (${step.name})` : ''}: ${kind} left out: ${WHY_NOT[kind] ?? 'no Postman equivalent'}.`;
    omitted.push(line);
    leftOut.push(line);
  });
  const variables = Object.entries(scenario.variables ?? {});
  const description = [
    scenario.description ?? '',
    omitted.length > 0
      ? `Left out of this export (run them with npm run tp -- run ${path}):\n- ${omitted.join('\n- ')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    name,
    ...(description ? { description } : {}),
    item: items,
    ...(variables.length > 0
      ? {
          event: [
            script(
              'prerequest',
              variables.map(
                ([k, v]) =>
                  `pm.variables.set(${JSON.stringify(k)}, pm.variables.replaceIn(${JSON.stringify(v)}));`,
              ),
            ),
          ],
        }
      : {}),
  };
}

/** The folder for `dir` (`a/b`) under `root`, made on the way. */
function folderAt(root: PostmanItem[], dir: string): PostmanItem[] {
  let level = root;
  for (const part of dir.split('/').filter(Boolean)) {
    let folder = level.find((i) => i.item && i.name === part && !i.request);
    if (!folder) {
      folder = { name: part, item: [] };
      level.push(folder);
    }
    level = folder.item ?? [];
  }
  return level;
}

export function toPostman(loaded: LoadedCollection, options: PostmanExportOptions): PostmanExport {
  const leftOut: string[] = [];
  const root: PostmanItem[] = [];
  if (loaded.inbound) leftOut.push(`collection.yaml: its inbound set-up left out: ${INBOUND_NOT}.`);
  // A Postman collection carries no data file; newman takes one per run, and a row's columns are
  // {{name}} there as here, over the collection's variables.
  const dataWords = loaded.data
    ? `collection.yaml: its data file ${loaded.data} is not part of a Postman collection: give it to newman with -d ${loaded.data} from the collection's folder (or to the Collection Runner as its data file) to run each request once per row.`
    : null;
  if (dataWords) leftOut.push(dataWords);
  for (const entry of loaded.scenarios) {
    if (!entry.scenario) {
      leftOut.push(
        `${entry.path}: not exported, the file has problems (${entry.problems[0]?.message ?? 'it does not parse'}).`,
      );
      continue;
    }
    const dir = posix.dirname(entry.path) === '.' ? '' : posix.dirname(entry.path);
    folderAt(root, dir).push(scenarioFolder(entry.path, entry.name, entry.scenario, leftOut));
  }
  const defined: Record<string, string> = {
    base_url: options.baseUrl.replace(/\/+$/, ''),
    client_id: options.clientId,
    client_secret: '',
    app_token: '',
    user_token: '',
    ...loaded.variables,
  };
  const captured = new Set(
    loaded.scenarios.flatMap(
      (s) => s.scenario?.steps.flatMap((st) => Object.keys(st.capture ?? {})) ?? [],
    ),
  );
  const local = new Set(loaded.scenarios.flatMap((s) => Object.keys(s.scenario?.variables ?? {})));
  const text = JSON.stringify(root);
  // A name used but defined nowhere still gets an empty variable, so newman's --env-var list shows
  // what a run needs.
  for (const [, name] of text.matchAll(TEMPLATE)) {
    if (name && !(name in defined) && !captured.has(name) && !local.has(name)) defined[name] = '';
  }
  for (const name of captured) if (!(name in defined)) defined[name] = '';
  const variable = Object.entries(defined).map(([key, value]) =>
    SECRET_NAME.test(key)
      ? { key, value: '', type: 'string', description: 'A secret: pass it with --env-var' }
      : { key, value, type: 'string' },
  );
  return {
    collection: {
      info: {
        name: loaded.name,
        description: `Exported by TP Inspector. Pass secrets with newman's --env-var (client_secret=...); the app token is fetched with client_id and client_secret when app_token is empty.${dataWords ? ` Data-driven: run it with newman's -d ${loaded.data} (each row's columns are its variables).` : ''}`,
        schema: POSTMAN_SCHEMA,
      },
      item: root,
      event: [script('prerequest', APP_TOKEN_PREREQUEST)],
      variable,
    },
    leftOut,
  };
}
