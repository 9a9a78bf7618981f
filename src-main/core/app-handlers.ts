import type { HandlerGroup } from './dispatch';
import type { Services } from './services';

export function appHandlers(
  s: Services,
): HandlerGroup<'app.info' | 'secrets.setAllowPlainFile' | 'log.list'> {
  return {
    'app.info': async () => ({
      version: s.host.appVersion,
      dataDir: s.host.paths.dataDir,
      sandboxUrl: s.host.sandbox?.baseUrl ?? null,
      secretStorage: { mode: s.vault.mode(), explanation: s.vault.explanation() },
    }),
    'secrets.setAllowPlainFile': async ({ allow }) => {
      s.vault.setAllowPlainFile(allow);
      return { mode: s.vault.mode(), explanation: s.vault.explanation() };
    },
    'log.list': async ({ beforeSeq, limit }) => ({
      records: s.journal.list({ beforeSeq, limit }),
      lastSeq: s.journal.lastSeq(),
    }),
  };
}
