// The composer's views as tabs (the pane is narrow, so they take turns): the form, the raw request,
// the response and the history. Arrow keys move between tabs, as the ARIA tabs pattern has it.
import type { KeyboardEvent } from 'react';

export type ComposerView = 'request' | 'raw' | 'response' | 'history';

const VIEWS: { id: ComposerView; label: string }[] = [
  { id: 'request', label: 'Request' },
  { id: 'raw', label: 'Raw' },
  { id: 'response', label: 'Response' },
  { id: 'history', label: 'History' },
];

export function ViewTabs({
  view,
  onChange,
}: {
  view: ComposerView;
  onChange(view: ComposerView): void;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = VIEWS.findIndex((v) => v.id === view);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = VIEWS[(i + step + VIEWS.length) % VIEWS.length]!;
    onChange(next.id);
    document.getElementById(`composer-tab-${next.id}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Composer views" className="view-tabs" onKeyDown={onKeyDown}>
      {VIEWS.map((v) => (
        <button
          key={v.id}
          id={`composer-tab-${v.id}`}
          type="button"
          role="tab"
          aria-selected={view === v.id}
          aria-controls={`composer-panel-${v.id}`}
          tabIndex={view === v.id ? 0 : -1}
          onClick={() => onChange(v.id)}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
