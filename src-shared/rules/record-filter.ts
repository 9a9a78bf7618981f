// Which journal records concern a contact: a call that named it (contact_id in the request), or a
// delivery to or about it (the classification's contactId, from the recipient). Pure: the event
// log's contact filter ("Show in event log" in the contact editor) runs it in the renderer.
import type { JournalRecord } from '../contract';

export function recordConcernsContact(record: JournalRecord, contactId: string): boolean {
  switch (record.kind) {
    case 'api':
      return record.api.requestParams.contact_id === contactId;
    case 'delivery':
      return record.delivery.classification.contactId === contactId;
    default:
      return false;
  }
}
