// "Save to collection": a request from the composer, a History entry or an `api` record of the
// Event log, saved as a scenario of one request step (or added as a step to an existing one) in
// the open collection or a recent one (collections.saveRequest). The engine writes no secret: the
// token is named by who acts, the client secret by {{client_secret}}.
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { CommandInput } from '../../../../src-shared/contract';
import { useCollections } from '../../stores/stores-context';
import { allScenarios, scenarioFileName } from './tree';
import { useOpenScenario } from './use-open-scenario';
import './save-dialog.css';

type Source = CommandInput<'collections.saveRequest'>['source'];

interface ButtonProps {
  /** Read when the button is pressed, so it is the request as it is then. */
  source(): Source;
  /** A file name to propose, without extension. */
  proposedName: string;
  /** Names the button for one entry among many ("Save #12 to collection"). */
  label?: string;
}

interface OpenDialog {
  source: Source;
  proposedName: string;
}

/**
 * Where the one Save dialog lives: at the window's root, so it stays open whatever happens to the
 * button that opened it (a History row or a record's detail can be drawn again, or go, while the
 * person types in the dialog). Without a host around it, a button keeps its own dialog.
 */
const SaveDialogHost = createContext<((dialog: OpenDialog) => void) | null>(null);

export function SaveToCollectionHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  return (
    <SaveDialogHost.Provider value={setOpen}>
      {children}
      {open ? <SaveToCollectionDialog {...open} onClose={() => setOpen(null)} /> : null}
    </SaveDialogHost.Provider>
  );
}

export function SaveToCollectionButton({ source, proposedName, label }: ButtonProps) {
  const host = useContext(SaveDialogHost);
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const show = host ?? setOpen;
  return (
    <>
      <button
        type="button"
        aria-label={label ?? 'Save to collection'}
        aria-haspopup="dialog"
        onClick={() => show({ source: source(), proposedName })}
      >
        Save to collection
      </button>
      {open ? <SaveToCollectionDialog {...open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** A file name from an endpoint id or a URL path: `message.send` → `message-send`. */
export function proposedFileName(from: string): string {
  const path = from.replace(/^https?:\/\/[^/]+/, '').replace(/\.json$/, '');
  const name = path.replace(/^\/?tp\//, '').replace(/[^A-Za-z0-9_-]+/g, '-');
  return name.replace(/^-+|-+$/g, '') || 'request';
}

interface DialogProps {
  source: Source;
  proposedName: string;
  onClose(): void;
}

function SaveToCollectionDialog({ source, proposedName, onClose }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const openFolder = useCollections((s) => s.folder);
  const view = useCollections((s) => s.view);
  const recent = useCollections((s) => s.recent);
  const saveRequest = useCollections((s) => s.saveRequest);
  const lastSaved = useCollections((s) => s.lastSaved);
  const openScenario = useOpenScenario();
  const folders = [
    ...new Set([...(openFolder ? [openFolder] : []), ...recent.map((r) => r.folder)]),
  ];
  const [folder, setFolder] = useState(folders[0] ?? '');
  const [file, setFile] = useState(proposedName);
  const [appendChosen, setAppend] = useState(false);
  const scenarios = folder === openFolder && view ? allScenarios(view.items) : [];
  // Another folder may hold no scenario of the open collection to add to: then it is a new file.
  const append = appendChosen && scenarios.length > 0;
  const lastPath = lastSaved?.folder === folder ? lastSaved.path : undefined;
  const [picked, setTarget] = useState<string | null>(null);
  // The scenario picked, else the one the last request went into, else the first: the choice
  // follows the folder field rather than naming a scenario of another folder.
  const target =
    [picked, lastPath].find((p) => p && scenarios.some((s) => s.path === p)) ??
    scenarios[0]?.path ??
    '';
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!folder.trim()) return;
    setBusy(true);
    setError(null);
    if (append && !target) return;
    const path = append ? target : file.trim() ? scenarioFileName(file) : undefined;
    const out = await saveRequest({
      folder: folder.trim(),
      source,
      append,
      ...(path ? { path } : {}),
      ...(name.trim() ? { name: name.trim() } : {}),
    });
    setBusy(false);
    if (out.ok) {
      setSaved(out.value.path);
      setNotes(out.value.notes);
    } else setError(out.error);
  };

  return (
    <dialog
      ref={ref}
      className="save-dialog"
      aria-labelledby="save-dialog-title"
      // Its own keys: Ctrl/Cmd+Enter here must not send the composer's request behind it.
      data-own-send-key
      onClose={onClose}
    >
      <form onSubmit={(e) => void submit(e)}>
        <h2 id="save-dialog-title">Save to collection</h2>
        <label className="stacked-label">
          <span>Collection folder</span>
          <input
            className="mono"
            type="text"
            list="save-dialog-folders"
            value={folder}
            placeholder="/path/to/checks"
            spellCheck={false}
            onChange={(e) => setFolder(e.target.value)}
          />
          <datalist id="save-dialog-folders">
            {folders.map((f) => (
              <option key={f} value={f} />
            ))}
          </datalist>
        </label>
        <fieldset className="save-mode">
          <legend>Save as</legend>
          <label className="inline-check">
            <input
              type="radio"
              name="save-mode"
              checked={!append}
              onChange={() => setAppend(false)}
            />
            A new file
          </label>
          <label className="inline-check">
            <input
              type="radio"
              name="save-mode"
              checked={append}
              disabled={scenarios.length === 0}
              onChange={() => setAppend(true)}
            />
            A step added to a scenario
          </label>
        </fieldset>
        {append ? (
          <label className="stacked-label">
            <span>Scenario</span>
            <select value={target} onChange={(e) => setTarget(e.target.value)}>
              {scenarios.map((s) => (
                <option key={s.path} value={s.path}>
                  {s.path} ({s.name})
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="stacked-label">
            <span>File name</span>
            <input
              className="mono"
              type="text"
              value={file}
              spellCheck={false}
              onChange={(e) => setFile(e.target.value)}
            />
          </label>
        )}
        <label className="stacked-label">
          <span>Step name (optional)</span>
          <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        {error ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
        {saved ? (
          <p className="ok-text" role="status">
            Saved to {saved}.{' '}
            <button
              type="button"
              className="link"
              onClick={() => {
                openScenario(saved);
                onClose();
              }}
            >
              Open it
            </button>
          </p>
        ) : null}
        {saved && notes.length > 0 ? (
          <ul className="save-notes" aria-label="What saving changed">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
        <div className="actions">
          <button
            type="submit"
            className="primary"
            disabled={busy || !folder.trim() || (append && !target)}
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" onClick={onClose}>
            {saved ? 'Close' : 'Cancel'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
