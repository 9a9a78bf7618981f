// The contact book (contacts.*; docs/architecture.md, "contacts"): the platform cannot list an
// app's contacts, so the tool keeps what it added or imported, per profile and per owner.
import { z } from 'zod';
import { ProfileSelector, type DomainCommands, type DomainEvents } from './common';

/** One owner of a contact in the book: what the tool last saw for that user. */
export const ContactOwner = z.object({
  userId: z.string(),
  /** ok: the platform confirmed it; failed: the last call failed (kept for retry); imported: listed
   * in an import without a call, so not confirmed. */
  state: z.enum(['ok', 'failed', 'imported']),
  /** The call that failed, to be retried: add (or edit) for this owner, or remove. */
  failedAction: z.enum(['add', 'remove']).nullable(),
  /** What went wrong, in words (null when state is not failed). */
  error: z.string().nullable(),
  /** The journal record of the last call for this owner, for "show in the event log". */
  apiSeq: z.number().int().positive().nullable(),
  at: z.string(),
});
export type ContactOwner = z.infer<typeof ContactOwner>;

export const BookContact = z.object({
  contactId: z.string(),
  displayName: z.string(),
  /** '' when none. */
  avatarUrl: z.string(),
  capabilities: z.array(z.string()),
  owners: z.array(ContactOwner),
  /** The app's supercontact (contact_id = client_id): every connected user owns it implicitly;
   * it cannot be removed or modified. */
  supercontact: z.boolean(),
  updatedAt: z.string(),
});
export type BookContact = z.infer<typeof BookContact>;

export const ContactBook = z.object({ profileId: z.string(), contacts: z.array(BookContact) });
export type ContactBook = z.infer<typeof ContactBook>;

/** What one call did for one owner. */
export const OwnerResult = z.object({
  userId: z.string(),
  action: z.enum(['add', 'remove']),
  ok: z.boolean(),
  /** HTTP status, null when no response came (or the call was not sent). */
  status: z.number().int().nullable(),
  /** In words: what happened and what to do. */
  message: z.string(),
  apiSeq: z.number().int().positive().nullable(),
});
export type OwnerResult = z.infer<typeof OwnerResult>;

export const ContactOpResult = z.object({
  /** The contact after the operation; null when no owner is left (it is gone from the book). */
  contact: BookContact.nullable(),
  results: z.array(OwnerResult),
});
export type ContactOpResult = z.infer<typeof ContactOpResult>;

/** A contact as edited, typed in or imported. Rules: src-shared/rules/contact-rules.ts. */
export const ContactDraft = z.object({
  contactId: z.string().max(200),
  displayName: z.string().max(1000),
  avatarUrl: z.string().max(4096).default(''),
  capabilities: z.array(z.string().max(200)).max(50).default([]),
  /** User ids of connected users, one contact/add each. */
  owners: z.array(z.string().min(1).max(200)).max(500).default([]),
});
export type ContactDraft = z.input<typeof ContactDraft>;

export const ContactFieldIssue = z.object({
  field: z.enum(['contactId', 'displayName', 'avatarUrl', 'capabilities', 'owners']),
  message: z.string(),
});
export type ContactFieldIssue = z.infer<typeof ContactFieldIssue>;

const ImportFormat = z.enum(['auto', 'csv', 'json']);
export const ImportRow = z.object({
  /** 1-based: the CSV line's record number after the header, or the JSON array index + 1. */
  row: z.number().int().positive(),
  /** The contact as read (null when the row could not be read at all). */
  contact: ContactDraft.nullable(),
  errors: z.array(z.string()),
  /** Not errors: undocumented capability values, owners not connected, an existing contact. */
  notes: z.array(z.string()),
});
export type ImportRow = z.infer<typeof ImportRow>;
export const ImportPreview = z.object({
  format: z.enum(['csv', 'json']),
  rows: z.array(ImportRow),
  valid: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  /** The refused rows as CSV with a reason column, to fix and import again (null: none). */
  refusedCsv: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const contactsCommands = {
  /** The contact book of the profile: what the tool added or imported, and the supercontact. */
  'contacts.list': { input: ProfileSelector, output: ContactBook },
  /**
   * Adds or edits a contact: one /tp/contact/add per owner, each with that user's token. An edit
   * changes the contact for every owner on the platform. Refused with `invalid_input` (issues by
   * field) when the draft breaks the rules, and for the supercontact.
   */
  'contacts.save': {
    input: z
      .object({ profileId: z.string().min(1).optional(), contact: ContactDraft.strict() })
      .strict(),
    output: ContactOpResult,
  },
  /** One /tp/contact/remove per listed owner (the acting user's ownership). */
  'contacts.remove': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        contactId: z.string().min(1).max(200),
        userIds: z.array(z.string().min(1)).min(1).max(500),
      })
      .strict(),
    output: ContactOpResult,
  },
  /**
   * Sends again the calls that failed for the contact's owners, and the contact/add an import only
   * recorded ("imported, not confirmed"): for all of them by default.
   */
  'contacts.retry': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        contactId: z.string().min(1).max(200),
        userIds: z.array(z.string().min(1)).max(500).optional(),
      })
      .strict(),
    output: ContactOpResult,
  },
  /** Drops a contact from the book only; nothing is sent to the platform. */
  'contacts.forget': {
    input: z
      .object({ profileId: z.string().min(1).optional(), contactId: z.string().min(1).max(200) })
      .strict(),
    output: ContactBook,
  },
  /** Reads a CSV or JSON text of contacts, row by row, without changing anything. */
  'contacts.importPreview': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        format: ImportFormat.default('auto'),
        text: z.string().max(10_000_000),
      })
      .strict(),
    output: ImportPreview,
  },
  /**
   * Imports the valid rows. With `send`, each row's owners get a /tp/contact/add (progress:
   * contacts.importProgress with the importId); without, the rows are only recorded in the book.
   */
  'contacts.import': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        format: ImportFormat.default('auto'),
        text: z.string().max(10_000_000),
        send: z.boolean().default(true),
        importId: z.string().min(1).max(100).optional(),
      })
      .strict(),
    output: z.object({
      preview: ImportPreview,
      imported: z.number().int().nonnegative(),
      /** Rows whose calls failed for at least one owner (kept in the book for retry). */
      failed: z.array(
        z.object({ row: z.number().int().positive(), contactId: z.string(), message: z.string() }),
      ),
    }),
  },
  /** The book as a file's content, CSV or JSON (no tokens: contacts carry none). */
  'contacts.export': {
    input: z
      .object({ profileId: z.string().min(1).optional(), format: z.enum(['csv', 'json']) })
      .strict(),
    output: z.object({ filename: z.string(), mimeType: z.string(), content: z.string() }),
  },
} as const satisfies DomainCommands<'contacts'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const contactsEvents = {
  /** The profile's contact book changed (a save, remove, retry, import or forget). */
  'contacts.changed': ContactBook,
  /** Progress of a contacts.import that gave an importId. */
  'contacts.importProgress': z.object({
    importId: z.string(),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
} as const satisfies DomainEvents<'contacts'>;
