// Export every profile as a JSON file (the engine leaves secrets out), and import one: chosen as a
// file or pasted. What could not be imported is listed, profile by profile, field by field.
import { useId, useState } from 'react';
import { downloadFile } from '../../components/download';
import { useProfiles } from '../../stores/stores-context';

const EXPORT_FILENAME = 'tp-inspector-profiles.json';

export function ExportImport() {
  const exportJson = useProfiles((s) => s.exportJson);
  const importJson = useProfiles((s) => s.importJson);
  const [importing, setImporting] = useState(false);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const pasteId = useId();

  const download = async () => {
    const json = await exportJson();
    if (json === null) return;
    downloadFile({ filename: EXPORT_FILENAME, mimeType: 'application/json', content: json });
  };

  const run = async (json: string) => {
    setBusy(true);
    const result = await importJson(json);
    setBusy(false);
    setErrors(result?.errors ?? []);
    if (result && result.errors.length === 0) {
      setText('');
      setImporting(false);
    }
  };

  return (
    <div className="export-import">
      <button type="button" onClick={() => void download()} title="Without client secrets">
        Export JSON
      </button>
      <button type="button" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
        Import JSON…
      </button>
      {importing ? (
        <div className="import-box" role="group" aria-label="Import profiles">
          <label className="file-pick">
            Choose a file
            <input
              type="file"
              accept="application/json,.json"
              aria-label="Profiles file to import"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void file.text().then(run);
              }}
            />
          </label>
          <label htmlFor={pasteId}>or paste the JSON</label>
          <textarea
            id={pasteId}
            className="mono"
            rows={5}
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="button" disabled={busy || !text.trim()} onClick={() => void run(text)}>
            {busy ? 'Importing…' : 'Import pasted JSON'}
          </button>
          {errors.length ? (
            <ul className="import-errors" aria-label="Import problems">
              {errors.map((e) => (
                <li key={e} className="text-error">
                  {e}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
