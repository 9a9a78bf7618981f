// The middle column: the composer, the open scenario, or the runner, one at a time, as tabs. Every
// view stays mounted (hidden when not chosen) so a half-edited request or scenario survives.
import type { KeyboardEvent, ReactNode } from 'react';
import { Composer } from '../composer/Composer';
import { ScenarioView } from '../collections/ScenarioView';
import { RunnerPane } from '../runner/RunnerPane';
import { useCenter } from '../../stores/stores-context';
import type { CenterView } from './center-store';
import './sidebar.css';

const VIEWS: { id: CenterView; label: string; panel: ReactNode }[] = [
  { id: 'composer', label: 'Composer', panel: <Composer /> },
  { id: 'scenario', label: 'Scenario', panel: <ScenarioView /> },
  { id: 'runner', label: 'Runner', panel: <RunnerPane /> },
];

export function CenterColumn() {
  const view = useCenter((s) => s.view);
  const show = useCenter((s) => s.show);

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
      <div className="sidebar-tabs" role="tablist" aria-label="Main view">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            role="tab"
            id={`center-tab-${v.id}`}
            aria-controls={`center-panel-${v.id}`}
            aria-selected={v.id === view}
            tabIndex={v.id === view ? 0 : -1}
            onClick={() => show(v.id)}
            onKeyDown={onTabKeyDown}
          >
            {v.label}
          </button>
        ))}
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
