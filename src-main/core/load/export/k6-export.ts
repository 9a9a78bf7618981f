// A collection and a delivery storm as one k6 script (an ES module): a constant-arrival-rate
// scenario per part, k6/http to send, k6/crypto to sign as the platform does (docs/sandbox.md,
// Deliveries): lowercase hex HMAC-SHA256 or HMAC-SHA1 over the exact `data`. Secrets and
// variables come from the environment (__ENV), never from the file.
import type { ExportedCollection } from './exported-requests';
import {
  DYNAMIC_VALUE_JS,
  SCRIPT_ENV,
  UNSIGNABLE_METHOD_WORDS,
  textDeliveryTemplate,
  type LoadScriptOptions,
} from './delivery-template';

const json = (value: unknown) => JSON.stringify(value, null, 2);

function arrivals(exec: string, options: LoadScriptOptions) {
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate: options.rate,
    timeUnit: '1s',
    duration: `${Math.max(1, Math.round(options.durationMs / 1000))}s`,
    // Enough virtual users for a 10 s answer at the rate (the platform's deadline, API document §4.7).
    preAllocatedVUs: Math.max(1, Math.ceil(options.rate)),
    maxVUs: Math.max(1, Math.ceil(options.rate * 10)),
  };
}

function requestsPart(collection: ExportedCollection, target: string): string {
  return `
const TARGET = ${JSON.stringify(target.replace(/\/+$/, ''))};
const DEFAULTS = ${json(collection.defaults)};
const SCENARIOS = ${json(collection.scenarios)};

// {{ name }} from ${SCRIPT_ENV.variablePrefix}<name>, else the collection's own value.
function fill(text) {
  return text.replace(/\\{\\{\\s*([A-Za-z_][A-Za-z0-9_.-]*)\\s*\\}\\}/g, (whole, name) => {
    const given = __ENV['${SCRIPT_ENV.variablePrefix}' + name];
    const dynamic = dynamicValue(name);
    if (dynamic !== undefined) return dynamic;
    return given !== undefined ? given : DEFAULTS[name] !== undefined ? DEFAULTS[name] : '';
  });
}
const fillAll = (record) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fill(value)]));

export function requests() {
  for (const scenario of SCENARIOS) {
    for (const request of scenario.requests) {
      const params = fillAll(request.params);
      const headers = fillAll(request.headers);
      const url = TARGET + fill(request.path);
      const res =
        request.method === 'GET'
          ? http.get(url + '?' + Object.entries(params).map((p) => p.map(encodeURIComponent).join('=')).join('&'), { headers, tags: { name: request.name } })
          : http.post(url, params, { headers, tags: { name: request.name } });
      if (request.status !== undefined) {
        check(res, { [request.name + ': status ' + request.status]: (r) => r.status === request.status });
      }
    }
  }
}
`;
}

function deliveriesPart(handlerUrl: string): string {
  return `
const HANDLER_URL = ${JSON.stringify(handlerUrl)};
const DELIVERY = ${json(textDeliveryTemplate())};
const SECRET = __ENV.${SCRIPT_ENV.secret};
const METHOD = __ENV.${SCRIPT_ENV.method} || 'HMAC-SHA256';

export function setup() {
  if (!SECRET) throw new Error('${SCRIPT_ENV.secret} is not set: set it to the client secret your handler verifies with.');
  if (METHOD !== 'HMAC-SHA256' && METHOD !== 'HMAC-SHA1') {
    throw new Error('${SCRIPT_ENV.method}=' + METHOD + ' ' + ${JSON.stringify(UNSIGNABLE_METHOD_WORDS)});
  }
}

export function deliveries() {
  const data = JSON.stringify(Object.assign({}, DELIVERY, { id: 'm-load-' + uuid(), timestamp: String(Date.now()) }));
  const signature = crypto.hmac(METHOD === 'HMAC-SHA1' ? 'sha1' : 'sha256', SECRET, data, 'hex');
  const res = http.post(HANDLER_URL, { data, signature, signature_method: METHOD });
  check(res, { 'delivery answered 2xx': (r) => r.status >= 200 && r.status < 300 });
}
`;
}

export function toK6(collection: ExportedCollection, options: LoadScriptOptions): string {
  const withRequests = options.target !== undefined && collection.scenarios.length > 0;
  const scenarios = {
    ...(withRequests ? { requests: arrivals('requests', options) } : {}),
    ...(options.handlerUrl ? { deliveries: arrivals('deliveries', options) } : {}),
  };
  return `// Written by TP Inspector (tp export --format k6). Run: ${SCRIPT_ENV.secret}=… k6 run script.js
// Secrets come from the environment only: ${SCRIPT_ENV.secret} signs the deliveries,
// ${SCRIPT_ENV.variablePrefix}<name> fills {{ name }} (k6 run -e ${SCRIPT_ENV.variablePrefix}app_token=…).
import http from 'k6/http';
import crypto from 'k6/crypto';
import { check } from 'k6';

export const options = ${json({ scenarios })};

// 32 random hex digits in a uuid's groups: unique, which is all a $uuid is used for.
const uuid = () =>
  Array.from(new Uint8Array(crypto.randomBytes(16)), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
${DYNAMIC_VALUE_JS}
${withRequests ? requestsPart(collection, options.target!) : ''}${options.handlerUrl ? deliveriesPart(options.handlerUrl) : ''}`;
}
