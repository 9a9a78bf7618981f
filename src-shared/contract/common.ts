// What every domain of the contract builds on: the shape of a domain's command and event maps,
// the inputs many commands share, and the http(s) URL rule. The index does not re-export this
// file: these are the contract's building blocks, not names the UI or the engine code against.
import { z } from 'zod';

/** One command: the schema its input is validated with, and the schema of what it answers. */
export type CommandSpec = { input: z.ZodType; output: z.ZodType };
/** A domain's commands; the compiler refuses a name without the domain's prefix (`contacts.`). */
export type DomainCommands<Domain extends string> = Record<`${Domain}.${string}`, CommandSpec>;
/** A domain's events, named like its commands. */
export type DomainEvents<Domain extends string> = Record<`${Domain}.${string}`, z.ZodType>;

export const NoInput = z.object({}).strict();
export const ProfileSelector = z.object({ profileId: z.string().min(1).optional() }).strict();

export const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v),
      `${what} must be an http:// or https:// URL`,
    );
export const optionalHttpUrl = (what: string) => z.union([z.literal(''), httpUrl(what)]);
