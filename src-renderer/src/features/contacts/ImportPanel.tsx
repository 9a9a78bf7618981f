// Import contacts from CSV or JSON, chosen as a file or pasted: first a preview, row by row with
// each row's errors; then the valid rows are imported (with contact/add for their owners, and for
// every owner of a contact already in the book, unless "record only"), with a progress bar while
// the calls go out.
import { Fragment, useId, useState } from 'react';
import type { CommandOutput, ImportPreview } from '../../../../src-shared/contract';
import { useContacts } from '../../stores/stores-context';
import type { ImportFormat } from './contacts-store';

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
      <label className="file-pick">
        CSV or JSON file
        <input
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            void file.text().then((content) => {
              setText(content);
              return showPreview(content);
            });
          }}
        />
      </label>
      <label>
        Or paste CSV or JSON
        <textarea
          className="mono"
          rows={5}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
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
          <div className="table-scroll">
            <table className="import-preview" aria-label="Import preview">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">contact_id</th>
                  <th scope="col">Display name</th>
                  <th scope="col">Owners</th>
                </tr>
              </thead>
              <tbody>
                {listed.shown.map((r) => (
                  <Fragment key={r.row}>
                    <tr className={r.errors.length ? 'row-error' : undefined}>
                      <td>{r.row}</td>
                      <td className="mono">{r.contact?.contactId ?? ''}</td>
                      <td>{r.contact?.displayName ?? ''}</td>
                      <td className="mono">{(r.contact?.owners ?? []).join(' ')}</td>
                    </tr>
                    {r.errors.length + r.notes.length > 0 ? (
                      // The row's problems under it, full width: the column is too narrow for a
                      // fifth cell of sentences.
                      <tr className={`row-problems${r.errors.length ? ' row-error' : ''}`}>
                        <td colSpan={4}>
                          {r.errors.map((e) => (
                            <span key={e} className="text-error">
                              Row {r.row}: {e}{' '}
                            </span>
                          ))}
                          {r.notes.map((n) => (
                            <span key={n} className="quiet">
                              {n}{' '}
                            </span>
                          ))}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
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
        <div role="status" className="import-outcome">
          Imported {outcome.imported} row(s)
          {outcome.preview.invalid
            ? `; ${outcome.preview.invalid} row(s) with errors were left out`
            : ''}
          .
          {outcome.failed.length ? (
            <ul aria-label="Rows whose calls failed">
              {outcome.failed.map((f) => (
                <li key={f.row} className="text-error">
                  Row {f.row} ({f.contactId}): {f.message} It is kept in the list for retry.
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
