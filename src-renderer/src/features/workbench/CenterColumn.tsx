// The middle column: the composer, the open scenario, the runner, or the endpoint check, one at a
// time, as tabs. Every view stays mounted (hidden when not chosen) so a half-edited request or
// scenario survives.
// Keyboard: arrows move between the tabs, Alt+Shift+1…4 jump from anywhere (Alt+digit is the
// tools' tabs, in Sidebar). The endpoint check's tab says "Check": the column is 360 px at its
// narrowest, and the view's heading says the rest.
import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { Composer } from '../composer/Composer';
import { ScenarioView } from '../collections/ScenarioView';
import { RunnerPane } from '../runner/RunnerPane';
import { EndpointCheckPane } from '../endpoint-check/EndpointCheckPane';
import { useCenter } from '../../stores/stores-context';
import type { CenterView } from './center-store';
import { WidenTools } from './WidenTools';
import './sidebar.css';

const VIEWS: { id: CenterView; label: string; panel: ReactNode }[] = [
  { id: 'composer', label: 'Composer', panel: <Composer /> },
  { id: 'scenario', label: 'Scenario', panel: <ScenarioView /> },
  { id: 'runner', label: 'Runner', panel: <RunnerPane /> },
  { id: 'endpoint-check', label: 'Check', panel: <EndpointCheckPane /> },
];

export function CenterColumn() {
  const view = useCenter((s) => s.view);
  const show = useCenter((s) => s.show);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return;
      // By the physical key: Shift+1 types "!" and, on a Mac, Option+Shift+1 "⁄".
      const digit = /^Digit([1-9])$/.exec(e.code)?.[1];
      const next = digit ? VIEWS[Number(digit) - 1] : undefined;
      if (!next) return;
      e.preventDefault();
      show(next.id);
      document.getElementById(`center-tab-${next.id}`)?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  const onTabKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = VIEWS.findIndex((v) => v.id === view);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = VIEWS[(index + step + VIEWS.length) % VIEWS.length]!;
    show(next.id);
    document.getElementById(`center-tab-${next.id}`)?.focus();
  };

  return (
    <div className="sidebar center-column">
      <div className="tools-strip">
        <div className="sidebar-tabs" role="tablist" aria-label="Main view">
          {VIEWS.map((v, i) => (
            <button
              key={v.id}
              type="button"
              role="tab"
              id={`center-tab-${v.id}`}
              aria-controls={`center-panel-${v.id}`}
              aria-selected={v.id === view}
              aria-keyshortcuts={`Alt+Shift+${i + 1}`}
              title={`Alt+Shift+${i + 1}`}
              tabIndex={v.id === view ? 0 : -1}
              onClick={() => show(v.id)}
              onKeyDown={onTabKeyDown}
            >
              {v.label}
            </button>
          ))}
        </div>
        <WidenTools where="middle" />
      </div>
      {VIEWS.map((v) => (
        <div
          key={v.id}
          className="sidebar-panel"
          role="tabpanel"
          id={`center-panel-${v.id}`}
          aria-labelledby={`center-tab-${v.id}`}
          hidden={v.id !== view}
        >
          {v.panel}
        </div>
      ))}
    </div>
  );
}
