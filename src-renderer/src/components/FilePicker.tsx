// The `file` of a media send, bound to nothing: picked, dropped, or one of the sample files one
// click away. What the engine detected from the bytes is shown beside the Content-Type that will
// be sent, checked against the msg_type's list in the API document, with the preferred type
// pointed out. The composer binds it to its draft (FileField); the simulator's "Send as user" to
// its own form (it has no engine check before sending: it leaves `info` out).
import { useRef, useState, type DragEvent } from 'react';
import { MEDIA_MIME, isMediaMsgType } from '../../../src-shared/spec';
import type { ComposerFileInfo, ComposerSample } from '../../../src-shared/contract';
import { byteSize } from '../format';
import './editors.css';

interface ChosenFile {
  name: string;
  size: number | null;
  /** The Content-Type override ('' or null: the type detected from the bytes). */
  mimeType: string | null;
}

interface FilePickerProps {
  msgType: string;
  chosen: ChosenFile | null;
  /** The sample's name when the chosen file is one. */
  chosenSample: string | null;
  samples: ComposerSample[];
  samplesError?: string | null;
  pending?: string | null;
  fileError?: string | null;
  /** The engine's check of the chosen file (null: on its way); undefined where none runs. */
  info?: ComposerFileInfo | null;
  error?: string | undefined;
  onPick(file: File): void;
  onSample(name: string): void;
  onClear(): void;
  onMime(mime: string): void;
}

export function FilePicker(props: FilePickerProps) {
  const { msgType, chosen, samples, samplesError, pending, fileError, info, error } = props;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const suited = samples.filter((s) => s.msgTypes.includes(msgType));
  const rule = isMediaMsgType(msgType) ? MEDIA_MIME[msgType] : null;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) props.onPick(dropped);
  };

  return (
    <div className={`param file-field${error ? ' param-invalid' : ''}`}>
      <div className="param-head">
        <span className="mono param-name">file</span>
        <span className="required" aria-hidden="true">
          *
        </span>
        <span className="param-kind quiet">file (multipart)</span>
      </div>
      <div
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        role="group"
        aria-label="File to send"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <button type="button" onClick={() => input.current?.click()}>
          Choose file…
        </button>
        <span className="quiet">or drop a file here</span>
        <input
          ref={input}
          type="file"
          hidden
          aria-label="File"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            if (picked) props.onPick(picked);
            e.target.value = '';
          }}
        />
      </div>
      {suited.length > 0 ? (
        <div className="samples" role="group" aria-label="Sample files">
          <span className="quiet">Samples:</span>
          {suited.map((s) => (
            <button
              key={s.name}
              type="button"
              className="toggle"
              aria-pressed={props.chosenSample === s.name}
              title={s.description}
              onClick={() => props.onSample(s.name)}
            >
              {s.name}
            </button>
          ))}
        </div>
      ) : null}
      {samplesError ? <p className="quiet">{samplesError}</p> : null}
      {pending ? (
        <p className="quiet" role="status">
          {pending}
        </p>
      ) : null}
      {fileError ? <p className="param-error">{fileError}</p> : null}
      {chosen ? (
        <FileFacts
          name={chosen.name}
          size={chosen.size}
          info={info}
          onClear={props.onClear}
          onMime={props.onMime}
          mimeOverride={chosen.mimeType}
        />
      ) : (
        <p className="quiet">No file chosen.</p>
      )}
      {error ? <p className="param-error">{error}</p> : null}
      <p className="param-help quiet">
        required for {msgType}.{' '}
        {rule
          ? rule.accepts === 'any'
            ? 'Any MIME type other than media.'
            : `Accepted: ${rule.accepts.join(', ')}. Preferred: ${rule.preferred ?? 'none'}.`
          : ''}
      </p>
    </div>
  );
}

interface FileFactsProps {
  name: string;
  size: number | null;
  info: ComposerFileInfo | null | undefined;
  mimeOverride: string | null;
  onClear(): void;
  onMime(mime: string): void;
}

function FileFacts({ name, size, info, mimeOverride, onClear, onMime }: FileFactsProps) {
  const bytes = info?.size ?? size;
  return (
    <div className="file-facts" role="group" aria-label="Chosen file">
      <div className="file-line">
        <span className="mono">{name}</span>
        {bytes !== null ? <span className="quiet">{byteSize(bytes)}</span> : null}
        <button type="button" className="link" onClick={onClear}>
          Remove file
        </button>
      </div>
      {info ? (
        <dl className="file-mime">
          <dt>Detected from the bytes</dt>
          <dd className="mono">{info.detectedMime ?? 'not recognised'}</dd>
          <dt>Sent as</dt>
          <dd className="mono">
            {info.sentMime}{' '}
            <span className={info.accepted ? 'ok-text' : 'text-error'}>
              {info.accepted ? '✓ accepted' : '✗ not accepted'} for this msg_type
            </span>
          </dd>
          {info.preferred ? (
            <>
              <dt>Preferred</dt>
              <dd className="mono">{info.preferred}</dd>
            </>
          ) : null}
        </dl>
      ) : info === null ? (
        <p className="quiet">Waiting for the engine to check the file…</p>
      ) : null}
      {info?.notes.map((n) => (
        <p key={n} className="file-note">
          {n}
        </p>
      ))}
      <label className="inline-label">
        <span>Content-Type override</span>
        <input
          className="mono"
          type="text"
          value={mimeOverride ?? ''}
          placeholder="detected type"
          onChange={(e) => onMime(e.target.value)}
        />
      </label>
    </div>
  );
}
