// The open collection's own actions: run it all, its variables, and the exchange with other tools
// (a Postman collection out, a Postman collection or a HAR file in, the platform API as OpenAPI).
// What an export left out or an import skipped is listed, in words, until the next action.
import { useRef, useState } from 'react';
import { downloadFile } from '../../components/download';
import { useCenter, useCollections } from '../../stores/stores-context';
import { importFormatOf } from './collection-tools';
import { VariablesEditor } from './VariablesEditor';

interface Report {
  title: string;
  lines: string[];
  error?: string;
}

export function CollectionTools() {
  const view = useCollections((s) => s.view);
  const { run, close, exportPostman, importFile, exportOpenApi } = useCollections((s) => s);
  const showCenter = useCenter((s) => s.show);
  const [variablesOpen, setVariablesOpen] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  if (!view) return null;

  const runAll = async () => {
    if (await run({})) showCenter('runner');
  };
  const withBusy = async (words: string, work: () => Promise<void>) => {
    setBusy(words);
    setReport(null);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  const onPostman = () =>
    withBusy('Exporting as a Postman collection…', async () => {
      const out = await exportPostman();
      if (!out.ok) return setReport({ title: 'Postman export', lines: [], error: out.error });
      downloadFile({ ...out.value, mimeType: 'application/json' });
      setReport({
        title: `Downloaded ${out.value.filename}.${out.value.leftOut.length ? ' Left out:' : ''}`,
        lines: out.value.leftOut,
      });
    });
  const onOpenApi = () =>
    withBusy('Making the OpenAPI document…', async () => {
      const out = await exportOpenApi();
      if (!out.ok) return setReport({ title: 'OpenAPI export', lines: [], error: out.error });
      downloadFile({ ...out.value, mimeType: 'application/json' });
      setReport({ title: `Downloaded ${out.value.filename}.`, lines: [] });
    });
  const onImport = (file: File) =>
    withBusy(`Importing ${file.name}…`, async () => {
      const content = await file.text();
      const format = importFormatOf(file.name, content);
      if (!format) {
        return setReport({
          title: `Import of ${file.name}`,
          lines: [],
          error: `${file.name} is neither a Postman collection v2.1 (JSON with "info" and "item") nor a HAR file (JSON with "log"): export it again from the tool it comes from.`,
        });
      }
      const out = await importFile(content, format);
      if (!out.ok)
        return setReport({ title: `Import of ${file.name}`, lines: [], error: out.error });
      const { written, skipped } = out.value;
      setReport({
        title: `Imported ${written.length} request${written.length === 1 ? '' : 's'} from ${file.name}${skipped.length ? '; skipped:' : '.'}`,
        lines: skipped,
      });
    });

  return (
    <div className="collection-tools">
      <div className="collection-title">
        <strong>{view.name}</strong>
        <span className="mono quiet collection-folder" title={view.folder}>
          {/* A left-to-right mark keeps the path's slashes in place in the right-aligned ellipsis. */}
          {`\u200e${view.folder}`}
        </span>
        <button type="button" className="link" onClick={close}>
          Change folder
        </button>
      </div>
      <div className="item-actions" role="toolbar" aria-label="Collection actions">
        <button type="button" className="primary" onClick={() => void runAll()}>
          Run all
        </button>
        <button
          type="button"
          className="toggle"
          aria-pressed={variablesOpen}
          onClick={() => setVariablesOpen(!variablesOpen)}
        >
          Variables
        </button>
        <button type="button" disabled={!!busy} onClick={() => void onPostman()}>
          Export Postman
        </button>
        <button type="button" disabled={!!busy} onClick={() => fileInput.current?.click()}>
          Import Postman or HAR…
        </button>
        <button type="button" disabled={!!busy} onClick={() => void onOpenApi()}>
          Export OpenAPI
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".json,.har,application/json"
          aria-label="Postman collection or HAR file"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            if (picked) void onImport(picked);
            e.target.value = '';
          }}
        />
      </div>
      {busy ? (
        <p className="quiet" role="status">
          {busy}
        </p>
      ) : null}
      {report ? (
        <div className="tool-report" role={report.error ? 'alert' : 'status'}>
          {report.error ? <p className="error-text">{report.error}</p> : <p>{report.title}</p>}
          {report.lines.length ? (
            <ul aria-label={report.title}>
              {report.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          ) : null}
          <button type="button" className="link" onClick={() => setReport(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      {variablesOpen ? <VariablesEditor onClose={() => setVariablesOpen(false)} /> : null}
    </div>
  );
}
