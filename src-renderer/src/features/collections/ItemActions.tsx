// What the tree's selected item can do, as a toolbar over the tree, and the small inline forms some
// actions need: a new name (rename, new scenario, new folder) or a confirmation (delete). New items
// go into the selected folder, or beside the selected scenario.
import { useState, type FormEvent } from 'react';
import { useCenter, useCollections, useScenario } from '../../stores/stores-context';
import { baseName, dirOf, findItem } from './tree';
import { focusItem } from './CollectionTree';
import { useOpenScenario } from './use-open-scenario';
import { SEND_KEYS, SEND_SHORTCUT } from '../composer/shortcuts';

export type ItemMode = 'rename' | 'delete' | 'new-scenario' | 'new-folder' | null;

interface Props {
  mode: ItemMode;
  setMode(mode: ItemMode): void;
}

export function ItemActions({ mode, setMode }: Props) {
  const view = useCollections((s) => s.view);
  const selected = useCollections((s) => s.selected);
  const { duplicate, move, run } = useCollections((s) => s);
  const showCenter = useCenter((s) => s.show);
  const openScenario = useOpenScenario();
  const item = selected && view ? findItem(view.items, selected) : undefined;
  const scenario = item?.kind === 'scenario';

  const runItem = async () => {
    if (item && (await run({ paths: [item.path] }))) showCenter('runner');
  };

  return (
    <>
      <div
        className="item-actions"
        role="toolbar"
        aria-label={item ? `Actions for ${item.name}` : 'Item actions'}
      >
        <button type="button" disabled={!scenario} onClick={() => item && openScenario(item.path)}>
          Open
        </button>
        <button
          type="button"
          disabled={!item}
          title={`Run (${SEND_KEYS} in the tree)`}
          aria-keyshortcuts={SEND_SHORTCUT}
          onClick={() => void runItem()}
        >
          Run
        </button>
        <button type="button" disabled={!item} onClick={() => setMode('rename')}>
          Rename
        </button>
        <button
          type="button"
          disabled={!scenario}
          onClick={() => item && void duplicate(item.path).then((p) => p && focusItem(p))}
        >
          Duplicate
        </button>
        <button type="button" disabled={!item} onClick={() => setMode('delete')}>
          Delete
        </button>
        <button
          type="button"
          disabled={!item}
          aria-label="Move up"
          title="Move up (Alt+↑)"
          aria-keyshortcuts="Alt+ArrowUp"
          onClick={() => item && void move(item.path, -1)}
        >
          ↑
        </button>
        <button
          type="button"
          disabled={!item}
          aria-label="Move down"
          title="Move down (Alt+↓)"
          aria-keyshortcuts="Alt+ArrowDown"
          onClick={() => item && void move(item.path, 1)}
        >
          ↓
        </button>
        <span className="toolbar-gap" />
        <button type="button" onClick={() => setMode('new-scenario')}>
          New scenario
        </button>
        <button type="button" onClick={() => setMode('new-folder')}>
          New folder
        </button>
      </div>
      {mode ? (
        <ItemForm
          key={`${mode}:${selected ?? ''}`}
          mode={mode}
          path={item?.path ?? null}
          targetDir={item ? (item.kind === 'folder' ? item.path : dirOf(item.path)) : ''}
          close={() => setMode(null)}
        />
      ) : null}
    </>
  );
}

interface FormProps {
  mode: Exclude<ItemMode, null>;
  path: string | null;
  targetDir: string;
  close(): void;
}

function ItemForm({ mode, path, targetDir, close }: FormProps) {
  const { rename, remove, newScenario, newFolder } = useCollections((s) => s);
  const movedScenario = useScenario((s) => s.moved);
  const openScenario = useOpenScenario();
  const [name, setName] = useState(mode === 'rename' && path ? baseName(path) : '');
  const where = targetDir ? `in ${targetDir}/` : 'at the top';

  const done = (focus: string | null) => {
    close();
    if (focus) focusItem(focus);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'delete') {
      if (path && (await remove(path))) done(null);
      return;
    }
    if (!name.trim()) return;
    if (mode === 'rename' && path) {
      const to = await rename(path, name);
      if (to) movedScenario(path, to);
      done(to);
    } else if (mode === 'new-scenario') {
      const created = await newScenario(targetDir, name);
      if (created) {
        done(created);
        openScenario(created);
      }
    } else if (mode === 'new-folder') done(await newFolder(targetDir, name));
  };

  if ((mode === 'rename' || mode === 'delete') && !path) return null;
  const label = {
    rename: `Rename ${path ?? ''}`,
    delete: `Delete ${path ?? ''}`,
    'new-scenario': `New scenario ${where}`,
    'new-folder': `New folder ${where}`,
  }[mode];
  return (
    <form
      className="item-form"
      aria-label={label}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          done(path);
        }
      }}
    >
      {mode === 'delete' ? (
        <p>
          Delete <span className="mono">{path}</span> from disk? A file under version control can be
          brought back from there; otherwise it is gone.
        </p>
      ) : (
        <label className="stacked-label">
          <span>{label}</span>
          <input
            className="mono"
            type="text"
            // The form appears on the person's request: the field is where they type next.
            autoFocus
            value={name}
            placeholder={mode === 'new-folder' ? 'folder name' : 'file name (.yaml)'}
            spellCheck={false}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
      )}
      <div className="actions">
        <button
          type="submit"
          className={mode === 'delete' ? 'danger' : 'primary'}
          autoFocus={mode === 'delete'}
        >
          {
            {
              rename: 'Rename',
              delete: 'Delete',
              'new-scenario': 'Create',
              'new-folder': 'Create',
            }[mode]
          }
        </button>
        <button type="button" onClick={() => done(path)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
