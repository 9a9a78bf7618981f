// The multipart boundary: derived from the content, so a preview and the send that follows have
// the same bytes; a boundary found in the content is replaced.
import { describe, expect, it } from 'vitest';
import {
  buildMultipart,
  contentBoundary,
  multipartBytes,
} from '../../../../src-main/core/composer/multipart';

const file = {
  field: 'file',
  filename: 'a.bin',
  mimeType: 'application/octet-stream',
  bytes: Buffer.from('abc'),
};

describe('multipart boundary', () => {
  it('is the same for the same content and differs when anything changes', () => {
    const a = buildMultipart([['x', '1']], file);
    const b = buildMultipart([['x', '1']], file);
    expect(multipartBytes(a).equals(multipartBytes(b))).toBe(true);
    expect(buildMultipart([['x', '2']], file).boundary).not.toBe(a.boundary);
    expect(buildMultipart([['x', '1']], { ...file, bytes: Buffer.from('abd') }).boundary).not.toBe(
      a.boundary,
    );
    expect(buildMultipart([['x', '1']], { ...file, mimeType: 'image/png' }).boundary).not.toBe(
      a.boundary,
    );
  });

  it('is replaced when the content holds it', () => {
    const boundary = contentBoundary([['x', '1']], file);
    const body = buildMultipart(
      [['x', '1']],
      { ...file, bytes: Buffer.from(`..${boundary}..`) },
      boundary,
    );
    expect(body.boundary).not.toBe(boundary);
    expect(body.contentType).toBe(`multipart/form-data; boundary=${body.boundary}`);
  });

  it('ends with the closing delimiter when there is no file', () => {
    const body = buildMultipart([['x', '1']], null, 'B');
    expect(multipartBytes(body).toString()).toBe(
      '--B\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--B--\r\n',
    );
  });
});
