// The endpoint catalog: every endpoint of API document §4 with its paths, method, auth, scope,
// body kinds, parameters and response shape. The one description of the API that the sandbox
// validates against and the client builds its forms from.
import type { z } from 'zod';
import { MESSAGE_PARAMS, contactId, msgType, noPush, userId } from './common-params';
import type { ParamSpec } from './params';
import type { Scope } from './scopes';
import { SCOPE_NAMES } from './scopes';
import {
  BulkResponse,
  ContactRemoveResponse,
  ContactResponse,
  MeResponse,
  MessageResponse,
  OtpVerifyResponse,
  ResourceInfoResponse,
  ResourceListResponse,
  TokenResponse,
} from './shapes';

/**
 * none: no Authorization header. app: app-level token only. user: a user token, or the app token
 * with `user_id` (API document §5.3).
 */
type EndpointAuth = 'none' | 'app' | 'user';
type BodyKind = 'form' | 'multipart';

export interface EndpointSpec {
  id: string;
  title: string;
  section: string;
  method: 'GET' | 'POST';
  /** The first is the documented one; the others are aliases. */
  paths: readonly string[];
  auth: EndpointAuth;
  /** The scope the token must hold, or null. */
  scope: Scope | null;
  /** Accepted request bodies (POST only). */
  body: readonly BodyKind[];
  params: readonly ParamSpec[];
  /** JSON response schema; null for the HTML/redirect of /tp/authorize. */
  response: z.ZodType | null;
  doc: string;
}

