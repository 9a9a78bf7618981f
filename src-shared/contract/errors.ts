// How a command fails, whichever transport carried it: a code a program can branch on, a message
// for a person, and for invalid input the offending fields.
import { z } from 'zod';

export const ErrorCode = z.enum([
  'unknown_command',
  'invalid_input',
  'not_found',
  'http_error',
  'network_error',
  'insecure_transport',
  'transport_closed',
  'conflict',
  'forbidden',
  'flow_in_progress',
  'port_in_use',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const CommandErrorShape = z.object({
  code: ErrorCode,
  /** What happened and what to do, for a person. */
  message: z.string(),
  /** For `invalid_input`: the offending fields. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type CommandErrorShape = z.infer<typeof CommandErrorShape>;

/** The error every transport rejects a command with. */
export class CommandError extends Error {
  readonly code: ErrorCode;
  readonly issues: CommandErrorShape['issues'];
  constructor(shape: CommandErrorShape) {
    super(shape.message);
    this.name = 'CommandError';
    this.code = shape.code;
    this.issues = shape.issues;
  }
  toShape(): CommandErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
    };
  }
}

/**
 * The words of whatever was thrown: an Error's message, anything else as a string. For messages
 * that embed a cause ("… could not be read (ENOENT: …)"), where the thrown value may be anything.
 */
// Every caller imports it from this file, as the lint's message says; `export *` carries it along.
// ts-unused-exports:disable-next-line
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/**
 * What a transport sends back for a failed command. `core.dispatch` rejects with CommandError
 * only; a value that already is an error shape (a plain `{code, message}` object) passes as it
 * is; anything else escaped dispatch, which is a bug, and is reported as an internal error.
 */
export function toErrorShape(err: unknown): CommandErrorShape {
  if (err instanceof CommandError) return err.toShape();
  const parsed = CommandErrorShape.safeParse(err);
  if (parsed.success) return parsed.data;
  return {
    code: 'internal',
    message: `The command failed unexpectedly: ${errorText(err)}.`,
  };
}
