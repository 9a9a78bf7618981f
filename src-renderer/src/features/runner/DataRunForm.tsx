// Run with data…: pick one of the collection's data files (.csv or .json) and run again over its
// rows, each scenario once per row (docs/collections.md, Data-driven runs). The list comes from
// the engine, which reads only inside the collection's folder; the file it names as its default
// (collection.yaml's data) is chosen first.
import { useEffect, useId, useRef, useState } from 'react';
import { useRunner } from '../../stores/stores-context';

interface DataRunFormProps {
  busy: boolean;
  onClose(): void;
}

type Listing = { files: string[]; default: string | null } | { error: string } | null;

export function DataRunForm({ busy, onClose }: DataRunFormProps) {
  const dataFiles = useRunner((s) => s.dataFiles);
  const runWithData = useRunner((s) => s.runWithData);
  const [listing, setListing] = useState<Listing>(null);
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    let live = true;
    void dataFiles().then((found) => {
      if (!live) return;
      setListing(found);
      if ('files' in found) setChosen(found.default ?? found.files[0] ?? '');
    });
    return () => {
      live = false;
    };
  }, [dataFiles]);

  useEffect(() => {
    if (listing && 'files' in listing) selectRef.current?.focus();
  }, [listing]);

  const submit = async () => {
    if (chosen && (await runWithData(chosen))) onClose();
  };

  return (
    <form
      className="run-data-form"
      aria-label="Run with data"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {listing === null ? (
        <p role="status" className="quiet">
          Looking for the collection&apos;s data files…
        </p>
      ) : 'error' in listing ? (
        <p role="alert" className="error-text">
          {listing.error}
        </p>
      ) : listing.files.length === 0 ? (
        <p className="quiet">
          This collection has no .csv or .json file. Add one to its folder: a CSV whose first line
          names the columns, each row a run of every scenario with those values.
        </p>
      ) : (
        <div className="run-data-row">
          <label htmlFor={selectId}>Data file</label>
          <select
            id={selectId}
            ref={selectRef}
            className="mono"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          >
            {listing.files.map((file) => (
              <option key={file} value={file}>
                {file}
                {file === listing.default ? ' (the collection’s default)' : ''}
              </option>
            ))}
          </select>
          <button type="submit" className="primary" disabled={busy || !chosen}>
            Run with this file
          </button>
        </div>
      )}
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </form>
  );
}
