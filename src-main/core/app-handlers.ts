import type { appCommands, secretsCommands } from '../../src-shared/contract';
import type { HandlerGroup } from './dispatch';
import type { Services } from './services';

/** The port the sandbox wanted when it listens on another: it was taken. */
export function sandboxPortTaken(
  sandbox: { baseUrl: string; wantedPort?: number } | undefined,
): number | null {
  if (!sandbox?.wantedPort) return null;
  return new URL(sandbox.baseUrl).port === String(sandbox.wantedPort) ? null : sandbox.wantedPort;
}

/** What the app is (app.info) and where it keeps secrets (secrets.*): the host and the vault. */
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
    'secrets.setAllowPlainFile': async ({ allow }) => {
      s.vault.setAllowPlainFile(allow);
      return { mode: s.vault.mode(), explanation: s.vault.explanation() };
    },
  };
}
