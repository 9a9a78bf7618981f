// The request composer's state: the draft being edited (endpoint, parameters, act-as, file, vCard),
// the engine's preview of it (composer.preview: the exact request, each field's problem in words),
// the send in flight with its upload progress (composer.progress) and the last result. Previews
// are debounced and numbered, so an answer for an older draft never replaces a newer one.
import { createStore } from 'zustand/vanilla';
import { requestOf, type Draft, type PickedFile } from './composer-draft';
import type {
  ActAs,
  Bridge,
  ComposerPreview,
  ComposerRequest,
  ComposerSample,
  ComposerSendResult,
} from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import { base64Of } from '../../components/base64';
import type { AppStore } from '../header/app-store';
import { latestOnly, onProfileSwitch } from '../../stores/profile-switch';

type SendState =
  | { status: 'idle' }
  | { status: 'sending'; sentBytes: number; totalBytes: number }
  | { status: 'failed'; message: string; refusedForRules: boolean };

export interface ComposerState {
  draft: Draft;
  preview: ComposerPreview | null;
  previewError: string | null;
  send: SendState;
  result: ComposerSendResult | null;
  /** When the result arrived (ms since epoch), for the Retry-After countdown. */
  resultAt: number;
  samples: ComposerSample[];
  samplesError: string | null;
  /** A file being read or handed to the engine, in words. */
  filePending: string | null;
  fileError: string | null;
  /** What composer.fromRecord said could not be restored. */
  reopenNotes: string[];
  /**
   * The fields the person typed into (parameter names, "vcard", "file") and whether a send was
   * tried: a form at rest says nothing about the rules it does not meet yet.
   */
  touched: string[];
  sendAttempted: boolean;
  setEndpoint(endpointId: string): void;
  setPath(path: string): void;
  setParam(name: string, value: string): void;
  setActAs(actAs: ActAs): void;
  setVcard(vcard: Draft['vcard']): void;
  setFile(file: PickedFile | null): void;
  /** Reads a picked or dropped file and keeps its bytes in the engine (composer.stageFile). */
  pickFile(file: File): Promise<void>;
  useSample(name: string): void;
  loadSamples(): Promise<void>;
  /** Sends the draft; `force` sends it although it breaks the API document's rules. */
  sendDraft(force?: boolean): Promise<void>;
  dismissReopenNotes(): void;
  /** Loads a journaled call into the draft (composer.fromRecord). */
  reopen(seq: number): Promise<string | null>;
}

export type ComposerStore = ReturnType<typeof createComposerStore>;

const PREVIEW_DELAY_MS = 150;

const emptyDraft = (): Draft => ({
  endpointId: 'message.send',
  // The values a select would otherwise start on without sending: the common choices.
  params: { msg_type: 'text', grant_type: 'client_credentials', response_type: 'code' },
  actAs: { kind: 'app' },
  file: null,
  vcard: { name: '', surname: '', phones: [] },
});

