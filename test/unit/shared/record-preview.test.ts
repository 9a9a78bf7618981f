// A delivery row's gist (src-shared/rules/record-preview.ts): type, sender, start of the content.
import { describe, expect, it } from 'vitest';
import type { DeliveryCapture } from '../../../src-shared/contract';
import { deliveryPreview, PREVIEW_CHARS } from '../../../src-shared/rules/record-preview';

const capture = (type: string, data: object, msg = true) =>
  ({
    form: { data: JSON.stringify({ type, data }), signature: null, signatureMethod: null },
    classification: { category: 'message', type, ...(msg ? { msgType: type } : {}), userId: 'u1' },
  }) as unknown as DeliveryCapture;

describe('deliveryPreview', () => {
  it('says the type, the sender and the start of the content', () => {
    expect(deliveryPreview(capture('text', { body: 'Hello' }))).toEqual({
      type: 'text',
      from: 'u1',
      text: 'Hello',
    });
    expect(deliveryPreview(capture('picture', { filename: 'a.jpg' }))?.text).toBe('a.jpg');
    expect(deliveryPreview(capture('group-invite', { subject: 'Help' }, false))?.text).toBe('Help');
    const long = deliveryPreview(capture('text', { body: 'x'.repeat(500) }))!.text!;
    expect(long).toHaveLength(PREVIEW_CHARS);
  });
  it('keeps to the type when the data is not JSON', () => {
    const c = capture('text', {});
    c.form.data = 'not json';
    expect(deliveryPreview(c)).toEqual({ type: 'text', from: 'u1' });
  });
});
