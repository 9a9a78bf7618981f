// The platform API as an OpenAPI 3.1 document, made from the endpoint catalog: the sandbox serves
// it at GET /_sandbox/openapi.json and the engine exports it for the active profile's base URL.
// Pure data in, a plain JSON object out, so both sides build the same document.
import { z } from 'zod';
import { ENDPOINTS, type EndpointSpec } from './endpoints';
import { ERROR_STATUS, ErrorBody, type ErrorCode } from './errors';
import type { ParamSpec } from './params';
import { SCOPES } from './scopes';

/** The document's own version: bumped when the catalog changes what it describes. */
export const CATALOG_VERSION = '1.0.0';
export const OPENAPI_FILENAME = 'tp-platform-openapi.json';

interface OpenApiOptions {
  /** The server the document describes: a profile's base URL or the sandbox's. */
  baseUrl: string;
  version: string;
  title?: string;
}

type Json = Record<string, unknown>;

/** When each error code is answered (docs/sandbox.md, Errors; API document §7 for 429). */
const ERROR_MEANING: Record<ErrorCode, string> = {
  invalid_request: 'a missing, malformed or out-of-range parameter, or a body of the wrong type',
  unsupported_msg_type: 'msg_type is not one of the nine of API document §4.7',
  invalid_grant: 'the code, refresh token or otp is unknown, used or expired',
  unsupported_grant_type: 'grant_type is not one of the three of API document §4.2',
  invalid_scope: 'a scope beyond the app registration or the grant',
  invalid_token: 'the bearer token is missing, unknown, expired or revoked',
  invalid_client: 'client_id or client_secret is missing or wrong',
  not_authorized: 'the contact may not send to that resource',
  user_not_connected: 'user_id names a user not connected to the app',
  app_token_required: 'the endpoint needs the app-level token (API document §5.7)',
  insufficient_scope: 'the token lacks the scope the endpoint needs',
  not_found: 'an unknown contact_id, resource_id or user',
  method_not_allowed: 'the path does not take this method (see Allow)',
  payload_too_large: 'the body or its file is over the limit',
  unsupported_media_type: "the file's Content-Type is not accepted for the msg_type",
  rate_limited: 'the app exceeded its rate limit for the endpoint (API document §7, §8)',
};

/** The error codes an endpoint can answer, from what it takes and how it is authorized. */
export function endpointErrorCodes(endpoint: EndpointSpec): ErrorCode[] {
  const names = new Set(endpoint.params.map((p) => p.name));
  const codes: ErrorCode[] = ['invalid_request', 'method_not_allowed', 'rate_limited'];
  if (endpoint.id === 'token') {
    codes.push('invalid_grant', 'unsupported_grant_type', 'invalid_scope', 'invalid_client');
  }
  if (endpoint.id === 'otp.verify') codes.push('invalid_grant');
  if (endpoint.auth !== 'none') codes.push('invalid_token');
  if (endpoint.auth === 'app') codes.push('app_token_required');
  if (endpoint.auth === 'user') codes.push('user_not_connected', 'not_found');
  if (endpoint.scope !== null) codes.push('insufficient_scope');
  if (names.has('msg_type')) codes.push('unsupported_msg_type', 'not_authorized');
  if (endpoint.id === 'bulk.send') codes.push('not_found');
  if (endpoint.method === 'POST') codes.push('payload_too_large');
  if (names.has('file')) codes.push('unsupported_media_type');
  return [...new Set(codes)];
}

const cite = (endpoint: EndpointSpec) => `API document §${endpoint.section}`;

function conditionText(param: ParamSpec): string {
  const parts: string[] = [];
  if (typeof param.required === 'object') {
    parts.push(`Required when ${param.required.param} is ${param.required.oneOf.join(' or ')}.`);
  }
  if (param.onlyWhen && typeof param.required !== 'object') {
    parts.push(`Only with ${param.onlyWhen.param} ${param.onlyWhen.oneOf.join(' or ')}.`);
  }
  if (param.appTokenOnly) parts.push('Only with an app-level token (API document §5.3).');
  if (param.secret) parts.push('A secret: keep it out of logs.');
  return parts.join(' ');
}

