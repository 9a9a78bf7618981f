// The app itself (app.*): its version, where it keeps its data, the embedded sandbox, and the
// window's preferences.
import { z } from 'zod';
import { NoInput, type DomainCommands } from './common';
import { SecretStorageView } from './secrets';

const PaneSize = z.number().finite().min(0).max(100_000);

/**
 * How the person arranged the window and what they dismissed. Kept in the engine's settings, not
 * the browser's storage: that is per origin, so the headless host on another port would start
 * with the default layout and the first steps again.
 */
export const UiPreferences = z.object({
  layout: z
    .object({
      /** Pixels for the columns (0: a share of the window), a percentage for the record list. */
      sizes: z.object({ tools: PaneSize, log: PaneSize, list: PaneSize }).partial().strict(),
      /** The tools take the middle column's place. */
      widened: z.boolean(),
    })
    .partial()
    .strict()
    .optional(),
  /** The first steps panel was dismissed, or all its steps were done. */
  firstRunClosed: z.boolean().optional(),
});
export type UiPreferences = z.infer<typeof UiPreferences>;

export const appCommands = {
  'app.info': {
    input: NoInput,
    output: z.object({
      version: z.string(),
      dataDir: z.string(),
      /** Base URL of the embedded sandbox platform, null when none runs. */
      sandboxUrl: z.string().nullable(),
      /** The port the embedded sandbox wanted when it got another (it was taken); else null. */
      sandboxPortTaken: z.number().int().nullable(),
      secretStorage: SecretStorageView,
    }),
  },
  'app.uiPreferences': { input: NoInput, output: UiPreferences },
  /** Each field given replaces the stored one; the others stay. Answers all of them. */
  'app.setUiPreferences': { input: UiPreferences.strict(), output: UiPreferences },
} as const satisfies DomainCommands<'app'>;
