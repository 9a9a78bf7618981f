// The contract check: responses against the catalog's shapes, with missing, extra and mistyped
// fields said as such.
import { describe, expect, it } from 'vitest';
import { compareShape, responseShapeIssues } from '../../../../src-main/core/composer/shape-check';
import { retryAfterSeconds } from '../../../../src-main/core/common/retry-after';
import {
  ContactResponse,
  ResourceInfoResponse,
  ResourceListResponse,
  endpointById,
} from '../../../../src-shared/spec';

describe('compareShape', () => {
  it('is clean for a documented response', () => {
    expect(
      compareShape(ContactResponse, {
        contact_id: 'c',
        display_name: 'C',
        avatar_url: '',
        capabilities: 'interactive',
      }),
    ).toEqual([]);
  });

  it('names missing, extra and mistyped fields', () => {
    expect(
      compareShape(ContactResponse, { contact_id: 'c', display_name: 7, avatar_url: '', extra: 1 }),
    ).toEqual([
      expect.stringMatching(/^display_name: .*string.* \(got number 7\)$/),
      'missing field capabilities',
      'extra field extra',
    ]);
  });

  it('walks arrays once per path and picks the union branch by its discriminator', () => {
    expect(
      compareShape(ResourceListResponse, {
        users: [
          { id: 'u', owner: true, nick: 'x' },
          { id: 'v', nick: 'y' },
        ],
        rooms: [
          { room: 'r', data: { subject: 's', avatar: '', occupants: [{ id: 1 }], policy: 'open' } },
        ],
      }),
    ).toEqual([
      'extra field users[].nick',
      expect.stringMatching(/^rooms\[\]\.data\.occupants\[\]\.id: /),
    ]);
    expect(compareShape(ResourceInfoResponse, { type: 'user', resource: { id: 'u' } })).toEqual([]);
    expect(compareShape(ResourceInfoResponse, { type: 'bot', resource: {} })).toEqual([
      'type: string "bot" is not a documented value',
    ]);
  });

  it('checks a sent message data by msg_type, saying where the document is silent', () => {
    const endpoint = endpointById('message.send');
    const base = {
      id: 'm',
      type: 'location',
      timestamp: '1',
      sender: 's',
      owner: 'o',
      recipient: 'r',
    };
    expect(
      responseShapeIssues(
        endpoint,
        200,
        { ...base, data: { lat: 1, lon: 2, alt: 3 } },
        { msg_type: 'location' },
      ),
    ).toEqual([
      'extra field data.alt (as the sandbox sends it; the API document does not show it)',
    ]);
    expect(
      responseShapeIssues(endpoint, 200, { ...base, type: 'text', data: {} }, { msg_type: 'text' }),
    ).toEqual(['missing field data.body']);
    expect(responseShapeIssues(endpoint, 400, { error: 'x' }, {})).toEqual([]);
    expect(responseShapeIssues(endpoint, 200, null, {})).toEqual([
      'the response is not JSON, but the API document says responses are JSON',
    ]);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(
      retryAfterSeconds('Sun, 22 Nov 2026 08:00:10 GMT', Date.parse('2026-11-22T08:00:00Z')),
    ).toBe(10);
    expect(retryAfterSeconds(undefined)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});