function paramDescription(endpoint: EndpointSpec, param: ParamSpec): string {
  return [param.doc, conditionText(param), `(${cite(endpoint)})`].filter(Boolean).join(' ');
}

function paramSchema(param: ParamSpec): Json {
  switch (param.kind) {
    case 'boolean':
      return { type: 'string', enum: ['true', 'false', '1', '0'] };
    case 'double':
      return { type: 'number', minimum: param.min, maximum: param.max };
    case 'url':
      return { type: 'string', format: 'uri' };
    case 'file':
      return { type: 'string', contentMediaType: 'application/octet-stream' };
    case 'space_list':
      return {
        type: 'string',
        description: param.values
          ? `Space-separated, each one of: ${param.values.join(', ')}`
          : 'Space-separated',
        ...(param.values ? { 'x-tp-items': param.values } : {}),
      };
    default:
      return {
        type: 'string',
        minLength: param.minLength,
        maxLength: param.maxLength,
        pattern: param.pattern,
        enum: param.values,
        contentMediaType: param.kind === 'vcard' ? 'application/xml' : undefined,
      };
  }
}

/** JSON without the keys whose value is undefined (JSON.stringify drops them anyway). */
function clean<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function queryParameters(endpoint: EndpointSpec): Json[] {
  return endpoint.params.map((param) => ({
    name: param.name,
    in: 'query',
    required: param.required === true,
    description: paramDescription(endpoint, param),
    schema: paramSchema(param),
  }));
}

function formSchema(endpoint: EndpointSpec, withFile: boolean): Json {
  const params = endpoint.params.filter((p) => withFile || p.kind !== 'file');
  return {
    type: 'object',
    properties: Object.fromEntries(
      params.map((p) => [
        p.name,
        { ...paramSchema(p), description: paramDescription(endpoint, p) },
      ]),
    ),
    required: params.filter((p) => p.required === true).map((p) => p.name),
  };
}

function requestBody(endpoint: EndpointSpec): Json | undefined {
  if (endpoint.method !== 'POST') return undefined;
  const content: Json = {};
  if (endpoint.body.includes('form')) {
    content['application/x-www-form-urlencoded'] = { schema: formSchema(endpoint, false) };
  }
  if (endpoint.body.includes('multipart')) {
    content['multipart/form-data'] = {
      schema: formSchema(endpoint, true),
      encoding: { file: { contentType: '*/*' } },
    };
  }
  const multipart = endpoint.body.includes('multipart')
    ? ' A send carrying a file is multipart/form-data (API document §4).'
    : '';
  return {
    required: endpoint.params.some((p) => p.required === true),
    description: `application/x-www-form-urlencoded.${multipart}`,
    content,
  };
}

/** Component names of the response schemas, by endpoint: `resource.list` → ResourceListResponse. */
function responseSchemaName(endpoint: EndpointSpec): string {
  const pascal = endpoint.id
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return `${pascal}Response`;
}

/** A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1 (without its own $schema). */
export function jsonSchemaOf(schema: z.ZodType): Json {
  // `input` leaves objects open to fields the document does not name, as a tolerant client
  // reads them; the output view would forbid any extra field.
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as Json;
  delete out.$schema;
  return out;
}

const ERROR_HEADERS: Partial<Record<number, Json>> = {
  401: {
    'WWW-Authenticate': {
      description: 'Bearer error="invalid_token" on an invalid token',
      schema: { type: 'string' },
    },
  },
  405: {
    Allow: { description: 'The methods the path takes', schema: { type: 'string' } },
  },
  429: {
    'Retry-After': {
      description: 'Seconds to wait before calling the endpoint again',
      required: true,
      schema: { type: 'integer', minimum: 0 },
    },
  },
};

function errorResponses(endpoint: EndpointSpec): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of endpointErrorCodes(endpoint)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, Json> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: codes.map((c) => `${c}: ${ERROR_MEANING[c]}`).join('; '),
      ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Error' },
              { properties: { error: { enum: codes } } },
            ],
          },
        },
      },
    };
  }
  return out;
}

