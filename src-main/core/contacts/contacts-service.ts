// The contact book's operations: save (add or edit for one or several owners), remove per owner,
// retry what failed, import and export. Every platform call goes through the API client with the
// owner's own token (owner-calls.ts), so each lands in the journal as an `api` record.
import {
  CommandError,
  type BookContact,
  type ContactBook,
  type ContactDraft,
  type ContactOpResult,
  type ContactOwner,
  type ImportPreview,
  type OwnerResult,
} from '../../../src-shared/contract';
import type { ApiClient } from '../api';
import type { UserTokenService } from '../auth';
import type { CoreEventEmitter } from '../events';
import type { CoreHost } from '../host-interface';
import type { ProfileStore } from '../profiles';
import { withOwner, type ContactBookStore, type StoredContact } from './contact-book';
import { exportBook } from './contact-export';
import { ownersToUpdate, previewImport } from './contact-import';
import {
  checkContact,
  normalizeDraft,
  parseCapabilities,
} from '../../../src-shared/rules/contact-rules';
import type { ContactResponse } from '../../../src-shared/spec';
import { callForOwner, type OwnerAction } from './owner-calls';

export interface ContactsService {
  list(profileId?: string): ContactBook;
  save(draft: ContactDraft, profileId?: string): Promise<ContactOpResult>;
  remove(contactId: string, userIds: string[], profileId?: string): Promise<ContactOpResult>;
  retry(contactId: string, userIds?: string[], profileId?: string): Promise<ContactOpResult>;
  forget(contactId: string, profileId?: string): ContactBook;
  importPreview(text: string, format: 'auto' | 'csv' | 'json', profileId?: string): ImportPreview;
  importContacts(input: {
    text: string;
    format: 'auto' | 'csv' | 'json';
    send: boolean;
    importId?: string;
    profileId?: string;
  }): Promise<{
    preview: ImportPreview;
    imported: number;
    failed: { row: number; contactId: string; message: string }[];
  }>;
  exportBook(
    format: 'csv' | 'json',
    profileId?: string,
  ): { filename: string; mimeType: string; content: string };
}

interface Deps {
  host: CoreHost;
  profiles: ProfileStore;
  users: UserTokenService;
  api: ApiClient;
  events: CoreEventEmitter;
  book: ContactBookStore;
}

