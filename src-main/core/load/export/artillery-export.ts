// A collection and a delivery storm as Artillery scripts: a folder, since the two scripts
// (requests.yml, deliveries.yml) each have their own arrival rate and share one processor
// (processor.cjs) that fills variables from the environment and signs deliveries as the platform
// does (docs/sandbox.md, Deliveries): lowercase hex HMAC-SHA256 or HMAC-SHA1 over the exact `data`.
// `.cjs` so Node loads it as CommonJS, as Artillery requires it, whatever package.json is above it.
import { stringify } from 'yaml';
import type { ExportedCollection, ExportedRequest } from './exported-requests';
import {
  DYNAMIC_VALUE_JS,
  SCRIPT_ENV,
  UNSIGNABLE_METHOD_WORDS,
  textDeliveryTemplate,
  type LoadScriptOptions,
} from './delivery-template';

const PROCESSOR_FILE = 'processor.cjs';

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

function config(target: string, options: LoadScriptOptions, extra: Record<string, unknown> = {}) {
  return {
    target,
    phases: [{ duration: seconds(options.durationMs), arrivalRate: options.rate }],
    processor: `./${PROCESSOR_FILE}`,
    // The platform waits 10 s for a handler's answer (API document §4.7); Artillery's unit is s.
    http: { timeout: 10 },
    ...extra,
  };
}

function artilleryStep(request: ExportedRequest) {
  const body = request.method === 'GET' ? { qs: request.params } : { form: request.params };
  return {
    [request.method === 'GET' ? 'get' : 'post']: {
      url: request.path,
      name: request.name,
      headers: request.headers,
      ...(Object.keys(request.params).length > 0 ? body : {}),
      ...(request.status !== undefined ? { expect: [{ statusCode: request.status }] } : {}),
    },
  };
}

function processor(collection: ExportedCollection): string {
  const method = SCRIPT_ENV.method;
  return `'use strict';
// Written by TP Inspector (tp export --format artillery). Secrets come from the environment only:
// ${SCRIPT_ENV.secret} signs the deliveries, ${SCRIPT_ENV.variablePrefix}<name> fills {{ name }}.
const { createHmac, randomUUID } = require('node:crypto');

const VARIABLES = ${JSON.stringify(collection.variableNames)};
const DEFAULTS = ${JSON.stringify(collection.defaults, null, 2)};
const DELIVERY = ${JSON.stringify(textDeliveryTemplate(), null, 2)};
const uuid = randomUUID;
${DYNAMIC_VALUE_JS}

function fillVariables(context, events, done) {
  for (const name of VARIABLES) {
    const given = process.env['${SCRIPT_ENV.variablePrefix}' + name];
    const dynamic = dynamicValue(name);
    if (dynamic !== undefined) context.vars[name] = dynamic;
    else if (given !== undefined) context.vars[name] = given;
    else if (DEFAULTS[name] !== undefined) context.vars[name] = DEFAULTS[name];
  }
  return done();
}

// As the platform signs (docs/sandbox.md, Deliveries): hex HMAC over the exact data string, UTF-8.
function signDelivery(context, events, done) {
  const secret = process.env.${SCRIPT_ENV.secret};
  if (!secret) {
    return done(new Error('${SCRIPT_ENV.secret} is not set: set it to the client secret your handler verifies with.'));
  }
  const method = process.env.${method} || 'HMAC-SHA256';
  if (method !== 'HMAC-SHA256' && method !== 'HMAC-SHA1') {
    return done(new Error('${method}=' + method + ' ' + ${JSON.stringify(UNSIGNABLE_METHOD_WORDS)}));
  }
  const data = JSON.stringify({ ...DELIVERY, id: 'm-load-' + randomUUID(), timestamp: String(Date.now()) });
  context.vars.data = data;
  context.vars.signature = createHmac(method === 'HMAC-SHA1' ? 'sha1' : 'sha256', secret)
    .update(data, 'utf8')
    .digest('hex');
  context.vars.signature_method = method;
  return done();
}

module.exports = { fillVariables, signDelivery };
`;
}

/** File name to content: requests.yml (with a target), deliveries.yml (with a handler URL), the processor. */
export function toArtillery(
  collection: ExportedCollection,
  options: LoadScriptOptions,
): Record<string, string> {
  const files: Record<string, string> = { [PROCESSOR_FILE]: processor(collection) };
  if (options.target && collection.scenarios.length > 0) {
    files['requests.yml'] = stringify({
      config: config(options.target, options, { plugins: { expect: {} } }),
      scenarios: collection.scenarios.map((s) => ({
        name: s.name,
        flow: [{ function: 'fillVariables' }, ...s.requests.map(artilleryStep)],
      })),
    });
  }
  if (options.handlerUrl) {
    files['deliveries.yml'] = stringify({
      config: config(new URL(options.handlerUrl).origin, options),
      scenarios: [
        {
          name: 'signed deliveries',
          flow: [
            { function: 'signDelivery' },
            {
              post: {
                url: options.handlerUrl,
                form: {
                  data: '{{ data }}',
                  signature: '{{ signature }}',
                  signature_method: '{{ signature_method }}',
                },
              },
            },
          ],
        },
      ],
    });
  }
  return files;
}
