// The Collections tab's collection-level tools, part of its store: the active profile's variables,
// the Postman export and the Postman or HAR import, the OpenAPI document, and saving a request
// from the composer, History or the Event log into a collection.
import type {
  Bridge,
  CollectionView,
  CommandInput,
  CommandOutput,
} from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import type { AppStore } from '../header/app-store';

type ImportFormat = 'postman' | 'har';
type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface CollectionTools {
  /** The active profile's variables (collections.profileVariables). */
  profileVariables: Record<string, string> | null;
  variablesError: string | null;
  loadProfileVariables(): Promise<void>;
  saveProfileVariables(variables: Record<string, string>): Promise<boolean>;
  exportPostman(): Promise<Outcome<CommandOutput<'collections.exportPostman'>>>;
  importFile(content: string, format: ImportFormat): Promise<Outcome<ImportSummary>>;
  exportOpenApi(): Promise<Outcome<CommandOutput<'collections.openapi'>>>;
  saveRequest(
    input: CommandInput<'collections.saveRequest'>,
  ): Promise<Outcome<CommandOutput<'collections.saveRequest'>>>;
  /**
   * The scenario the last request was saved into, so the next save offers to add its step there:
   * a session saved call by call builds one scenario without picking it again each time.
   */
  lastSaved: { folder: string; path: string } | null;
}

interface ImportSummary {
  written: string[];
  skipped: string[];
}

interface ToolsHost {
  folder: string | null;
  profileVariables: Record<string, string> | null;
  adopt(view: CollectionView): void;
}

/** Which format a picked file is: a HAR has `log.entries`, a Postman collection `info` and `item`. */
export function importFormatOf(fileName: string, content: string): ImportFormat | null {
  if (/\.har$/i.test(fileName)) return 'har';
  try {
    const parsed = JSON.parse(content) as Record<string, unknown> | null;
    if (parsed && typeof parsed === 'object') {
      if ('log' in parsed) return 'har';
      if ('info' in parsed && 'item' in parsed) return 'postman';
    }
  } catch {
    return null;
  }
  return null;
}

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    return { ok: false, error: errorMessage(err) };
  }
}

export function createCollectionTools(
  bridge: Bridge,
  app: AppStore,
  get: () => ToolsHost,
  setState: (partial: Partial<CollectionTools>) => void,
): CollectionTools {
  const profileArg = () => {
    const profileId = app.getState().profiles?.activeProfileId;
    return profileId ? { profileId } : {};
  };
  const folderOrThrow = () => {
    const folder = get().folder;
    if (!folder) throw new Error('No collection is open: open a folder first.');
    return folder;
  };
  return {
    profileVariables: null,
    variablesError: null,
    lastSaved: null,
    async loadProfileVariables() {
      try {
        const variables = await bridge.invoke('collections.profileVariables', profileArg());
        setState({ profileVariables: variables, variablesError: null });
      } catch (err) {
        setState({ variablesError: errorMessage(err) });
      }
    },
    async saveProfileVariables(variables) {
      try {
        const saved = await bridge.invoke('collections.setProfileVariables', {
          ...profileArg(),
          variables,
        });
        setState({ profileVariables: saved, variablesError: null });
        return true;
      } catch (err) {
        setState({ variablesError: errorMessage(err) });
        return false;
      }
    },
    exportPostman: () =>
      attempt(() => bridge.invoke('collections.exportPostman', { folder: folderOrThrow() })),
    importFile: (content, format) =>
      attempt(async () => {
        const out = await bridge.invoke('collections.import', {
          folder: folderOrThrow(),
          dir: '',
          format,
          content,
        });
        get().adopt(out.view);
        return { written: out.written, skipped: out.skipped };
      }),
    exportOpenApi: () => attempt(() => bridge.invoke('collections.openapi', {})),
    saveRequest: (input) =>
      attempt(async () => {
        const out = await bridge.invoke('collections.saveRequest', input);
        get().adopt(out.view);
        setState({ lastSaved: { folder: input.folder, path: out.path } });
        return out;
      }),
  };
}
