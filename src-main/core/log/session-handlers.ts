import { JournalRecord, type sessionsCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import { toHar } from './session-export-har';
import { toHtmlReport } from './session-export-html';
import type { Services } from '../services';
import type { Redactor } from './redact';

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
      const { name, ndjson, records: kept } = s.sessions.read(id);
      const base = `tp-inspector-${slug(name)}`;
      // Redacted again on the way out: a session written before a secret was known (or by an
      // older version) holds it in clear, and an export is what leaves the machine. The records
      // first, so each format's own escaping (JSON, HTML) cannot hide a secret from the search;
      // then the text, for what a format adds.
      const records = kept.map((r) => s.redactor.record(r));
      switch (format) {
        case 'ndjson':
          return {
            filename: `${base}.ndjson`,
            mimeType: 'application/x-ndjson',
            content: redactedNdjson(ndjson, s.redactor),
          };
        case 'har':
          return {
            filename: `${base}.har`,
            mimeType: 'application/json',
            content: s.redactor.text(toHar(records, s.host.appVersion)),
          };
        case 'html':
          return {
            filename: `${base}.html`,
            mimeType: 'text/html',
            content: s.redactor.text(toHtmlReport(name, records, s.host.appVersion)),
          };
      }
    },
  };
}

/**
 * The session's file line by line, each record read (which cuts an expected signature kept whole
 * by an older version to its start) and redacted; a line that is not a record (torn by a crash)
 * stays, redacted as text.
 */
function redactedNdjson(ndjson: string, redactor: Redactor): string {
  return ndjson
    .split('\n')
    .map((line) => {
      if (!line.trim()) return line;
      try {
        const parsed = JournalRecord.safeParse(JSON.parse(line));
        if (parsed.success) return JSON.stringify(redactor.record(parsed.data));
      } catch {
        // Not JSON: kept as it is, as the journal itself skips it.
      }
      return redactor.text(line);
    })
    .join('\n');
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'session';
