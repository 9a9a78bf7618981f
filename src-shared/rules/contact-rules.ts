// The rules a contact must follow before it is sent, by field, in words. They come from the endpoint
// catalog (core/spec: contact.add's parameters), so the editor, the import and the sandbox apply
// one description. Pure: the renderer imports this file for instant inline validation.
import type { ContactDraft, ContactFieldIssue } from '../contract';
import { endpointById, splitSpaceList, validateParams, type ParamSpec } from '../spec';

const CONTACT_ADD = endpointById('contact.add');
const param = (name: string): ParamSpec => {
  const spec = CONTACT_ADD.params.find((p) => p.name === name);
  if (!spec) throw new Error(`The catalog's contact.add has no ${name} parameter`);
  return spec;
};

/** The capability values API document §2.3 documents (the platform may know more). */
export const DOCUMENTED_CAPABILITIES: readonly string[] = param('capabilities').values ?? [];

const FIELD_PARAM = {
  contactId: 'contact_id',
  displayName: 'display_name',
  avatarUrl: 'avatar_url',
} as const;

/** Checks one text field against its catalog parameter; null when it is fine. */
function checkField(field: keyof typeof FIELD_PARAM, value: string): string | null {
  const spec = param(FIELD_PARAM[field]);
  // Required-ness is checked here rather than by the catalog, so an empty optional URL is fine.
  if (value === '' && spec.required !== true) return null;
  const result = validateParams(
    { params: [spec] },
    { fields: new Map([[spec.name, [value]]]), files: new Set() },
  );
  return result.ok ? null : result.description;
}

interface ContactCheck {
  /** Block sending: the platform (or the sandbox) would refuse them. */
  errors: ContactFieldIssue[];
  /** Do not block: capability values the API document does not list. */
  notes: ContactFieldIssue[];
}

/**
 * Everything wrong with a draft, by field. `requireOwners`: a save needs at least one owner (an
 * import may record a contact without one).
 */
export function checkContact(
  draft: {
    contactId: string;
    displayName: string;
    avatarUrl?: string;
    capabilities?: readonly string[];
    owners?: readonly string[];
  },
  options: { requireOwners?: boolean } = {},
): ContactCheck {
  const errors: ContactFieldIssue[] = [];
  const notes: ContactFieldIssue[] = [];
  const text: [keyof typeof FIELD_PARAM, string][] = [
    ['contactId', draft.contactId],
    ['displayName', draft.displayName],
    ['avatarUrl', draft.avatarUrl ?? ''],
  ];
  for (const [field, value] of text) {
    const problem = checkField(field, value);
    if (problem) errors.push({ field, message: problem });
  }
  for (const cap of draft.capabilities ?? []) {
    if (/\s/.test(cap) || cap === '') {
      errors.push({
        field: 'capabilities',
        message: `A capability is one word without spaces (got "${cap.slice(0, 40)}").`,
      });
    } else if (!DOCUMENTED_CAPABILITIES.includes(cap)) {
      notes.push({
        field: 'capabilities',
        message: `"${cap.slice(0, 40)}" is not a documented capability (${DOCUMENTED_CAPABILITIES.join(', ')}). The platform may know it; the sandbox refuses it with 400.`,
      });
    }
  }
  if (options.requireOwners && (draft.owners ?? []).length === 0) {
    errors.push({
      field: 'owners',
      message:
        'Choose at least one owner: contact/add acts for a connected user, and the contact joins that user’s address book.',
    });
  }
  return { errors, notes };
}

/** "group_add  interactive x" → ["group_add", "interactive", "x"], without repeats. */
export function parseCapabilities(value: string): string[] {
  return [...new Set(splitSpaceList(value))];
}

/** Normalises a draft: trimmed ids, names as typed, capabilities and owners without repeats. */
export function normalizeDraft(draft: ContactDraft): Required<ContactDraft> {
  return {
    contactId: draft.contactId.trim(),
    displayName: draft.displayName,
    avatarUrl: (draft.avatarUrl ?? '').trim(),
    capabilities: [...new Set((draft.capabilities ?? []).map((c) => c.trim()).filter(Boolean))],
    owners: [...new Set((draft.owners ?? []).map((o) => o.trim()).filter(Boolean))],
  };
}
