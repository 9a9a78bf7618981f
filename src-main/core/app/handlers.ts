import {
  UiPreferences,
  type appCommands,
  type secretsCommands,
} from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { sandboxPortTaken } from './startup-notices';

type AppDeps = Pick<Services, 'host' | 'vault'>;

const UI_PREFERENCES_KEY = 'ui.preferences';

/** What was stored, or nothing: a damaged entry gives the defaults rather than an error. */
function storedUiPreferences(s: AppDeps): UiPreferences {
  const parsed = UiPreferences.safeParse(s.host.settings.get(UI_PREFERENCES_KEY) ?? {});
  return parsed.success ? parsed.data : {};
}

/** What the app is (app.*) and where it keeps secrets (secrets.*): the host and the vault. */
export function appHandlers(
  s: AppDeps,
): HandlerGroup<keyof typeof appCommands | keyof typeof secretsCommands> {
  return {
    'app.info': async () => ({
      version: s.host.appVersion,
      dataDir: s.host.paths.dataDir,
      sandboxUrl: s.host.sandbox?.baseUrl ?? null,
      sandboxPortTaken: sandboxPortTaken(s.host.sandbox),
      secretStorage: { mode: s.vault.mode(), explanation: s.vault.explanation() },
    }),
    'app.uiPreferences': async () => storedUiPreferences(s),
    'app.setUiPreferences': async (changes) => {
      const next = { ...storedUiPreferences(s), ...changes };
      s.host.settings.set(UI_PREFERENCES_KEY, next);
      return next;
    },
    'secrets.setAllowPlainFile': async ({ allow }) => {
      s.vault.setAllowPlainFile(allow);
      return { mode: s.vault.mode(), explanation: s.vault.explanation() };
    },
  };
}
