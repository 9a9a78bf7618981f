// The words for a refused contact call: one period after the platform's description, and a 429
// that says when to retry as a time of day (the message stays in the book and is read later).
import { describe, expect, it } from 'vitest';
import { refusalMessage } from '../../../../src-main/core/contacts/owner-calls';

const rateLimited = {
  error: 'rate_limited',
  error_description:
    'The app acme-orders went over 2 calls per 60 s on contact.add; retry after 55 s.',
};
// A local time, so the expected clock times do not depend on the time zone.
const saidAt = new Date(2025, 0, 15, 12, 0, 35);

describe('refusalMessage', () => {
  it('says a 429 once, with the Retry-After counted from when it was said, as a time of day', () => {
    const message = refusalMessage(
      'contact/add',
      'uzwawmjgfsx',
      429,
      rateLimited,
      { 'retry-after': '55' },
      saidAt,
    );
    expect(message).toBe(
      'contact/add for uzwawmjgfsx was refused with 429 rate_limited: The app acme-orders went over 2 calls per 60 s on contact.add; retry after 55 s. The rate limit was reached: retry at 12:01:30 or later (Retry-After: 55 s, said at 12:00:35).',
    );
    expect(message).not.toMatch(/\.\./);
  });

  it('reads a Retry-After given as an HTTP date', () => {
    const at = new Date(saidAt.getTime() + 90_000).toUTCString();
    expect(
      refusalMessage('contact/add', 'u1', 429, rateLimited, { 'retry-after': at }, saidAt),
    ).toMatch(/retry at 12:02:05 or later \(Retry-After: 90 s, said at 12:00:35\)\.$/);
  });

  it('without Retry-After, asks to wait a little', () => {
    expect(refusalMessage('contact/add', 'u1', 429, rateLimited, {}, saidAt)).toMatch(
      /retry after 55 s\. The rate limit was reached: wait a little, then retry\.$/,
    );
  });

  it('ends a description without a period with one, and keeps the hint of other statuses', () => {
    expect(
      refusalMessage(
        'contact/remove',
        'u1',
        404,
        { error: 'not_found', error_description: 'No such contact' },
        {},
        saidAt,
      ),
    ).toMatch(
      /^contact\/remove for u1 was refused with 404 not_found: No such contact\. The platform/,
    );
    expect(refusalMessage('contact/add', 'u1', 500, null, {}, saidAt)).toBe(
      'contact/add for u1 was refused with 500. The event log has the whole answer.',
    );
  });
});
