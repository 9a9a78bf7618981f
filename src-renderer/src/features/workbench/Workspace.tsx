// The three columns under the header: the tools, the middle column (composer, scenario, runner) and
// the event log, with a splitter between each two. The sizes come from the layout store, clamped
// to the window so a size saved on a wider screen never pushes a pane out of view. F6 and
// Shift+F6 move the focus from pane to pane, as in browsers and IDEs.
import { useEffect, useState } from 'react';
import { Splitter } from '../../components/Splitter';
import { EventLog } from '../event-log/EventLog';
import { useLayout, useStores } from '../../stores/stores-context';
import { CenterColumn } from './CenterColumn';
import { clamp, logWidth, MIN_MIDDLE, MIN_SIZES, toolsWidth } from './layout-store';
import { Sidebar } from './Sidebar';

/** The workspace's padding and each splitter are one --gap (12 px, theme.css) wide. */
const GAP = 12;

/** Where F6 lands in each pane: the control a keyboard user goes on from. */
const PANES: { id: string; focus: string[] }[] = [
  { id: 'pane-tools', focus: ['[role="tab"][aria-selected="true"]'] },
  { id: 'pane-middle', focus: ['[role="tab"][aria-selected="true"]'] },
  { id: 'pane-log', focus: ['[role="listbox"]', '.log-detail'] },
];

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The focusable element F6 should land on in a pane, or null when the pane is not shown. */
function focusTarget(id: string, selectors: string[]): HTMLElement | null {
  const pane = document.getElementById(id);
  if (!pane || pane.hidden) return null;
  for (const selector of selectors) {
    const found = [...pane.querySelectorAll<HTMLElement>(selector)].find(
      (el) => el.getClientRects().length > 0,
    );
    if (found) return found;
  }
  return null;
}

/** F6 / Shift+F6: the next or previous pane shown, from the one holding the focus. */
function cyclePanes(backwards: boolean): void {
  const shown = PANES.flatMap((p) => {
    const target = focusTarget(p.id, p.focus);
    return target ? [{ id: p.id, target }] : [];
  });
  if (shown.length === 0) return;
  const current = shown.findIndex((p) =>
    document.getElementById(p.id)?.contains(document.activeElement),
  );
  const next =
    current === -1
      ? backwards
        ? shown.length - 1
        : 0
      : (current + (backwards ? -1 : 1) + shown.length) % shown.length;
  shown[next]!.target.focus();
}

/** The splitters between the columns: the tools column lies before its splitter, the log after. */
const COLUMN_SPLITTERS = {
  tools: { label: 'Resize the tools column', controls: 'pane-tools', pane: 'before' },
  log: { label: 'Resize the event log column', controls: 'pane-log', pane: 'after' },
} as const;

/** A column's splitter; `max` is what the window leaves it, never under the column's minimum. */
function ColumnSplitter(props: { column: 'tools' | 'log'; value: number; max: number }) {
  const { column, value, max } = props;
  const resize = useLayout((s) => s.resize);
  const reset = useLayout((s) => s.reset);
  return (
    <Splitter
      {...COLUMN_SPLITTERS[column]}
      orientation="vertical"
      value={value}
      min={MIN_SIZES[column]}
      max={Math.max(MIN_SIZES[column], max)}
      unit="pixels"
      onChange={(v) => resize(column, v)}
      onReset={() => reset(column)}
    />
  );
}

export function Workspace() {
  const stores = useStores();
  const sizes = useLayout((s) => s.sizes);
  const widened = useLayout((s) => s.widened);
  const width = useWindowWidth();

  // Asking for a view of the middle column (a shortcut, a run starting) shows it again.
  useEffect(
    () => stores.center.subscribe(() => stores.layout.getState().setWidened(false)),
    [stores],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F6' || e.ctrlKey || e.altKey || e.metaKey) return;
      e.preventDefault();
      cyclePanes(e.shiftKey);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The padding on both sides and the splitters shown.
  const room = width - GAP * (widened ? 3 : 4);
  const logMax = room - MIN_SIZES.tools - (widened ? 0 : MIN_MIDDLE);
  const toolsWanted = toolsWidth(sizes.tools, room);
  const log = clamp(logWidth(sizes.log, room, toolsWanted), MIN_SIZES.log, logMax);
  const toolsMax = room - log - MIN_MIDDLE;
  const tools = clamp(toolsWanted, MIN_SIZES.tools, toolsMax);
  const columns = widened
    ? `minmax(0, 1fr) auto ${log}px`
    : `${tools}px auto minmax(0, 1fr) auto ${log}px`;

  return (
    <main className="workspace" style={{ gridTemplateColumns: columns }}>
      <div className="workspace-column" id="pane-tools">
        <Sidebar />
      </div>
      {widened ? null : <ColumnSplitter column="tools" value={tools} max={toolsMax} />}
      <div className="workspace-column" id="pane-middle" hidden={widened}>
        <CenterColumn />
      </div>
      <ColumnSplitter column="log" value={log} max={logMax} />
      <div className="workspace-column" id="pane-log">
        <EventLog />
      </div>
    </main>
  );
}