export function createContactsService({
  host,
  profiles,
  users,
  api,
  events,
  book,
}: Deps): ContactsService {
  const now = () => new Date().toISOString();

  /** The supercontact as the book shows it: every connected user owns it implicitly. */
  const supercontact = (profileId: string): BookContact => {
    const profile = profiles.require(profileId);
    const appName =
      profile.kind === 'sandbox' && host.sandbox ? host.sandbox.app.name : profile.name;
    return {
      contactId: profile.clientId,
      displayName: appName,
      avatarUrl: '',
      capabilities: [],
      owners: users
        .list(profileId)
        .filter((u) => u.status !== 'disconnected')
        .map((u) => ({
          userId: u.userId,
          state: 'ok' as const,
          failedAction: null,
          error: null,
          apiSeq: null,
          at: u.connectedAt,
        })),
      supercontact: true,
      updatedAt: now(),
    };
  };
  const view = (c: StoredContact): BookContact => ({ ...c, supercontact: false });
  const bookOf = (profileId: string): ContactBook => ({
    profileId,
    contacts: [
      supercontact(profileId),
      ...book
        .all(profileId)
        .filter((c) => c.contactId !== profiles.require(profileId).clientId)
        .sort((a, b) => a.contactId.localeCompare(b.contactId))
        .map(view),
    ],
  });
  const changed = (profileId: string) => events.emit('contacts.changed', bookOf(profileId));

  const refuseSupercontact = (profileId: string, contactId: string, what: string) => {
    if (contactId === profiles.require(profileId).clientId) {
      throw new CommandError({
        code: 'conflict',
        message: `${contactId} is the app's supercontact: it exists for every app, every connected user owns it, and it cannot be ${what}.`,
      });
    }
  };
  const requireContact = (profileId: string, contactId: string): StoredContact => {
    const c = book.get(profileId, contactId);
    if (!c) {
      throw new CommandError({
        code: 'not_found',
        message: `${contactId} is not in the contact book of this profile. Add it first (or import it).`,
      });
    }
    return c;
  };

  const withEchoedFields = (contact: StoredContact, e: ContactResponse): StoredContact => ({
    ...contact,
    displayName: e.display_name,
    avatarUrl: e.avatar_url,
    capabilities: parseCapabilities(e.capabilities),
  });
  /** Applies one owner's outcome to the stored contact. */
  const applyResult = (contact: StoredContact, r: OwnerResult): StoredContact => {
    if (r.ok && r.action === 'remove') {
      return { ...contact, owners: contact.owners.filter((o) => o.userId !== r.userId) };
    }
    const owner: ContactOwner = {
      userId: r.userId,
      state: r.ok ? 'ok' : 'failed',
      failedAction: r.ok ? null : r.action,
      error: r.ok ? null : r.message,
      apiSeq: r.apiSeq,
      at: now(),
    };
    return { ...contact, owners: withOwner(contact.owners, owner) };
  };

  // One operation at a time per contact: each reads the stored contact when it starts, so two saves
  // (or a save and an import) of the same contact_id never overwrite each other's owners.
  const chains = new Map<string, Promise<unknown>>();
  function serial<T>(profileId: string, contactId: string, job: () => Promise<T>): Promise<T> {
    const key = `${profileId}\u0000${contactId}`;
    const mine = (chains.get(key) ?? Promise.resolve()).then(job, job);
    const tail = mine.catch(() => undefined);
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return mine;
  }

  /** The stored contact a draft makes: its fields, and the owners the book knew already. */
  const fromDraft = (profileId: string, d: Required<ContactDraft>): StoredContact => ({
    contactId: d.contactId,
    displayName: d.displayName,
    avatarUrl: d.avatarUrl,
    capabilities: d.capabilities,
    owners: book.get(profileId, d.contactId)?.owners ?? [],
    updatedAt: now(),
  });

  /** Whether two versions of a contact send the platform the same fields. */
  const sameFields = (a: StoredContact, b: StoredContact): boolean =>
    a.displayName === b.displayName &&
    a.avatarUrl === b.avatarUrl &&
    a.capabilities.join(' ') === b.capabilities.join(' ');

  /** Runs the calls one owner after another (they share the user's rate limit) and records them. */
  async function run(
    profileId: string,
    contact: StoredContact,
    calls: { userId: string; action: OwnerAction }[],
    /** An import emits contacts.changed once at its end, not once per row (the whole book each). */
    quiet = false,
  ): Promise<ContactOpResult> {
    const results: OwnerResult[] = [];
    let current = contact;
    book.put(profileId, current);
    for (const { userId, action } of calls) {
      const { result: r, echoed } = await callForOwner(api, profileId, userId, action, current);
      results.push(r);
      current = applyResult(current, r);
      // The platform's answer is the contact after the change: keep its fields, not ours.
      if (echoed) current = withEchoedFields(current, echoed);
      current = { ...current, updatedAt: now() };
      book.put(profileId, current);
    }
    // A contact whose last owner removed it is deleted by the platform: the book follows.
    const emptied = calls.some((c) => c.action === 'remove') && current.owners.length === 0;
    if (emptied) book.delete(profileId, current.contactId);
    if (!quiet) changed(profileId);
    return { contact: emptied ? null : view(current), results };
  }

  return {
    list: (profileId) => bookOf(profiles.require(profileId).id),

    async save(draft, profileIdIn) {
      const profileId = profiles.require(profileIdIn).id;
      const d = normalizeDraft(draft);
      refuseSupercontact(profileId, d.contactId, 'modified');
      const check = checkContact(d, { requireOwners: true });
      if (check.errors.length > 0) {
        throw new CommandError({
          code: 'invalid_input',
          message: `The contact was not sent: ${check.errors.map((e) => e.message).join(' ')}`,
          issues: check.errors.map((e) => ({ path: e.field, message: e.message })),
        });
      }
      return serial(profileId, d.contactId, () =>
        run(
          profileId,
          fromDraft(profileId, d),
          d.owners.map((userId) => ({ userId, action: 'add' as const })),
        ),
      );
    },

    async remove(contactId, userIds, profileIdIn) {
      const profileId = profiles.require(profileIdIn).id;
      refuseSupercontact(profileId, contactId, 'removed');
      return serial(profileId, contactId, async () =>
        run(
          profileId,
          requireContact(profileId, contactId),
          [...new Set(userIds)].map((userId) => ({ userId, action: 'remove' as const })),
        ),
      );
    },

    async retry(contactId, userIds, profileIdIn) {
      const profileId = profiles.require(profileIdIn).id;
      return serial(profileId, contactId, async () => {
        const contact = requireContact(profileId, contactId);
        // An owner an import only recorded has never had its contact/add: sent now.
        const pending = contact.owners.filter(
          (o) =>
            ((o.state === 'failed' && o.failedAction !== null) || o.state === 'imported') &&
            (userIds === undefined || userIds.includes(o.userId)),
        );
        if (pending.length === 0) {
          throw new CommandError({
            code: 'conflict',
            message: `Nothing to send: no call for ${contactId} failed or waits${userIds ? ' for those owners' : ''}.`,
          });
        }
        return run(
          profileId,
          contact,
          pending.map((o) => ({ userId: o.userId, action: o.failedAction ?? ('add' as const) })),
        );
      });
    },

    forget(contactId, profileIdIn) {
      const profileId = profiles.require(profileIdIn).id;
      refuseSupercontact(profileId, contactId, 'removed');
      requireContact(profileId, contactId);
      book.delete(profileId, contactId);
      changed(profileId);
      return bookOf(profileId);
    },

    importPreview(text, format, profileIdIn) {
      const profileId = profiles.require(profileIdIn).id;
      return previewImport(text, format, {
        supercontactId: profiles.require(profileId).clientId,
        connectedUserIds: new Set(
          users
            .list(profileId)
            .filter((u) => u.status !== 'disconnected')
            .map((u) => u.userId),
        ),
        existing: new Map(
          book.all(profileId).map((c) => [c.contactId, ownersToUpdate(c.owners, [])] as const),
        ),
      });
    },

    async importContacts({ text, format, send, importId, profileId: profileIdIn }) {
      const profileId = profiles.require(profileIdIn).id;
      const preview = this.importPreview(text, format, profileId);
      const rows = preview.rows.filter((r) => r.errors.length === 0 && r.contact);
      const failed: { row: number; contactId: string; message: string }[] = [];
      const progress = (done: number) => {
        if (importId) {
          events.emit('contacts.importProgress', {
            importId,
            done,
            total: rows.length,
            failed: failed.length,
          });
        }
      };
      progress(0);
      let done = 0;
      for (const r of rows) {
        const d = normalizeDraft(r.contact!);
        await serial(profileId, d.contactId, async () => {
          const before = book.get(profileId, d.contactId);
          const contact = fromDraft(profileId, d);
          if (!send) {
            // Recorded only: nothing is confirmed by the platform. Owners it had confirmed hold the
            // old fields there when the row changes them, so they are no longer in step either.
            const stale = before !== undefined && !sameFields(before, contact);
            let owners = contact.owners.map((o) =>
              stale && o.state === 'ok' ? { ...o, state: 'imported' as const, at: now() } : o,
            );
            for (const userId of d.owners) {
              if (owners.some((o) => o.userId === userId)) continue;
              owners = withOwner(owners, {
                userId,
                state: 'imported',
                failedAction: null,
                error: null,
                apiSeq: null,
                at: now(),
              });
            }
            book.put(profileId, { ...contact, owners });
            return;
          }
          // A contact in the book already is updated for every owner it has, not only the row's:
          // each holds it on the platform and would otherwise keep the old fields.
          const result = await run(
            profileId,
            contact,
            ownersToUpdate(before?.owners ?? [], d.owners).map((userId) => ({
              userId,
              action: 'add' as const,
            })),
            true,
          );
          const bad = result.results.filter((x) => !x.ok);
          if (bad.length > 0) {
            failed.push({
              row: r.row,
              contactId: d.contactId,
              message: bad.map((x) => x.message).join(' '),
            });
          }
        });
        progress(++done);
      }
      changed(profileId);
      return { preview, imported: rows.length, failed };
    },

    exportBook(format, profileIdIn) {
      const profileId = profiles.require(profileIdIn).id;
      return exportBook(bookOf(profileId).contacts, format, profileId);
    },
  };
}