export function createComposerStore(bridge: Bridge, app: AppStore) {
  const profileId = () => app.getState().profiles?.activeProfileId;
  const previews = latestOnly();
  let previewTimer: ReturnType<typeof setTimeout> | undefined;

  const store = createStore<ComposerState>()((set, get) => {
    const request = (): ComposerRequest => {
      const id = profileId();
      return { ...requestOf(get().draft), ...(id ? { profileId: id } : {}) };
    };
    const edit = (change: (d: Draft) => Draft, touchedField?: string) => {
      set((s) => ({
        draft: change(s.draft),
        ...(touchedField && !s.touched.includes(touchedField)
          ? { touched: [...s.touched, touchedField] }
          : {}),
      }));
      schedulePreview();
    };
    return {
      draft: emptyDraft(),
      preview: null,
      previewError: null,
      send: { status: 'idle' },
      result: null,
      resultAt: 0,
      samples: [],
      samplesError: null,
      filePending: null,
      fileError: null,
      reopenNotes: [],
      touched: [],
      sendAttempted: false,
      // A path belongs to its endpoint: switching endpoint goes back to the documented path.
      setEndpoint: (endpointId) =>
        edit((d) => ({
          endpointId,
          params: d.params,
          actAs: d.actAs,
          file: d.file,
          vcard: d.vcard,
        })),
      setPath: (path) => edit((d) => ({ ...d, path })),
      setParam: (name, value) =>
        edit((d) => ({ ...d, params: { ...d.params, [name]: value } }), name),
      setActAs: (actAs) => edit((d) => ({ ...d, actAs })),
      setVcard: (vcard) => edit((d) => ({ ...d, vcard }), 'vcard'),
      setFile: (file) => {
        set({ fileError: null });
        edit((d) => ({ ...d, file }), 'file');
      },
      async pickFile(file) {
        set({ filePending: `Reading ${file.name}…`, fileError: null });
        try {
          const base64 = base64Of(await file.arrayBuffer());
          set({ filePending: `Handing ${file.name} to the engine…` });
          const staged = await bridge.invoke('composer.stageFile', { name: file.name, base64 });
          set({ filePending: null });
          get().setFile({
            name: file.name,
            source: 'staged',
            ref: staged.fileId,
            size: staged.size,
            mimeType: null,
          });
        } catch (err) {
          set({
            filePending: null,
            fileError: `${file.name} could not be used: ${errorMessage(err)}`,
          });
        }
      },
      useSample(name) {
        const sample = get().samples.find((s) => s.name === name);
        if (!sample) return;
        get().setFile({
          name,
          source: 'sample',
          ref: name,
          size: sample.size,
          mimeType: null,
        });
      },
      async loadSamples() {
        try {
          const { samples } = await bridge.invoke('composer.samples', {});
          set({ samples, samplesError: null });
        } catch (err) {
          set({ samplesError: `The sample files could not be listed: ${errorMessage(err)}` });
        }
      },
      async sendDraft(force = false) {
        if (get().send.status === 'sending') return;
        const requestId = `send-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
        set({ send: { status: 'sending', sentBytes: 0, totalBytes: 0 }, sendAttempted: true });
        const off = bridge.on('composer.progress', (p) => {
          if (p.requestId !== requestId || get().send.status !== 'sending') return;
          set({ send: { status: 'sending', sentBytes: p.sentBytes, totalBytes: p.totalBytes } });
        });
        try {
          const result = await bridge.invoke('composer.send', {
            ...request(),
            force,
            requestId,
          });
          set({ result, resultAt: Date.now(), send: { status: 'idle' } });
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          set({
            send: {
              status: 'failed',
              message: errorMessage(err),
              refusedForRules: code === 'invalid_input' && !force,
            },
          });
        } finally {
          off();
        }
      },
      dismissReopenNotes: () => set({ reopenNotes: [] }),
      async reopen(seq) {
        try {
          const { request: req, notes } = await bridge.invoke('composer.fromRecord', { seq });
          const params = { ...(req.params ?? {}) };
          const draft: Draft = {
            endpointId: req.endpointId,
            params,
            actAs: req.actAs,
            file: req.file?.sample
              ? {
                  name: req.file.name,
                  source: 'sample',
                  ref: req.file.sample,
                  size: 0,
                  mimeType: req.file.mimeType ?? null,
                }
              : null,
            vcard: req.vcard
              ? {
                  name: req.vcard.name,
                  surname: req.vcard.surname,
                  phones: req.vcard.phones ?? [],
                }
              : emptyDraft().vcard,
            ...(req.path ? { path: req.path } : {}),
          };
          set({
            draft,
            reopenNotes: notes,
            send: { status: 'idle' },
            fileError: null,
            touched: [],
            sendAttempted: false,
          });
          schedulePreview();
          return null;
        } catch (err) {
          return `Call #${seq} could not be reopened: ${errorMessage(err)}`;
        }
      },
    };
  });

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => void runPreview(), PREVIEW_DELAY_MS);
  }

  async function runPreview() {
    const latest = previews.begin();
    const id = profileId();
    const req: ComposerRequest = {
      ...requestOf(store.getState().draft),
      ...(id ? { profileId: id } : {}),
    };
    try {
      const preview = await bridge.invoke('composer.preview', req);
      if (latest()) store.setState({ preview, previewError: null });
    } catch (err) {
      if (latest()) {
        store.setState({
          previewError: `The engine could not build this request: ${errorMessage(err)}`,
        });
      }
    }
  }

  return Object.assign(store, {
    /** First preview and the samples; a profile switch previews again (another base URL). */
    start(): () => void {
      schedulePreview();
      void store.getState().loadSamples();
      const off = onProfileSwitch(app, schedulePreview);
      return () => {
        off();
        clearTimeout(previewTimer);
      };
    },
  });
}
