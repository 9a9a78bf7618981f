// The error codes the sandbox answers with (docs/sandbox.md, Errors). The body is always
// {"error": code, "error_description": text}.
import { z } from 'zod';

export const ERROR_STATUS = {
  invalid_request: 400,
  unsupported_msg_type: 400,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  invalid_token: 401,
  invalid_client: 401,
  not_authorized: 403,
  user_not_connected: 403,
  app_token_required: 403,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

// openapi.ts's; the spec's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const ErrorBody = z.object({ error: z.string(), error_description: z.string() });
