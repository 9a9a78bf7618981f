// The contact book of the active profile (contacts.list, then contacts.changed), the last result
// of each contact's calls per owner, and the one import that may be running (its progress from
// contacts.importProgress). Reloaded when the active profile changes or the engine link returns.
import { createStore } from 'zustand/vanilla';
import type { Connection } from '../../bridge';
import type {
  Bridge,
  BookContact,
  CommandOutput,
  ContactDraft,
  ContactFieldIssue,
  ImportPreview,
  OwnerResult,
} from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import type { AppStore } from '../header/app-store';
import { latestOnly, onProfileSwitch } from '../../stores/profile-switch';

export type ImportFormat = 'auto' | 'csv' | 'json';
type ImportOutcome = CommandOutput<'contacts.import'>;

interface ImportProgress {
  importId: string;
  done: number;
  total: number;
  failed: number;
}

interface SaveOutcome {
  ok: boolean;
  /** Field errors the engine refused the draft with. */
  issues: ContactFieldIssue[];
  error: string | null;
}

export interface ContactsState {
  profileId: string | null;
  contacts: BookContact[];
  loaded: boolean;
  loadError: string | null;
  /** What a contact's row is doing now, in words ("Removing for u1…"), by contact_id. */
  busy: Record<string, string>;
  /** The last call results of each contact, per owner, by contact_id. */
  results: Record<string, OwnerResult[]>;
  /** The last action that failed as a whole, in words, until the next one starts. */
  actionError: string | null;
  /** The contact the last removal deleted from the platform (no owner was left): its row is gone,
   * so the pane says what happened, until the next action or Dismiss. */
  deleted: DeletedContact | null;
  importing: ImportProgress | null;
  save(draft: ContactDraft): Promise<SaveOutcome>;
  remove(contactId: string, userIds: string[]): Promise<void>;
  retry(contactId: string, userIds?: string[]): Promise<void>;
  /** The contact/add an import only recorded, sent now for those owners. */
  sendNow(contactId: string, userIds: string[]): Promise<void>;
  forget(contactId: string): Promise<void>;
  dismissResults(contactId: string): void;
  dismissDeleted(): void;
  preview(text: string, format: ImportFormat): Promise<ImportPreview | string>;
  runImport(text: string, format: ImportFormat, send: boolean): Promise<ImportOutcome | string>;
  exportBook(format: 'csv' | 'json'): Promise<CommandOutput<'contacts.export'> | null>;
}

interface DeletedContact {
  contactId: string;
  displayName: string;
  results: OwnerResult[];
}

export type ContactsStore = ReturnType<typeof createContactsStore>;

const ISSUE_FIELDS = new Set(['contactId', 'displayName', 'avatarUrl', 'capabilities', 'owners']);

/**
 * A contact's new results, in place of the earlier ones that all went well: one success box at a
 * time, while a failure stays under its row, with its Retry, until it is dismissed or retried.
 */
export function withResults(
  all: Record<string, OwnerResult[]>,
  contactId: string,
  results: OwnerResult[],
): Record<string, OwnerResult[]> {
  const kept = Object.entries(all).filter(([, earlier]) => earlier.some((r) => !r.ok));
  return { ...Object.fromEntries(kept), [contactId]: results };
}

