// Past API calls of the active profile (api.search over the journal, newest first): search them,
// reopen one in the composer to edit and send again, copy one as cURL (redacted unless asked), or
// export one or a selection as HAR 1.2.
import { useEffect, useState, type RefObject } from 'react';
import type { ApiRecord } from '../../../../src-shared/contract';
import { downloadFile } from '../../components/download';
import { clockTime, urlPath } from '../../format';
import { useComposer, useComposerHistory } from '../../stores/stores-context';
import { copyText } from './clipboard';
import { SEARCH_SHORTCUTS } from './shortcuts';
import { SaveToCollectionButton, proposedFileName } from '../collections/SaveToCollectionDialog';

interface HistoryPanelProps {
  searchRef: RefObject<HTMLInputElement | null>;
  onReopened(): void;
}

export function HistoryPanel({ searchRef, onReopened }: HistoryPanelProps) {
  const query = useComposerHistory((s) => s.query);
  const setQuery = useComposerHistory((s) => s.setQuery);
  const records = useComposerHistory((s) => s.records);
  const searching = useComposerHistory((s) => s.searching);
  const error = useComposerHistory((s) => s.error);
  const selected = useComposerHistory((s) => s.selected);
  const har = useComposerHistory((s) => s.har);
  const clearSelection = useComposerHistory((s) => s.clearSelection);
  const [message, setMessage] = useState<string | null>(null);
  const [curl, setCurl] = useState<{ seq: number; command: string; notes: string[] } | null>(null);

  const exportHar = async (seqs: number[]) => {
    setMessage('Building the HAR file…');
    const out = await har(seqs);
    if ('error' in out) {
      setMessage(out.error);
      return;
    }
    downloadFile({ filename: out.filename, mimeType: 'application/json', content: out.json });
    setMessage(`Downloaded ${out.filename} (${seqs.length} call${seqs.length === 1 ? '' : 's'}).`);
  };

  return (
    <div className="history">
      <div className="history-search">
        <label htmlFor="composer-history-search" className="quiet">
          Search history
        </label>
        <input
          id="composer-history-search"
          ref={searchRef}
          type="search"
          className="mono"
          placeholder="method, URL, parameter, status, body…"
          aria-keyshortcuts={SEARCH_SHORTCUTS}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div className="history-toolbar">
        <span className="quiet" role="status">
          {searching
            ? 'Searching the journal…'
            : `${records.length} call${records.length === 1 ? '' : 's'}${query ? ' match' : ''}`}
        </span>
        <button
          type="button"
          disabled={selected.length === 0}
          onClick={() => void exportHar([...selected].sort((a, b) => a - b))}
        >
          Export selected as HAR ({selected.length})
        </button>
        {selected.length > 0 ? (
          <button type="button" className="link" onClick={clearSelection}>
            Clear selection
          </button>
        ) : null}
      </div>
      {error ? <p className="param-error">{error}</p> : null}
      {message ? (
        <p className="quiet" role="status">
          {message}
        </p>
      ) : null}
      {curl ? <CurlBox key={curl.seq} curl={curl} onClose={() => setCurl(null)} /> : null}
      <ul className="history-list" aria-label="Past calls">
        {records.map((r) => (
          <HistoryRow
            key={r.seq}
            record={r}
            onReopened={onReopened}
            onMessage={setMessage}
            onCurl={setCurl}
            onHar={(seq) => void exportHar([seq])}
          />
        ))}
      </ul>
    </div>
  );
}

interface RowProps {
  record: ApiRecord;
  onReopened(): void;
  onMessage(m: string | null): void;
  onCurl(c: { seq: number; command: string; notes: string[] }): void;
  onHar(seq: number): void;
}

function HistoryRow({ record, onReopened, onMessage, onCurl, onHar }: RowProps) {
  const selected = useComposerHistory((s) => s.selected.includes(record.seq));
  const toggle = useComposerHistory((s) => s.toggle);
  const curl = useComposerHistory((s) => s.curl);
  const reopen = useComposer((s) => s.reopen);
  const { api } = record;
  const name = `#${record.seq} ${api.method} ${urlPath(api.url)} → ${api.status ?? 'no response'}`;
  return (
    <li className="history-row" aria-label={name}>
      <input
        type="checkbox"
        aria-label={`Select #${record.seq} for export`}
        checked={selected}
        onChange={() => toggle(record.seq)}
      />
      <div className="history-main">
        <div className="mono history-line">
          <span className="quiet">#{record.seq}</span> <span className="method">{api.method}</span>{' '}
          {urlPath(api.url)}{' '}
          <span className={api.status !== null && api.status < 400 ? 'ok-text' : 'text-error'}>
            {api.status ?? 'no response'}
          </span>
        </div>
        <div className="quiet history-meta">
          {clockTime(record.at)} · {record.summary}
        </div>
      </div>
      <div className="history-actions">
        <button
          type="button"
          aria-label={`Reopen #${record.seq}`}
          onClick={() =>
            void reopen(record.seq).then((err) => {
              onMessage(err);
              if (!err) onReopened();
            })
          }
        >
          Reopen
        </button>
        <button
          type="button"
          aria-label={`Copy #${record.seq} as cURL`}
          onClick={() =>
            void curl(record.seq, false).then((out) => {
              if ('error' in out) onMessage(out.error);
              else onCurl({ seq: record.seq, ...out });
            })
          }
        >
          cURL
        </button>
        <button
          type="button"
          aria-label={`Export #${record.seq} as HAR`}
          onClick={() => onHar(record.seq)}
        >
          HAR
        </button>
        <SaveToCollectionButton
          label={`Save #${record.seq} to collection`}
          source={() => ({ seq: record.seq })}
          proposedName={proposedFileName(urlPath(api.url))}
        />
      </div>
    </li>
  );
}

function CurlBox({
  curl,
  onClose,
}: {
  curl: { seq: number; command: string; notes: string[] };
  onClose(): void;
}) {
  const fetchCurl = useComposerHistory((s) => s.curl);
  const [command, setCommand] = useState(curl.command);
  const [withSecrets, setWithSecrets] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [notes, setNotes] = useState(curl.notes);

  const copy = async (text: string) => {
    const words = await copyText(text);
    setCopied(words);
  };
  // Copy straight away: that is what the person asked for.
  useEffect(() => {
    let live = true;
    void copyText(curl.command).then((words) => live && setCopied(words));
    return () => {
      live = false;
    };
  }, [curl.command]);

  const toggleSecrets = async (include: boolean) => {
    const out = await fetchCurl(curl.seq, include);
    if ('error' in out) {
      setNotes([out.error]);
      return;
    }
    setWithSecrets(include);
    setCommand(out.command);
    setNotes(out.notes);
    await copy(out.command);
  };

  return (
    <div className="curl-box" role="group" aria-label={`cURL of #${curl.seq}`}>
      <div className="curl-head">
        <span className="quiet" role="status">
          {copied}
          {withSecrets ? ' It holds secrets in clear: do not share it.' : ' Secrets redacted.'}
        </span>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={withSecrets}
            onChange={(e) => void toggleSecrets(e.target.checked)}
          />
          Include secrets
        </label>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </div>
      <pre
        className="raw-text mono"
        role="textbox"
        aria-readonly="true"
        aria-multiline="true"
        aria-label="cURL command"
        tabIndex={0}
      >
        {command}
      </pre>
      {notes.map((n) => (
        <p key={n} className="quiet">
          {n}
        </p>
      ))}
    </div>
  );
}
