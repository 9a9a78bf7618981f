// The first-run steps (sandbox profile): get the app token, connect a sandbox user, have that user
// send a message to one of the app's contacts, and select the verified delivery it makes arrive.
// Each step is a button that does it through the commands the panes use; whether a step is done
// is read from the state (a token, a connected user, a delivery in the journal, the record
// selected), so a step the person did another way is ticked too. Once every step is done, or the
// panel is dismissed, it stays closed: remembered in the engine's settings, with a copy in the
// browser's storage (stores/ui-preferences.ts), so another host on this data folder keeps it closed.
import { createStore } from 'zustand/vanilla';
import type { Connection } from '../../bridge';
import type { Bridge, JournalRecord } from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import { browserStorage, type UiPreferencesLink } from '../../stores/ui-preferences';
import type { ContactsStore } from '../contacts/contacts-store';
import type { LogStore } from '../event-log/log-store';
import type { AppStore } from '../header/app-store';
import type { AuthStore } from '../users/auth-store';

export type FirstRunStep = 'token' | 'user' | 'message' | 'delivery';

export interface FirstRunState {
  /** Dismissed, or every step done once: the panel does not come back. */
  closed: boolean;
  /** The engine said whether it was closed elsewhere: until then it is not shown (no flash). */
  known: boolean;
  busy: FirstRunStep | null;
  /** The last step that failed, in words, until the next one starts. */
  error: { step: FirstRunStep; text: string } | null;
  /** A message reached the platform: a delivery arrived, or the app sent one. */
  messageSent: boolean;
  /** The newest delivery whose signature the engine verified. */
  verifiedSeq: number | null;
  run(step: FirstRunStep): Promise<void>;
  close(): void;
}

export type FirstRunStore = ReturnType<typeof createFirstRunStore>;

interface Deps {
  app: AppStore;
  auth: AuthStore;
  contacts: ContactsStore;
  log: LogStore;
}

const STORAGE_KEY = 'tp-inspector.first-run';
/** The contact the first message goes to, made when the user has none that takes messages. */
export const FIRST_CONTACT = { contactId: 'hello-desk', displayName: 'Hello desk' };
export const FIRST_USER = { name: 'Ada', surname: 'Lovelace' };
const FIRST_TEXT = 'Hello from TP Inspector';

export const isVerifiedDelivery = (r: JournalRecord | null): boolean =>
  r?.kind === 'delivery' && r.delivery.verification.outcome === 'valid';

const isMessageSend = (r: JournalRecord) =>
  r.kind === 'api' &&
  /\/tp\/(bulk\/)?message\/send/.test(r.api.url) &&
  (r.api.status ?? 0) >= 200 &&
  (r.api.status ?? 0) < 300;

export function createFirstRunStore(
  bridge: Bridge,
  connection: Connection,
  { app, auth, contacts, log }: Deps,
  storage: Storage | null = browserStorage(),
  engine?: UiPreferencesLink,
) {
  const steps: Record<FirstRunStep, () => Promise<void>> = {
    async token() {
      await app.getState().getAppToken();
      const request = app.getState().tokenRequest;
      if (request.status === 'failed') throw new Error(request.message);
    },
    async user() {
      // A sandbox user not connected yet is played again; otherwise one is made.
      const sandbox = await bridge.invoke('simulator.state', {});
      const free = sandbox.users.find((u) => !u.connected);
      const userId = free?.id ?? (await bridge.invoke('simulator.createUser', FIRST_USER)).user.id;
      // The directory URL's otp connects the user with no consent page (the engine redeems it).
      await bridge.invoke('simulator.otp', { userId, target: 'directory' });
    },
    async message() {
      const user = auth.getState().users[0];
      if (!user)
        throw new Error('No user is connected yet: connect a sandbox user first (step 2).');
      const contact = contacts
        .getState()
        .contacts.find(
          (c) =>
            c.capabilities.includes('interactive') &&
            c.owners.some((o) => o.userId === user.userId && o.state === 'ok'),
        );
      const contactId = contact?.contactId ?? FIRST_CONTACT.contactId;
      if (!contact) {
        const saved = await contacts.getState().save({
          ...FIRST_CONTACT,
          capabilities: ['interactive'],
          owners: [user.userId],
        });
        if (!saved.ok) {
          const why = saved.error ?? saved.issues.map((i) => i.message).join(' ');
          throw new Error(`The contact ${contactId} could not be added: ${why}`);
        }
      }
      await bridge.invoke('simulator.sendMessage', {
        userId: user.userId,
        to: { contactId },
        msgType: 'text',
        params: { text: FIRST_TEXT },
      });
    },
    async delivery() {
      const seq = store.getState().verifiedSeq;
      if (seq === null) {
        throw new Error(
          'No verified delivery has arrived yet: send a message first (step 3); it shows here within a second.',
        );
      }
      log.getState().select(seq);
    },
  };

  const store = createStore<FirstRunState>()((set, get) => ({
    closed: storage?.getItem(STORAGE_KEY) === 'closed',
    known: !engine,
    busy: null,
    error: null,
    messageSent: false,
    verifiedSeq: null,
    async run(step) {
      if (get().busy) return;
      set({ busy: step, error: null });
      try {
        await steps[step]();
      } catch (err) {
        set({ error: { step, text: errorMessage(err) } });
      } finally {
        set({ busy: null });
      }
    },
    close() {
      set({ closed: true });
      void engine?.save({ firstRunClosed: true });
      try {
        storage?.setItem(STORAGE_KEY, 'closed');
      } catch {
        // Refused storage: the engine's copy is the one that counts.
      }
    },
  }));

  function start(): () => void {
    const noteRecord = (r: JournalRecord) => {
      if (isVerifiedDelivery(r)) store.setState({ verifiedSeq: r.seq, messageSent: true });
      else if (isMessageSend(r)) store.setState({ messageSent: true });
    };
    const readJournal = async () => {
      try {
        const { rows } = await bridge.invoke('log.query', {
          filter: { kinds: ['delivery'], signature: 'valid' },
          limit: 1,
        });
        const newest = rows.at(-1);
        if (newest && newest.seq > (store.getState().verifiedSeq ?? 0)) {
          store.setState({ verifiedSeq: newest.seq, messageSent: true });
        }
      } catch {
        // The engine is away: read again when the link comes back.
      }
    };
    const offs = [
      bridge.on('log.appended', noteRecord),
      connection.subscribe((next) => {
        if (next.status === 'connected') void readJournal();
      }),
    ];
    if (!store.getState().closed) void readJournal();
    if (engine) {
      offs.push(
        engine.follow((stored) => {
          if (stored.firstRunClosed) store.setState({ closed: true, known: true });
          else {
            store.setState({ known: true });
            // Closed in this browser only (an older version kept it there): the engine learns it.
            if (store.getState().closed) void engine.save({ firstRunClosed: true });
          }
        }),
      );
    }
    return () => offs.forEach((off) => off());
  }
  return Object.assign(store, { start });
}
