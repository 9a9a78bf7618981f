// Import contacts from CSV or JSON, chosen as a file (its name shown) or pasted: first a preview,
// row by row with each row's errors, owners by name; then the valid rows are imported (with
// contact/add for their owners, and for every owner of a contact already in the book, unless
// "record only"), with a progress bar while the calls go out. The refused rows stay listed after
// it, with a CSV of them to fix and import again.
import { useId, useRef, useState } from 'react';
import type { CommandOutput, ImportPreview } from '../../../../src-shared/contract';
import { useAuth, useContacts } from '../../stores/stores-context';
import type { ImportFormat } from './contacts-store';
import { DownloadRefusedRows, ImportRowsTable, RefusedRows } from './ImportRows';
import { ownerLabel } from './owner-label';

type Outcome = CommandOutput<'contacts.import'>;

/** Rows listed in the preview: every row with an error, and the first valid ones (a long import
 * would otherwise render thousands of table rows). */
const PREVIEW_VALID_ROWS = 100;
function previewRows(preview: ImportPreview) {
  let valid = 0;
  const shown = preview.rows.filter((r) => r.errors.length > 0 || ++valid <= PREVIEW_VALID_ROWS);
  return { shown, hidden: preview.rows.length - shown.length };
}

export function ImportPanel({ onClose }: { onClose(): void }) {
  const previewCmd = useContacts((s) => s.preview);
  const runImport = useContacts((s) => s.runImport);
  const importing = useContacts((s) => s.importing);
  const [text, setText] = useState('');
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [send, setSend] = useState(true);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameOf = ownerLabel(useAuth((s) => s.users));
  const ids = useId();
  const listed = preview ? previewRows(preview) : null;

  const showPreview = async (content: string) => {
    setReading(true);
    setOutcome(null);
    const result = await previewCmd(content, format);
    setReading(false);
    if (typeof result === 'string') {
      setError(result);
      setPreview(null);
    } else {
      setError(null);
      setPreview(result);
    }
  };
  const start = async () => {
    const result = await runImport(text, format, send);
    if (typeof result === 'string') setError(result);
    else {
      setOutcome(result);
      setPreview(null);
    }
  };

  return (
    <section className="import-panel" aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`}>Import contacts</h3>
      <p className="hint">
        CSV with a header line (<code>contact_id,display_name,avatar_url,capabilities,owners</code>;
        lists space-separated), or JSON: an array of such objects, or a contact book export.
      </p>
      <div className="file-pick" role="group" aria-label="File to import">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Choose a CSV or JSON file…
        </button>
        <span className={fileName ? 'mono' : 'quiet'} role="status">
          {fileName ?? 'No file chosen yet'}
        </span>
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="CSV or JSON file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Emptied, so choosing the same file again (fixed) reads it again.
            e.target.value = '';
            if (!file) return;
            setFileName(file.name);
            void file.text().then((content) => {
              setText(content);
              return showPreview(content);
            });
          }}
        />
      </div>
      <label>
        Or paste CSV or JSON
        <textarea
          className="mono"
          rows={5}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setFileName(null);
            setPreview(null);
          }}
        />
      </label>
      <div className="form-actions">
        <label>
          Format{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
            <option value="auto">detect</option>
            <option value="csv">CSV</option>
            <option value="json">JSON</option>
          </select>
        </label>
        <button
          type="button"
          disabled={!text.trim() || reading}
          onClick={() => void showPreview(text)}
        >
          {reading ? 'Reading the rows…' : 'Preview'}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {preview && listed ? (
        <>
          <p role="status">
            {preview.rows.length} row(s) read as {preview.format.toUpperCase()}: {preview.valid}{' '}
            valid, {preview.invalid} with errors (left out).
          </p>
          <ImportRowsTable rows={listed.shown} label="Import preview" nameOf={nameOf} />
          <DownloadRefusedRows preview={preview} />
          {listed.hidden > 0 ? (
            <p className="hint">
              {listed.hidden} more valid row(s) not shown; every row with an error is listed above.
            </p>
          ) : null}
          <label className="check">
            <input type="checkbox" checked={send} onChange={(e) => setSend(e.target.checked)} />
            Send contact/add for each row&apos;s owners, and for every owner of a contact already in
            the book (otherwise only record them in the book, not confirmed)
          </label>
          <button
            type="button"
            className="primary"
            disabled={preview.valid === 0 || importing !== null}
            onClick={() => void start()}
          >
            Import {preview.valid} valid row(s)
          </button>
        </>
      ) : null}
      {importing ? (
        <div className="import-progress">
          <progress
            aria-label="Import progress"
            max={Math.max(importing.total, 1)}
            value={importing.done}
          />
          <span role="status">
            Importing: {importing.done} of {importing.total || '…'} row(s) done
            {importing.failed ? `, ${importing.failed} with failed calls` : ''}…
          </span>
        </div>
      ) : null}
      {outcome ? (
        <div className="import-outcome">
          <p role="status">
            Imported {outcome.imported} row(s)
            {outcome.preview.invalid
              ? `; ${outcome.preview.invalid} row(s) with errors were left out`
              : ''}
            .
          </p>
          {outcome.failed.length ? (
            <ul aria-label="Rows whose calls failed">
              {outcome.failed.map((f) => (
                <li key={f.row} className="text-error">
                  Row {f.row} ({f.contactId}): {f.message} It is kept in the list for retry.
                </li>
              ))}
            </ul>
          ) : null}
          <RefusedRows preview={outcome.preview} nameOf={nameOf} />
        </div>
      ) : null}
    </section>
  );
}
