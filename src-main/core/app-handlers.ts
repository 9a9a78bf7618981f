import { UiPreferences, type appCommands, type secretsCommands } from '../../src-shared/contract';
import type { HandlerGroup } from './dispatch';
import type { Services } from './services';

/** The port the sandbox wanted when it listens on another: it was taken. */
export function sandboxPortTaken(
  sandbox: { baseUrl: string; wantedPort?: number } | undefined,
): number | null {
  if (!sandbox?.wantedPort) return null;
  return new URL(sandbox.baseUrl).port === String(sandbox.wantedPort) ? null : sandbox.wantedPort;
}

const UI_PREFERENCES_KEY = 'ui.preferences';

/** What was stored, or nothing: a damaged entry gives the defaults rather than an error. */
function storedUiPreferences(s: Services): UiPreferences {
  const parsed = UiPreferences.safeParse(s.host.settings.get(UI_PREFERENCES_KEY) ?? {});
  return parsed.success ? parsed.data : {};
}

/** What the app is (app.*) and where it keeps secrets (secrets.*): the host and the vault. */
export function appHandlers(
  s: Services,
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