export function createContactsStore(bridge: Bridge, connection: Connection, app: AppStore) {
  const activeId = () => app.getState().profiles?.activeProfileId ?? null;
  const loads = latestOnly();
  let importSeq = 0;

  const store = createStore<ContactsState>()((set, get) => {
    const setBusy = (contactId: string, words: string | null) =>
      set((s) => {
        const busy = { ...s.busy };
        if (words === null) delete busy[contactId];
        else busy[contactId] = words;
        return { busy };
      });
    /** Runs a row's calls and keeps their per-owner results to show under the row. */
    async function rowCalls(
      contactId: string,
      words: string,
      run: (profileId: string) => Promise<{ results: OwnerResult[] }>,
    ) {
      const profileId = get().profileId;
      if (!profileId || get().busy[contactId]) return;
      setBusy(contactId, words);
      set({ actionError: null, deleted: null });
      try {
        const { results } = await run(profileId);
        set((s) => ({ results: withResults(s.results, contactId, results) }));
      } catch (err) {
        set({ actionError: errorMessage(err) });
      } finally {
        setBusy(contactId, null);
      }
    }
    const profileArg = () => {
      const profileId = get().profileId;
      return profileId ? { profileId } : {};
    };

    return {
      profileId: null,
      contacts: [],
      loaded: false,
      loadError: null,
      busy: {},
      results: {},
      actionError: null,
      deleted: null,
      importing: null,
      async save(draft) {
        const contactId = draft.contactId.trim();
        setBusy(contactId, `Sending contact/add for ${draft.owners?.length ?? 0} owner(s)…`);
        set({ actionError: null });
        try {
          const out = await bridge.invoke('contacts.save', { ...profileArg(), contact: draft });
          set((s) => ({ results: withResults(s.results, contactId, out.results) }));
          return { ok: true, issues: [], error: null };
        } catch (err) {
          const issues = ((err as { issues?: { path: string; message: string }[] }).issues ?? [])
            .filter((i) => ISSUE_FIELDS.has(i.path))
            .map((i) => ({ field: i.path as ContactFieldIssue['field'], message: i.message }));
          return { ok: false, issues, error: errorMessage(err) };
        } finally {
          setBusy(contactId, null);
        }
      },
      remove(contactId, userIds) {
        const displayName = get().contacts.find((c) => c.contactId === contactId)?.displayName;
        return rowCalls(
          contactId,
          `Sending contact/remove for ${userIds.join(', ')}…`,
          async (profileId) => {
            const out = await bridge.invoke('contacts.remove', { profileId, contactId, userIds });
            // No owner left: the platform deleted it, and its row goes with it.
            if (out.contact === null) {
              set({
                deleted: { contactId, displayName: displayName ?? contactId, results: out.results },
              });
            }
            return out;
          },
        );
      },
      retry: (contactId, userIds) =>
        rowCalls(contactId, 'Retrying the failed calls…', (profileId) =>
          bridge.invoke('contacts.retry', {
            profileId,
            contactId,
            ...(userIds ? { userIds } : {}),
          }),
        ),
      sendNow: (contactId, userIds) =>
        rowCalls(contactId, `Sending contact/add for ${userIds.join(', ')}…`, (profileId) =>
          bridge.invoke('contacts.retry', { profileId, contactId, userIds }),
        ),
      async forget(contactId) {
        set({ actionError: null });
        try {
          const book = await bridge.invoke('contacts.forget', { ...profileArg(), contactId });
          if (book.profileId === get().profileId) set({ contacts: book.contacts });
        } catch (err) {
          set({ actionError: errorMessage(err) });
        }
      },
      dismissDeleted: () => set({ deleted: null }),
      dismissResults: (contactId) =>
        set((s) => {
          const results = { ...s.results };
          delete results[contactId];
          return { results };
        }),
      async preview(text, format) {
        try {
          return await bridge.invoke('contacts.importPreview', { ...profileArg(), text, format });
        } catch (err) {
          return errorMessage(err);
        }
      },
      async runImport(text, format, send) {
        if (get().importing) return 'An import is already running; wait for it to finish.';
        const importId = `import-${Date.now()}-${++importSeq}`;
        set({ importing: { importId, done: 0, total: 0, failed: 0 }, actionError: null });
        try {
          const out = await bridge.invoke('contacts.import', {
            ...profileArg(),
            text,
            format,
            send,
            importId,
          });
          // The rows replaced what the last calls of those contacts said (a "✓ contact/add" from
          // before the import would vouch for fields the platform may not have): the owners' states
          // in the book say it now.
          const touched = out.preview.rows.flatMap((r) =>
            r.errors.length === 0 && r.contact ? [r.contact.contactId] : [],
          );
          set((s) => {
            const results = { ...s.results };
            for (const id of touched) delete results[id];
            return { results };
          });
          return out;
        } catch (err) {
          return errorMessage(err);
        } finally {
          set({ importing: null });
        }
      },
      async exportBook(format) {
        set({ actionError: null });
        try {
          return await bridge.invoke('contacts.export', { ...profileArg(), format });
        } catch (err) {
          set({ actionError: errorMessage(err) });
          return null;
        }
      },
    };
  });

  async function load() {
    const profileId = activeId();
    if (!profileId) return;
    const latest = loads.begin();
    if (store.getState().profileId !== profileId) {
      store.setState({
        profileId,
        contacts: [],
        results: {},
        loaded: false,
        actionError: null,
        deleted: null,
      });
    }
    try {
      const book = await bridge.invoke('contacts.list', { profileId });
      if (!latest()) return;
      store.setState({ contacts: book.contacts, loaded: true, loadError: null });
    } catch (err) {
      if (latest()) store.setState({ loaded: true, loadError: errorMessage(err) });
    }
  }

  /** Subscribes to the engine and to profile switches, loads the first book; returns the teardown. */
  function start(): () => void {
    const offs = [
      bridge.on('contacts.changed', (book) => {
        if (book.profileId === store.getState().profileId)
          store.setState({ contacts: book.contacts });
      }),
      bridge.on('contacts.importProgress', (p) => {
        if (store.getState().importing?.importId === p.importId) store.setState({ importing: p });
      }),
      // The supercontact's owners are the connected users: follow them.
      bridge.on('auth.usersChanged', ({ profileId }) => {
        if (profileId === store.getState().profileId) void load();
      }),
      onProfileSwitch(app, () => void load()),
      connection.subscribe((next) => {
        if (next.status === 'connected') void load();
      }),
    ];
    void load();
    return () => offs.forEach((off) => off());
  }

  return Object.assign(store, { start });
}
