// How a parameter of an endpoint is described. Plain data: the sandbox validates requests with it
// (validate.ts) and the client builds its forms from it.
import type { ErrorCode } from './errors';
import type { MsgType } from './msg-types';

type ParamKind = 'string' | 'boolean' | 'double' | 'space_list' | 'url' | 'vcard' | 'file';

/** "Only when parameter `param` has one of these values." */
export interface ParamCondition {
  param: string;
  oneOf: readonly string[];
}

export interface ParamSpec {
  name: string;
  kind: ParamKind;
  /** true, false, or only under a condition (e.g. `code` when grant_type is authorization_code). */
  required: boolean | ParamCondition;
  /** The parameter is meaningful only under this condition; elsewhere it is ignored (a `file` is refused). */
  onlyWhen?: ParamCondition;
  doc: string;
  /** string: length bounds. */
  minLength?: number;
  maxLength?: number;
  /** string / list item: a regex source the value must match. */
  pattern?: string;
  /** Human wording of `pattern`, used in error descriptions. */
  patternDoc?: string;
  /** string: allowed values. space_list: allowed items. */
  values?: readonly string[];
  /** The error code when the value is not one of `values` (default invalid_request). */
  valueError?: ErrorCode;
  /** double: inclusive bounds. */
  min?: number;
  max?: number;
  /** space_list: item count bounds. */
  minItems?: number;
  maxItems?: number;
  /** Carries a secret (client_secret, tokens): clients redact it in logs. */
  secret?: boolean;
  /** Only meaningful with an app-level token (user_id). */
  appTokenOnly?: boolean;
  /** For sends: the msg_types this parameter belongs to. */
  msgTypes?: readonly MsgType[];
}

// validate.ts's; the spec's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export type ParamValue = string | number | boolean | string[];

export const CONTACT_ID_PATTERN = '^[A-Za-z0-9._-]{1,64}$';
// common-params.ts's; the spec's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const CONTACT_ID_DOC = '1 to 64 characters of A-Z a-z 0-9 . _ -';
