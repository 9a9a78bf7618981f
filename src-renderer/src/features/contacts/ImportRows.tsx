// The rows of an import, as a table: each row's contact_id, name and owners (by the names the
// engine knows for its users), with its errors and notes under it. The preview lists them before
// the import; after it, the refused rows stay listed with their reasons and a CSV of them (a
// reason column added) to fix and import again.
import { Fragment } from 'react';
import type { ImportPreview, ImportRow } from '../../../../src-shared/contract';
import { downloadFile } from '../../components/download';

export function ImportRowsTable({
  rows,
  label,
  nameOf,
}: {
  rows: readonly ImportRow[];
  label: string;
  nameOf(userId: string): string;
}) {
  return (
    <div className="table-scroll">
      <table className="import-preview" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">contact_id</th>
            <th scope="col">Display name</th>
            <th scope="col">Owners</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Fragment key={r.row}>
              <tr className={r.errors.length ? 'row-error' : undefined}>
                <td>{r.row}</td>
                <td className="mono">{r.contact?.contactId ?? ''}</td>
                <td>{r.contact?.displayName ?? ''}</td>
                <td>
                  {(r.contact?.owners ?? []).map((o) => (
                    <span key={o} className="import-owner" title={o}>
                      {nameOf(o)}
                    </span>
                  ))}
                </td>
              </tr>
              {r.errors.length + r.notes.length > 0 ? (
                // The row's problems under it, full width: the column is too narrow for a fifth
                // cell of sentences.
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
  );
}

/** The download of the refused rows, for a spreadsheet and a second import. */
export function DownloadRefusedRows({ preview }: { preview: ImportPreview }) {
  const csv = preview.refusedCsv;
  if (!csv) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
        downloadFile({
          filename: `contacts-refused-${stamp}.csv`,
          mimeType: 'text/csv',
          content: csv,
        });
      }}
    >
      Download refused rows (CSV)
    </button>
  );
}

/** After the import: the rows it left out, each with its reasons, and the way to fix them. */
export function RefusedRows({
  preview,
  nameOf,
}: {
  preview: ImportPreview;
  nameOf(userId: string): string;
}) {
  const refused = preview.rows.filter((r) => r.errors.length > 0);
  if (refused.length === 0) return null;
  return (
    <div className="import-refused">
      <p>
        {refused.length} row(s) were left out for these reasons: download them, fix them and import
        the file again (the reason column is ignored).
      </p>
      <ImportRowsTable rows={refused} label="Refused rows" nameOf={nameOf} />
      <DownloadRefusedRows preview={preview} />
    </div>
  );
}
