// The event log's list above the selected record's detail, with a splitter between them (its
// share remembered with the window's layout), and the control that lets the detail fill the whole
// event log column for a long body; Escape from inside the detail gives the list back.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Splitter } from '../../components/Splitter';
import { useLayout } from '../../stores/stores-context';
import { LIST_LIMITS } from '../workbench/layout-store';

export function LogSplit({ list, detail }: { list: ReactNode; detail: ReactNode }) {
  const share = useLayout((s) => s.sizes.list);
  const maximized = useLayout((s) => s.detailMaximized);
  const setMaximized = useLayout((s) => s.setDetailMaximized);
  const resize = useLayout((s) => s.resize);
  const reset = useLayout((s) => s.reset);
  const split = useRef<HTMLDivElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !maximized || e.defaultPrevented) return;
    e.preventDefault();
    setMaximized(false);
  };

  return (
    <div
      ref={split}
      className={`log-split${maximized ? ' detail-max' : ''}`}
      style={{
        gridTemplateRows: maximized
          ? 'minmax(0, 1fr)'
          : `minmax(60px, ${share}fr) auto minmax(80px, ${100 - share}fr)`,
      }}
      onKeyDown={onKeyDown}
    >
      <div className="log-list-part" id="log-list-part" hidden={maximized}>
        {list}
      </div>
      {maximized ? null : (
        <Splitter
          label="Resize the record list"
          controls="log-list-part"
          orientation="horizontal"
          pane="before"
          value={share}
          min={LIST_LIMITS.min}
          max={LIST_LIMITS.max}
          unit="percent"
          step={4}
          pixelsPerUnit={() => (split.current?.clientHeight ?? 100) / 100}
          onChange={(v) => resize('list', v)}
          onReset={() => reset('list')}
        />
      )}
      {detail}
    </div>
  );
}

/** In the detail's heading: the detail takes the whole event log column, or gives it back. */
export function MaximizeDetail() {
  const maximized = useLayout((s) => s.detailMaximized);
  const setMaximized = useLayout((s) => s.setDetailMaximized);
  return (
    <button
      type="button"
      className="toggle"
      aria-pressed={maximized}
      aria-keyshortcuts={maximized ? 'Escape' : undefined}
      title={
        maximized
          ? 'Give the list back (Esc)'
          : 'Let the detail fill the event log column (Esc gives the list back)'
      }
      onClick={() => setMaximized(!maximized)}
    >
      Maximize
    </button>
  );
}