export const ENDPOINTS = [
  {
    id: 'authorize',
    title: 'Authorize (consent page)',
    section: '4.1',
    method: 'GET',
    paths: ['/tp/authorize'],
    auth: 'none',
    scope: null,
    body: [],
    params: [
      { name: 'response_type', kind: 'string', required: true, values: ['code'], doc: 'code' },
      { name: 'client_id', kind: 'string', required: true, doc: 'App id' },
      { name: 'state', kind: 'string', required: true, doc: 'Returned unchanged on callback' },
      {
        name: 'scope',
        kind: 'space_list',
        required: false,
        values: SCOPE_NAMES,
        valueError: 'invalid_scope',
        doc: 'Space-separated scopes (required unless otp is used)',
      },
      {
        name: 'otp',
        kind: 'string',
        required: false,
        secret: true,
        doc: 'One-time password instead of scope',
      },
      {
        name: 'redirect_uri',
        kind: 'string',
        required: false,
        doc: 'Must equal the registered one',
      },
    ],
    response: null,
    doc: 'Shows the consent page; redirects to redirect_uri with code and state',
  },
  {
    id: 'token',
    title: 'Token',
    section: '4.2',
    method: 'POST',
    paths: ['/tp/token', '/tp/token.json'],
    auth: 'none',
    scope: null,
    body: ['form'],
    params: [
      {
        name: 'grant_type',
        kind: 'string',
        required: true,
        values: ['client_credentials', 'authorization_code', 'refresh_token'],
        valueError: 'unsupported_grant_type',
        doc: 'client_credentials, authorization_code or refresh_token',
      },
      { name: 'client_id', kind: 'string', required: true, doc: 'App id' },
      { name: 'client_secret', kind: 'string', required: true, secret: true, doc: 'App secret' },
      {
        name: 'code',
        kind: 'string',
        required: { param: 'grant_type', oneOf: ['authorization_code'] },
        onlyWhen: { param: 'grant_type', oneOf: ['authorization_code'] },
        secret: true,
        doc: 'The authorization code',
      },
      {
        name: 'redirect_uri',
        kind: 'string',
        required: { param: 'grant_type', oneOf: ['authorization_code'] },
        onlyWhen: { param: 'grant_type', oneOf: ['authorization_code'] },
        doc: 'Same as registered',
      },
      {
        name: 'refresh_token',
        kind: 'string',
        required: { param: 'grant_type', oneOf: ['refresh_token'] },
        onlyWhen: { param: 'grant_type', oneOf: ['refresh_token'] },
        secret: true,
        doc: 'The refresh token',
      },
      {
        name: 'scope',
        kind: 'space_list',
        required: false,
        onlyWhen: { param: 'grant_type', oneOf: ['client_credentials', 'refresh_token'] },
        values: SCOPE_NAMES,
        valueError: 'invalid_scope',
        doc: 'Optional, not in the API document table: narrows the scopes (RFC 6749 4.4.2 and 6)',
      },
    ],
    response: TokenResponse,
    doc: 'Returns an access token',
  },
  {
    id: 'otp.verify',
    title: 'Verify one-time password',
    section: '4.3',
    method: 'POST',
    paths: ['/tp/otp/verify.json'],
    auth: 'app',
    scope: null,
    body: ['form'],
    params: [
      { name: 'otp', kind: 'string', required: true, secret: true, doc: 'The otp received' },
    ],
    response: OtpVerifyResponse,
    doc: 'Validates an otp received on the management URL; answers {user_id}',
  },
  {
    id: 'me',
    title: 'Me',
    section: '4.4',
    method: 'GET',
    paths: ['/tp/me.json'],
    auth: 'user',
    scope: null,
    body: [],
    params: [userId],
    response: MeResponse,
    doc: 'The connected user record; msisdn only with user_phone',
  },
  {
    id: 'contact.add',
    title: 'Add or modify a contact',
    section: '4.5',
    method: 'POST',
    paths: ['/tp/contact/add', '/tp/contact/add.json'],
    auth: 'user',
    scope: 'basic',
    body: ['form'],
    params: [
      userId,
      contactId('Unique id chosen by the app'),
      {
        name: 'display_name',
        kind: 'string',
        required: true,
        minLength: 1,
        maxLength: 128,
        doc: '1 to 128 characters',
      },
      { name: 'avatar_url', kind: 'url', required: false, doc: 'Absolute http(s) URL' },
      {
        name: 'capabilities',
        kind: 'space_list',
        required: false,
        values: ['group_add', 'interactive'],
        doc: 'Space-separated: group_add, interactive',
      },
    ],
    response: ContactResponse,
    doc: 'Adds a contact, or updates the one with the same contact_id',
  },
  {
    id: 'contact.remove',
    title: 'Remove a contact',
    section: '4.6',
    method: 'POST',
    paths: ['/tp/contact/remove', '/tp/contact/remove.json'],
    auth: 'user',
    scope: 'basic',
    body: ['form'],
    params: [userId, contactId('The contact to remove')],
    response: ContactRemoveResponse,
    doc: "Removes the acting user's ownership of the contact",
  },
  {
    id: 'message.send',
    title: 'Send a message',
    section: '4.7',
    method: 'POST',
    paths: ['/tp/message/send.json'],
    auth: 'user',
    scope: 'basic',
    body: ['form', 'multipart'],
    params: [
      userId,
      contactId('Sender contact'),
      {
        name: 'resource_id',
        kind: 'string',
        required: true,
        minLength: 1,
        maxLength: 128,
        doc: 'User id or room id',
      },
      msgType,
      noPush,
      ...MESSAGE_PARAMS,
    ],
    response: MessageResponse,
    doc: 'Sends a message to a user or a room on behalf of a contact',
  },
  {
    id: 'bulk.send',
    title: 'Bulk send',
    section: '4.8',
    method: 'POST',
    paths: ['/tp/bulk/message/send.json'],
    auth: 'app',
    scope: 'basic',
    body: ['form', 'multipart'],
    params: [
      contactId('Sender contact'),
      {
        name: 'resources',
        kind: 'space_list',
        required: true,
        minItems: 1,
        maxItems: 1000,
        pattern: '^[^\\s]{1,128}$',
        doc: 'Space-separated resource ids (1 to 1000)',
      },
      msgType,
      noPush,
      ...MESSAGE_PARAMS,
    ],
    response: BulkResponse,
    doc: 'Sends one message from a contact to several resources',
  },
  {
    id: 'resource.info',
    title: 'Resource info',
    section: '4.9',
    method: 'GET',
    paths: ['/tp/resource/info', '/tp/resource/info.json'],
    auth: 'user',
    scope: 'basic',
    body: [],
    params: [
      userId,
      {
        name: 'resource_id',
        kind: 'string',
        required: true,
        minLength: 1,
        maxLength: 128,
        doc: 'User id or room id',
      },
    ],
    response: ResourceInfoResponse,
    doc: 'A user or room resource',
  },
  {
    id: 'resource.list',
    title: 'Resource list',
    section: '4.10',
    method: 'GET',
    paths: ['/tp/resource/list', '/tp/resource/list.json'],
    auth: 'user',
    scope: 'basic',
    body: [],
    params: [userId],
    response: ResourceListResponse,
    doc: "The connected user's conversations: the user and the rooms its contacts are in",
  },
] as const satisfies readonly EndpointSpec[];

export type EndpointId = (typeof ENDPOINTS)[number]['id'];

export function endpointById(id: EndpointId): EndpointSpec {
  const found = ENDPOINTS.find((e) => e.id === id);
  if (!found) throw new Error(`no endpoint ${id}`);
  return found;
}

export function endpointByPath(path: string): EndpointSpec | undefined {
  return ENDPOINTS.find((e) => (e.paths as readonly string[]).includes(path));
}
