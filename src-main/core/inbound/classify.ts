// What a delivery is, from its `data` JSON: a user's message (by its type, one of the msg_types
// of 4.7), a group-invite (6.1), another group event (`group-*`), or unknown. Tolerant by design:
// the real platform leaves the shapes of most of these "not shown".
import type { DeliveryClassification } from '../../../src-shared/contract';
import { GROUP_EVENT_TYPES, isMsgType } from '../../../src-shared/spec';

/** `<local>@<domain>` → local; anything else unchanged. */
const localPart = (address: string) => {
  const at = address.indexOf('@');
  return at < 0 ? address : address.slice(0, at);
};
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

export function classify(parsed: unknown): DeliveryClassification {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { category: 'unknown', type: '' };
  }
  const d = parsed as Record<string, unknown>;
  const type = str(d.type) ?? '';
  const category: DeliveryClassification['category'] =
    type === 'group-invite'
      ? 'group-invite'
      : (GROUP_EVENT_TYPES as readonly string[]).includes(type) || type.startsWith('group-')
        ? 'group-event'
        : isMsgType(type)
          ? 'message'
          : 'unknown';
  // Built up by assignment, not by spreads: this runs for every delivery (see planResponse).
  const c: DeliveryClassification = { category, type };
  if (category === 'message') c.msgType = type;
  const messageId = str(d.id);
  if (messageId) c.messageId = messageId;
  const roomId = str(d.room);
  if (roomId) c.roomId = roomId;
  // The app's contact is the recipient of both messages and group events.
  const recipient = str(d.recipient);
  if (recipient) c.contactId = localPart(recipient);
  // The user who wrote the message or acted in the group.
  const sender = str(d.sender);
  if (sender) c.userId = localPart(sender);
  return c;
}
