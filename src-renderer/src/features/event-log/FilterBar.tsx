// What the list shows, on one line: a full-text search (the engine searches summaries, URLs,
// parameters and bodies), the kinds as toggles, the signature and the profile, then "More filters"
// for the rarer choices (status and the delivery facets taken from the session itself), and the
// view's Pause and Clear (the journal itself is never cleared).
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LogFacets, LogFilter, RecordKind } from '../../../../src-shared/contract';
import { isFiltered } from './log-view';
import { useLog } from '../../stores/stores-context';
import { MOD_KEY } from '../../components/keys';
import { useDismissOutside } from '../../components/use-dismiss';
import { useApp } from '../../stores/stores-context';

const KINDS: RecordKind[] = ['api', 'delivery', 'forward', 'auth', 'tunnel', 'system'];
const SIGNATURES = ['valid', 'invalid', 'missing', 'unsupported'] as const;
/** Typing waits this long before the engine searches again. */
const SEARCH_DEBOUNCE_MS = 200;

interface ChoiceProps {
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string | undefined) => void;
  /** How a value reads (a profile by its name); the value itself by default. */
  nameOf?: (value: string) => string;
}

/** A select whose empty choice means "any": each filter is one labelled control. */
function Choice({ label, value, options, onChange, nameOf = (v) => v }: ChoiceProps) {
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
          {label}: {nameOf(o)}
        </option>
      ))}
    </select>
  );
}

const STATUSES = ['2xx', '3xx', '4xx', '5xx', 'none'] as const;
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
  const profiles = useApp((s) => s.profiles?.profiles);
  const profileName = (id: string) => profiles?.find((p) => p.id === id)?.name ?? id;

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
        <Choice
          label="Signature"
          value={filter.signature}
          options={SIGNATURES}
          onChange={(v) => setFilter({ signature: v as LogFilter['signature'] })}
        />
        <Choice
          label="Profile"
          value={filter.profileId}
          options={facets.profiles}
          nameOf={profileName}
          onChange={(v) => setFilter({ profileId: v })}
        />
        <MoreFilters />
        {narrowed ? (
          <button type="button" className="link" onClick={resetFilter}>
            Clear filters
          </button>
        ) : null}
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
      <ClearedNote />
    </div>
  );
}

/** The rarer filters behind one button, which counts those set so none is forgotten. */
function MoreFilters() {
  const filter = useLog((s) => s.filter);
  const facets = useLog((s) => s.facets);
  const setFilter = useLog((s) => s.setFilter);
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  useDismissOutside(boxRef, open, () => setOpen(false));
  const set = [filter.status, ...FACET_CHOICES.map((c) => filter[c.key])].filter(
    (v) => typeof v === 'string' && v.trim() !== '',
  ).length;
  return (
    <div className="log-more" ref={boxRef}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="log-more-filters"
        className={set > 0 ? 'has-set' : undefined}
        onClick={() => setOpen(!open)}
      >
        More filters{set > 0 ? ` (${set})` : ''}
      </button>
      {open ? (
        <div
          id="log-more-filters"
          className="log-popover log-more-popover"
          role="group"
          aria-label="More filters"
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <Choice
            label="Status"
            value={filter.status}
            options={STATUSES}
            nameOf={(v) => (v === 'none' ? 'no answer' : v)}
            onChange={(v) => setFilter({ status: v as LogFilter['status'] })}
          />
          {FACET_CHOICES.map((c) => (
            <Choice
              key={c.key}
              label={c.label}
              value={filter[c.key] as string | undefined}
              options={facets[c.facet]}
              onChange={(v) => setFilter({ [c.key]: v })}
            />
          ))}
        </div>
      ) : null}
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
