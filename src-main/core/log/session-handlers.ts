import type { sessionsCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import { toHar } from './session-export-har';
import { toHtmlReport } from './session-export-html';
import type { Services } from '../services';

export function sessionHandlers(s: Services): HandlerGroup<keyof typeof sessionsCommands> {
  const changed = () => {
    const state = s.sessions.state();
    s.events.emit('sessions.changed', state);
    return state;
  };
  return {
    'sessions.list': async () => s.sessions.state(),
    'sessions.start': async ({ name }) => {
      s.sessions.start(name);
      return changed();
    },
    'sessions.switch': async ({ sessionId }) => {
      s.sessions.switchTo(sessionId);
      return changed();
    },
    'sessions.export': async ({ sessionId, format }) => {
      const id = sessionId ?? s.sessions.state().activeId;
      const { name, ndjson, records } = s.sessions.read(id);
      const base = `tp-inspector-${slug(name)}`;
      switch (format) {
        case 'ndjson':
          return { filename: `${base}.ndjson`, mimeType: 'application/x-ndjson', content: ndjson };
        case 'har':
          return {
            filename: `${base}.har`,
            mimeType: 'application/json',
            content: toHar(records, s.host.appVersion),
          };
        case 'html':
          return {
            filename: `${base}.html`,
            mimeType: 'text/html',
            content: toHtmlReport(name, records, s.host.appVersion),
          };
      }
    },
  };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'session';
