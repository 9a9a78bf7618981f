// The collection's folders and scenarios as a tree (WAI-ARIA tree pattern, flat with aria-level):
// arrows move and open or close folders, Home/End jump, Enter opens a scenario (or a folder),
// Ctrl/Cmd+Enter runs it (a scenario, or a folder's scenarios) and shows the Runner,
// Alt+ArrowUp/Down moves the item among its folder's items, F2 renames, Delete asks to delete.
// One item is a Tab stop at a time (roving tabindex): the selected one.
import type { KeyboardEvent } from 'react';
import type { CollectionItem } from '../../../../src-shared/contract';
import { useCenter, useCollections } from '../../stores/stores-context';
import { isSendKey } from '../composer/shortcuts';
import { visibleRows, type TreeRow } from './tree';
import { useOpenScenario } from './use-open-scenario';

type ItemIntent = 'rename' | 'delete';

const idOf = (path: string) => `collection-item-${encodeURIComponent(path)}`;

export function focusItem(path: string) {
  requestAnimationFrame(() => document.getElementById(idOf(path))?.focus());
}

/** The item's accessible name: what it is, its size and its problems. */
function itemLabel(item: CollectionItem): string {
  const problems = item.problems.length;
  const trouble = problems ? `, ${problems} problem${problems === 1 ? '' : 's'}` : '';
  if (item.kind === 'folder') return `${item.name}, folder${trouble}`;
  return `${item.name}, ${item.steps} step${item.steps === 1 ? '' : 's'}${trouble}`;
}

export function CollectionTree({ onIntent }: { onIntent(intent: ItemIntent): void }) {
  const view = useCollections((s) => s.view);
  const expanded = useCollections((s) => s.expanded);
  const search = useCollections((s) => s.search);
  const selected = useCollections((s) => s.selected);
  const select = useCollections((s) => s.select);
  const toggle = useCollections((s) => s.toggle);
  const move = useCollections((s) => s.move);
  const run = useCollections((s) => s.run);
  const showCenter = useCenter((s) => s.show);
  const openScenario = useOpenScenario();
  const rows = visibleRows(view?.items ?? [], expanded, search);
  const current = rows.find((r) => r.item.path === selected) ?? rows[0];

  if (!view) return null;
  if (rows.length === 0) {
    return (
      <p className="quiet tree-empty">
        {search
          ? `Nothing matches “${search}”.`
          : 'This collection has no scenario yet: use New scenario, or save a request from the composer.'}
      </p>
    );
  }

  const go = (row: TreeRow | undefined) => {
    if (!row) return;
    select(row.item.path);
    focusItem(row.item.path);
  };
  const activate = (row: TreeRow) => {
    if (row.item.kind === 'folder') toggle(row.item.path);
    else openScenario(row.item.path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!current) return;
    const index = rows.indexOf(current);
    const { item } = current;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      void move(item.path, e.key === 'ArrowUp' ? -1 : 1).then(() => focusItem(item.path));
      return;
    }
    if (isSendKey(e) && !e.altKey && !e.shiftKey) {
      e.preventDefault();
      void run({ paths: [item.path] }).then((ok) => ok && showCenter('runner'));
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const folderOpen = item.kind === 'folder' && current.expanded;
    const actions: Record<string, () => void> = {
      ArrowDown: () => go(rows[index + 1]),
      ArrowUp: () => go(rows[index - 1]),
      Home: () => go(rows[0]),
      End: () => go(rows[rows.length - 1]),
      ArrowRight: () => {
        if (item.kind !== 'folder') return;
        if (!folderOpen) toggle(item.path, true);
        else go(rows[index + 1]?.dir === item.path ? rows[index + 1] : undefined);
      },
      ArrowLeft: () => {
        if (folderOpen && !search) toggle(item.path, false);
        else go(rows.find((r) => r.item.path === current.dir));
      },
      Enter: () => activate(current),
      F2: () => onIntent('rename'),
      Delete: () => onIntent('delete'),
    };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  return (
    <ul
      className="collection-tree"
      role="tree"
      aria-label={`Collection ${view.name}`}
      onKeyDown={onKeyDown}
    >
      {rows.map((row) => (
        <TreeRowItem
          key={row.item.path}
          row={row}
          selected={row === current}
          onSelect={() => select(row.item.path)}
          onActivate={() => activate(row)}
          onToggle={() => toggle(row.item.path)}
        />
      ))}
    </ul>
  );
}

interface RowProps {
  row: TreeRow;
  selected: boolean;
  onSelect(): void;
  onActivate(): void;
  onToggle(): void;
}

function TreeRowItem({ row, selected, onSelect, onActivate, onToggle }: RowProps) {
  const { item, level, expanded } = row;
  const folder = item.kind === 'folder';
  const problems = item.problems.length;
  return (
    <li
      id={idOf(item.path)}
      role="treeitem"
      aria-level={level}
      aria-selected={selected}
      aria-expanded={folder ? expanded : undefined}
      aria-label={itemLabel(item)}
      tabIndex={selected ? 0 : -1}
      className={`tree-row${selected ? ' selected' : ''}${problems ? ' has-problems' : ''}`}
      style={{ paddingLeft: `${(level - 1) * 14 + 4}px` }}
      title={item.path}
      onClick={() => {
        onSelect();
        if (folder) onToggle();
      }}
      onDoubleClick={folder ? undefined : onActivate}
    >
      <span className="tree-twisty" aria-hidden="true">
        {folder ? (expanded ? '▾' : '▸') : ''}
      </span>
      <span className={`tree-name${folder ? ' tree-folder' : ''}`}>{item.name}</span>
      {!folder && item.name !== item.path ? (
        <span className="tree-file quiet mono">{item.path.split('/').pop()}</span>
      ) : null}
      <span className="tree-meta">
        {problems ? (
          <span className="problem-badge" title={item.problems.map((p) => p.message).join('\n')}>
            ⚠ {problems}
          </span>
        ) : null}
        {folder ? null : (
          <span className="quiet" title={`${item.steps} step${item.steps === 1 ? '' : 's'}`}>
            {item.steps}
          </span>
        )}
      </span>
    </li>
  );
}