const HTML = { 'text/html': { schema: { type: 'string' } } };

function authorizeResponses(): Record<string, Json> {
  const location = { Location: { schema: { type: 'string', format: 'uri' } } };
  return {
    '200': { description: 'The consent page (no otp given)', content: HTML },
    '302': {
      description:
        'With an otp: redirect to the redirect_uri with code and state, or with error and error_description',
      headers: location,
    },
    '400': {
      description: 'An unknown client_id or a redirect_uri that does not match: an HTML page',
      content: HTML,
    },
  };
}

function security(endpoint: EndpointSpec): Json[] {
  if (endpoint.auth === 'none') return [];
  const scopes = endpoint.scope ? [endpoint.scope] : [];
  return [{ bearer: [] }, { platformOAuth: scopes }];
}

const ACTS_AS: Record<EndpointSpec['auth'], string> = {
  none: 'No Authorization header.',
  app: 'The app-level token only (API document §5.7).',
  user: 'A user token, or the app-level token with user_id (API document §5.3).',
};

function operation(endpoint: EndpointSpec, path: string): Json {
  const alias = path !== endpoint.paths[0];
  const token =
    endpoint.id === 'token'
      ? ' The client authenticates with client_id and client_secret in the body (client credentials); calls carrying client_secret must use HTTPS (API document §5.8).'
      : '';
  const responses =
    endpoint.response === null
      ? authorizeResponses()
      : {
          '200': {
            description: endpoint.doc,
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${responseSchemaName(endpoint)}` },
              },
            },
          },
          ...errorResponses(endpoint),
        };
  return clean({
    operationId: alias ? `${endpoint.id}@${path}` : endpoint.id,
    summary: endpoint.title,
    description: `${endpoint.doc}. ${ACTS_AS[endpoint.auth]}${token} (${cite(endpoint)})${alias ? `. An alias of ${endpoint.paths[0]}.` : ''}`,
    tags: [endpoint.id.split('.')[0]],
    ...(endpoint.method === 'GET' ? { parameters: queryParameters(endpoint) } : {}),
    requestBody: requestBody(endpoint),
    security: security(endpoint),
    responses,
    'x-tp-endpoint': endpoint.id,
    'x-tp-section': endpoint.section,
    ...(endpoint.scope ? { 'x-tp-scope': endpoint.scope } : {}),
    ...(alias ? { 'x-tp-alias-of': endpoint.paths[0] } : {}),
  });
}

export function openApiDocument(options: OpenApiOptions): Json {
  const base = options.baseUrl.replace(/\/+$/, '');
  const scopes = Object.fromEntries(SCOPES.map((s) => [s.name, s.meaning]));
  const paths: Record<string, Json> = {};
  const schemas: Record<string, Json> = { Error: jsonSchemaOf(ErrorBody) };
  for (const endpoint of ENDPOINTS as readonly EndpointSpec[]) {
    if (endpoint.response) schemas[responseSchemaName(endpoint)] = jsonSchemaOf(endpoint.response);
    for (const path of endpoint.paths) {
      paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint, path) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Third-Party Messaging Platform API',
      version: options.version,
      description:
        'Made by TP Inspector from its endpoint catalog, which follows the API document; where the API document is silent (error bodies and codes, aliases), it follows the embedded sandbox (docs/sandbox.md). Every error is JSON {error, error_description}.',
    },
    servers: [{ url: base }],
    tags: [...new Set(ENDPOINTS.map((e) => e.id.split('.')[0] ?? e.id))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer <access_token> (API document §5.2)',
        },
        platformOAuth: {
          type: 'oauth2',
          description: 'How tokens are obtained (API document §5)',
          flows: {
            clientCredentials: { tokenUrl: `${base}/tp/token`, scopes },
            authorizationCode: {
              authorizationUrl: `${base}/tp/authorize`,
              tokenUrl: `${base}/tp/token`,
              refreshUrl: `${base}/tp/token`,
              scopes,
            },
          },
        },
      },
    },
  };
}
