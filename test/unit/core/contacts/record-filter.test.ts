// The event log's contact filter: which records concern a contact.
import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../../src-shared/contract';
import { recordConcernsContact } from '../../../../src-shared/rules/record-filter';

const api = (params: Record<string, string>) =>
  ({
    kind: 'api',
    seq: 1,
    at: '',
    summary: '',
    api: { requestParams: params },
  }) as unknown as JournalRecord;
const delivery = (contactId?: string) =>
  ({
    kind: 'delivery',
    seq: 2,
    at: '',
    summary: '',
    delivery: {
      classification: { category: 'message', type: '', ...(contactId ? { contactId } : {}) },
    },
  }) as unknown as JournalRecord;

describe('recordConcernsContact', () => {
  it('matches calls naming the contact and deliveries to it, nothing else', () => {
    expect(recordConcernsContact(api({ contact_id: 'order-1' }), 'order-1')).toBe(true);
    expect(recordConcernsContact(api({ contact_id: 'order-10' }), 'order-1')).toBe(false);
    expect(recordConcernsContact(api({}), 'order-1')).toBe(false);
    expect(recordConcernsContact(delivery('order-1'), 'order-1')).toBe(true);
    expect(recordConcernsContact(delivery(), 'order-1')).toBe(false);
  });
});
