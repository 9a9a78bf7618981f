// POST /tp/contact/add (4.5) and /tp/contact/remove (4.6 + docs/sandbox.md, Contacts).
import { contactJson, deleteContact, isSupercontact } from '../contacts';
import { ApiError } from '../http/reply';
import type { ApiHandler } from './pipeline';

export const contactAdd: ApiHandler = (ctx, { actor, params }) => {
  const contactId = params.str('contact_id') ?? '';
  const userId = actor.userId ?? '';
  if (isSupercontact(actor.app, contactId)) {
    throw new ApiError(
      'invalid_request',
      `contact_id ${contactId} is the supercontact; it cannot be modified.`,
    );
  }
  const existing = ctx.store.contact(actor.app.client_id, contactId);
  const contact = existing ?? {
    client_id: actor.app.client_id,
    contact_id: contactId,
    display_name: '',
    avatar_url: '',
    capabilities: [],
    owners: [],
  };
  contact.display_name = params.str('display_name') ?? contact.display_name;
  const avatar = params.str('avatar_url');
  if (avatar !== undefined) contact.avatar_url = avatar;
  const caps = params.list('capabilities');
  if (caps !== undefined) contact.capabilities = caps;
  if (!contact.owners.includes(userId)) contact.owners.push(userId);
  ctx.store.setContact(contact);
  return contactJson(contact);
};

export const contactRemove: ApiHandler = (ctx, { actor, params }) => {
  const contactId = params.str('contact_id') ?? '';
  if (isSupercontact(actor.app, contactId)) {
    throw new ApiError(
      'invalid_request',
      `contact_id ${contactId} is the supercontact; it cannot be removed.`,
    );
  }
  const contact = ctx.store.contact(actor.app.client_id, contactId);
  if (!contact || !contact.owners.includes(actor.userId ?? '')) {
    throw new ApiError('not_found', `contact_id ${contactId} is not a contact of this user.`);
  }
  contact.owners = contact.owners.filter((o) => o !== actor.userId);
  if (contact.owners.length === 0) deleteContact(ctx.store, contact);
  return { contact_id: contactId, removed: true };
};
