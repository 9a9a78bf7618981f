// Where a collection comes from: a folder typed in (opened, or created when new) or one of the
// folders opened before. The headless host has no native folder dialog to offer, so the path is
// typed; under Electron a "Choose folder…" button would plug in here, beside Open, through a host
// command that shows dialog.showOpenDialog({ properties: ['openDirectory'] }) and answers the path.
import { useState, type FormEvent } from 'react';
import { useCollections } from '../../stores/stores-context';

export function OpenCollection() {
  const recent = useCollections((s) => s.recent);
  const opening = useCollections((s) => s.opening);
  const openError = useCollections((s) => s.openError);
  const open = useCollections((s) => s.open);
  const [folder, setFolder] = useState('');

  const submit = (e: FormEvent, create = false) => {
    e.preventDefault();
    if (folder.trim()) void open(folder.trim(), create);
  };

  return (
    <div className="open-collection">
      <form aria-label="Open a collection" onSubmit={(e) => submit(e)}>
        <label className="stacked-label">
          <span>Collection folder</span>
          <input
            className="mono"
            type="text"
            value={folder}
            placeholder="/path/to/checks"
            spellCheck={false}
            onChange={(e) => setFolder(e.target.value)}
          />
        </label>
        <div className="actions">
          <button type="submit" className="primary" disabled={!folder.trim() || !!opening}>
            Open
          </button>
          <button
            type="button"
            disabled={!folder.trim() || !!opening}
            onClick={(e) => submit(e, true)}
          >
            Create new
          </button>
        </div>
      </form>
      {opening ? (
        <p className="quiet" role="status">
          {opening}
        </p>
      ) : null}
      {openError ? (
        <p className="error-text" role="alert">
          {openError}
        </p>
      ) : null}
      <p className="quiet">
        A collection is a folder of YAML files, one scenario per file, meant to be committed beside
        your app&apos;s code. No secret is written into it.
      </p>
      {recent.length > 0 ? (
        <section aria-labelledby="recent-collections">
          <h3 id="recent-collections" className="section-title">
            Recent
          </h3>
          <ul className="recent-list">
            {recent.map((r) => (
              <li key={r.folder}>
                <button
                  type="button"
                  className="recent-item"
                  aria-label={`Open ${r.name} (${r.folder})`}
                  title={r.folder}
                  onClick={() => void open(r.folder)}
                >
                  <span className="recent-name">{r.name}</span>
                  <span className="quiet mono recent-folder">{`\u200e${r.folder}`}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
