// The single entry every transport calls: refuse unknown names, validate input, run the handler,
// and turn whatever goes wrong into a CommandError a person can read. Never throws anything else.
import { errorText } from '../../src-shared/contract/errors';
import { z } from 'zod';
import {
  CommandError,
  commands,
  isCommandName,
  type CommandInput,
  type CommandName,
  type CommandOutput,
} from '../../src-shared/contract';

export type Handlers = {
  [K in CommandName]: (input: z.output<(typeof commands)[K]['input']>) => Promise<CommandOutput<K>>;
};

/**
 * The handlers of some commands: each domain contributes its own, named by its part of the
 * contract (`HandlerGroup<keyof typeof contactsCommands>`), and createCore joins them.
 */
export type HandlerGroup<K extends CommandName> = Pick<Handlers, K>;

export type Dispatch = (name: unknown, rawInput: unknown) => Promise<unknown>;

/**
 * `redact` runs over every failure's message before it leaves: a message may quote what the
 * platform answered, and the platform may echo a secret.
 */
export function createDispatch<K extends CommandName>(
  handlers: HandlerGroup<K>,
  onInternalError?: (err: unknown) => void,
  redact: (text: string) => string = (text) => text,
): Dispatch {
  return async (name, rawInput) => {
    // A dispatch over some domains' handlers (the one the runner is given) knows only theirs.
    if (!isCommandName(name) || !Object.hasOwn(handlers, name)) {
      throw new CommandError({
        code: 'unknown_command',
        message: `There is no command named ${JSON.stringify(name)}.`,
      });
    }
    const parsed = commands[name].input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      throw new CommandError({
        code: 'invalid_input',
        message: `The input of ${name} is not valid: ${parsed.error.issues
          .map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`)
          .join('; ')}.`,
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    try {
      const handler = handlers[name as K] as (input: unknown) => Promise<unknown>;
      return await handler(parsed.data);
    } catch (err) {
      if (err instanceof CommandError) {
        const message = redact(err.message);
        if (message === err.message) throw err;
        throw new CommandError({ ...err.toShape(), message });
      }
      onInternalError?.(err);
      throw new CommandError({
        code: 'internal',
        message: redact(
          `${name} failed unexpectedly: ${errorText(err)}. The event log has the details.`,
        ),
      });
    }
  };
}

/** Typed convenience over a Dispatch, for tests and in-process callers. */
export function typedInvoke<K extends CommandName = CommandName>(dispatch: Dispatch): Invoke<K> {
  return <N extends K>(name: N, input: CommandInput<N>) =>
    dispatch(name, input) as Promise<CommandOutput<N>>;
}

/**
 * A command, called from inside the engine (the runner drives the other domains through it). `K`:
 * the commands it may call, so a caller's type says which domains it drives (every one by default).
 */
export type Invoke<K extends CommandName = CommandName> = <N extends K>(
  name: N,
  input: CommandInput<N>,
) => Promise<CommandOutput<N>>;
