// The `file` of a media send, bound to the composer's draft: the picker (components/FilePicker)
// with the engine's check of the chosen file (composer.preview) and the sample files.
import { FilePicker } from '../../components/FilePicker';
import { useComposer } from '../../stores/stores-context';

export function FileField({ msgType, error }: { msgType: string; error?: string | undefined }) {
  const file = useComposer((s) => s.draft.file);
  const samples = useComposer((s) => s.samples);
  const samplesError = useComposer((s) => s.samplesError);
  const pending = useComposer((s) => s.filePending);
  const fileError = useComposer((s) => s.fileError);
  const info = useComposer((s) => s.preview?.request.file ?? null);
  const pickFile = useComposer((s) => s.pickFile);
  const useSample = useComposer((s) => s.useSample);
  const setFile = useComposer((s) => s.setFile);
  return (
    <FilePicker
      msgType={msgType}
      error={error}
      chosen={file}
      chosenSample={file?.source === 'sample' ? file.ref : null}
      samples={samples}
      samplesError={samplesError}
      pending={pending}
      fileError={fileError}
      info={info}
      onPick={(picked) => void pickFile(picked)}
      onSample={useSample}
      onClear={() => setFile(null)}
      onMime={(m) => {
        if (file) setFile({ ...file, mimeType: m || null });
      }}
    />
  );
}
