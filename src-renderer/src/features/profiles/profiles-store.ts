// Managing profiles: the Profiles dialog (open or not, which profile it shows) and the profile
// commands. The list itself and the active profile live in the app store, which
// profiles.changed keeps current; results are also written there so the UI never waits for the
// event. Create and update reject with the CommandError, whose issues the form shows per field.
import { createStore } from 'zustand/vanilla';
import type {
  Bridge,
  CommandInput,
  CommandOutput,
  ProfileView,
} from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import type { AppStore } from '../header/app-store';

type ImportResult = CommandOutput<'profiles.import'>;

export interface ProfilesUiState {
  dialogOpen: boolean;
  /** The profile shown in the dialog's editor; 'new' for the blank form. */
  editing: string | 'new' | null;
  /** A sentence about the last action ("Duplicated as …"), or its failure. */
  notice: { kind: 'ok' | 'error'; text: string } | null;
  switching: boolean;
  openDialog(editing?: string | 'new'): void;
  closeDialog(): void;
  edit(editing: string | 'new' | null): void;
  select(profileId: string): Promise<void>;
  create(input: CommandInput<'profiles.create'>): Promise<ProfileView>;
  update(
    profileId: string,
    changes: CommandInput<'profiles.update'>['changes'],
  ): Promise<ProfileView>;
  duplicate(profileId: string): Promise<void>;
  remove(profileId: string): Promise<void>;
  /** The export JSON (never with a secret), or null when it failed (the notice says why). */
  exportJson(): Promise<string | null>;
  importJson(json: string): Promise<ImportResult | null>;
}

export type ProfilesStore = ReturnType<typeof createProfilesStore>;

export function createProfilesStore(bridge: Bridge, app: AppStore) {
  const setProfiles = (profiles: CommandOutput<'profiles.list'>) => app.setState({ profiles });
  const refreshList = async () => setProfiles(await bridge.invoke('profiles.list', {}));

  return createStore<ProfilesUiState>()((set) => {
    const fail = (err: unknown) => set({ notice: { kind: 'error', text: errorMessage(err) } });
    return {
      dialogOpen: false,
      editing: null,
      notice: null,
      switching: false,
      openDialog: (editing) =>
        set({
          dialogOpen: true,
          notice: null,
          editing: editing ?? app.getState().profiles?.activeProfileId ?? null,
        }),
      closeDialog: () => set({ dialogOpen: false }),
      edit: (editing) => set({ editing, notice: null }),
      async select(profileId) {
        set({ switching: true });
        try {
          setProfiles(await bridge.invoke('profiles.select', { profileId }));
          set({ switching: false });
        } catch (err) {
          set({ switching: false });
          fail(err);
        }
      },
      async create(input) {
        const created = await bridge.invoke('profiles.create', input);
        await refreshList();
        set({ editing: created.id, notice: { kind: 'ok', text: `Created ${created.name}.` } });
        return created;
      },
      async update(profileId, changes) {
        const updated = await bridge.invoke('profiles.update', { profileId, changes });
        await refreshList();
        set({ notice: { kind: 'ok', text: `Saved ${updated.name}.` } });
        return updated;
      },
      async duplicate(profileId) {
        try {
          const copy = await bridge.invoke('profiles.duplicate', { profileId });
          await refreshList();
          set({ editing: copy.id, notice: { kind: 'ok', text: `Duplicated as ${copy.name}.` } });
        } catch (err) {
          fail(err);
        }
      },
      async remove(profileId) {
        const name = app.getState().profiles?.profiles.find((p) => p.id === profileId)?.name;
        try {
          const state = await bridge.invoke('profiles.delete', { profileId });
          setProfiles(state);
          set({
            editing: state.activeProfileId,
            notice: { kind: 'ok', text: `Deleted ${name ?? 'the profile'}.` },
          });
        } catch (err) {
          fail(err);
        }
      },
      async exportJson() {
        try {
          return (await bridge.invoke('profiles.export', {})).json;
        } catch (err) {
          fail(err);
          return null;
        }
      },
      async importJson(json) {
        try {
          const result = await bridge.invoke('profiles.import', { json });
          await refreshList();
          const count = result.imported.length;
          set({
            notice: {
              kind: result.errors.length && !count ? 'error' : 'ok',
              text: `Imported ${count} profile${count === 1 ? '' : 's'}${result.errors.length ? `; ${result.errors.length} could not be imported: see Import problems, under the import controls` : ''}.`,
            },
            ...(result.imported[0] ? { editing: result.imported[0].id } : {}),
          });
          return result;
        } catch (err) {
          fail(err);
          return null;
        }
      },
    };
  });
}
