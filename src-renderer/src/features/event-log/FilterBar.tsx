// What the list shows: a full-text search (the engine searches summaries, URLs, parameters and
// bodies), the kinds as toggles, the delivery facets as choices taken from the session itself,
// and the view's Pause and Clear (the journal itself is never cleared).
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LogFacets, LogFilter, RecordKind } from '../../../../src-shared/contract';
import { isFiltered } from './log-store';
import { useLog } from '../../stores/stores-context';
import { MOD_KEY } from '../../components/keys';

const KINDS: RecordKind[] = ['api', 'delivery', 'forward', 'auth', 'tunnel', 'system'];
/** Typing waits this long before the engine searches again. */
const SEARCH_DEBOUNCE_MS = 200;

interface ChoiceProps {
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string | undefined) => void;
}

/** A select whose empty choice means "any": each filter is one labelled control. */
function Choice({ label, value, options, onChange }: ChoiceProps) {
  // The value stays a choice even if it is not among the facets (set by "Show in event log").
  const all = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <select
      className="log-choice"
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      <option value="">{label}: any</option>
      {all.map((o) => (
        <option key={o} value={o}>
          {label}: {o}
        </option>
      ))}
    </select>
  );
}

const FACET_CHOICES: Array<{ key: keyof LogFilter; label: string; facet: keyof LogFacets }> = [
  { key: 'eventType', label: 'Event type', facet: 'eventTypes' },
  { key: 'msgType', label: 'msg_type', facet: 'msgTypes' },
  { key: 'userId', label: 'User', facet: 'users' },
  { key: 'roomId', label: 'Room', facet: 'rooms' },
  { key: 'contactId', label: 'Contact', facet: 'contacts' },
];

export function FilterBar({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const filter = useLog((s) => s.filter);
  const facets = useLog((s) => s.facets);
  const setFilter = useLog((s) => s.setFilter);
  const resetFilter = useLog((s) => s.resetFilter);
  const paused = useLog((s) => s.paused);
  const setPaused = useLog((s) => s.setPaused);
  const clearView = useLog((s) => s.clearView);
  const [text, setText] = useState(filter.text ?? '');
  const typed = useRef(false);

  // Search as the person types, once they pause.
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(
      () => setFilter({ text: text.trim() || undefined }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, setFilter]);
  // A reset elsewhere empties the box too.
  useEffect(() => {
    if (filter.text === undefined) setText('');
  }, [filter.text]);

  const kinds = filter.kinds ?? [];
  const toggleKind = (k: RecordKind) =>
    setFilter({ kinds: kinds.includes(k) ? kinds.filter((x) => x !== k) : [...kinds, k] });
  const narrowed = isFiltered(filter);

  return (
    <div className="log-filters" role="search" aria-label="Filter records">
      <div className="log-filter-row">
        <input
          ref={searchRef}
          type="search"
          className="log-search mono"
          aria-label="Search records"
          placeholder={`Search bodies, URLs, summaries (/ or ${MOD_KEY}+F)`}
          value={text}
          onChange={(e) => {
            typed.current = true;
            setText(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setFilter({ text: text.trim() || undefined });
          }}
        />
        <button
          type="button"
          aria-pressed={paused}
          title="Stop following new records; they are counted until you resume"
          onClick={() => setPaused(!paused)}
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button
          type="button"
          title="Empties this view; the journal on disk and exports keep every record"
          onClick={clearView}
        >
          Clear view
        </button>
      </div>
      <div className="log-filter-row">
        <div className="log-kinds" role="group" aria-label="Kinds">
          {KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className={`toggle kind-toggle kind-${k}`}
              aria-pressed={kinds.includes(k)}
              onClick={() => toggleKind(k)}
            >
              {k}
            </button>
          ))}
        </div>
        <select
          aria-label="Signature"
          value={filter.signature ?? ''}
          onChange={(e) =>
            setFilter({
              signature: (e.target.value || undefined) as LogFilter['signature'],
            })
          }
        >
          <option value="">Signature: any</option>
          <option value="valid">Signature: valid</option>
          <option value="invalid">Signature: invalid</option>
          <option value="missing">Signature: missing</option>
          <option value="unsupported">Signature: unsupported</option>
        </select>
        <select
          aria-label="Status"
          value={filter.status ?? ''}
          onChange={(e) =>
            setFilter({ status: (e.target.value || undefined) as LogFilter['status'] })
          }
        >
          <option value="">Status: any</option>
          <option value="2xx">Status: 2xx</option>
          <option value="3xx">Status: 3xx</option>
          <option value="4xx">Status: 4xx</option>
          <option value="5xx">Status: 5xx</option>
          <option value="none">Status: no answer</option>
        </select>
        {FACET_CHOICES.map((c) => (
          <Choice
            key={c.key}
            label={c.label}
            value={filter[c.key] as string | undefined}
            options={facets[c.facet]}
            onChange={(v) => setFilter({ [c.key]: v })}
          />
        ))}
        {narrowed ? (
          <button type="button" className="link" onClick={resetFilter}>
            Clear filters
          </button>
        ) : null}
      </div>
      <ClearedNote />
    </div>
  );
}

/** Says that Clear hid records from the view only, and brings them back. */
function ClearedNote() {
  const afterSeq = useLog((s) => s.filter.afterSeq);
  const setFilter = useLog((s) => s.setFilter);
  if (afterSeq === undefined) return null;
  return (
    <p className="log-cleared quiet" role="status">
      View cleared after #{afterSeq}: the journal still has every record.{' '}
      <button type="button" className="link" onClick={() => setFilter({ afterSeq: undefined })}>
        Show cleared records
      </button>
    </p>
  );
}
