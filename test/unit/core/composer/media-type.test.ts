// MIME types from the bytes, checked against the table of API document §4.7, and the sample
// files of resources/samples: each one real, small, and recognised.
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeFile, detectMediaType } from '../../../../src-main/core/composer/media-type';
import { listSamples, readSample } from '../../../../src-main/core/composer/samples';

const EXPECTED: Record<string, string> = {
  'sample.jpg': 'image/jpeg',
  'sample.png': 'image/png',
  'sample.gif': 'image/gif',
  'sample.mp4': 'video/mp4',
  'sample.mp3': 'audio/mpeg',
  'sample.amr': 'audio/amr',
  'sample.pdf': 'application/pdf',
};

describe('sample media', () => {
  it('lists the seven samples with the type detected from their bytes', async () => {
    const samples = await listSamples();
    expect(Object.fromEntries(samples.map((s) => [s.name, s.mimeType]))).toEqual(EXPECTED);
    for (const s of samples) {
      expect(s.size).toBe(statSync(`resources/samples/${s.name}`).size);
      expect(s.size).toBeLessThan(50 * 1024);
    }
  });

  it('each sample is accepted for every msg_type the manifest offers it for', async () => {
    for (const s of await listSamples()) {
      const bytes = readSample(s.name);
      for (const msgType of s.msgTypes) {
        const info = describeFile(
          msgType,
          { name: s.name, size: bytes.length },
          await detectMediaType(bytes),
        );
        expect({ sample: s.name, msgType, accepted: info.accepted }).toEqual({
          sample: s.name,
          msgType,
          accepted: true,
        });
      }
    }
  });

  it('reads samples by manifest name only', () => {
    expect(() => readSample('../../package.json')).toThrow(/no sample named/);
    expect(readSample('sample.png').equals(readFileSync('resources/samples/sample.png'))).toBe(
      true,
    );
  });
});

describe('the MIME check', () => {
  const info = async (msgType: string, sample: string, chosenMime?: string) =>
    describeFile(
      msgType,
      { name: sample, size: 1, chosenMime },
      await detectMediaType(readSample(sample)),
    );

  it('sends MP3 bytes as audio/mp3, the preferred name of the same format', async () => {
    const mp3 = await info('sound', 'sample.mp3');
    expect(mp3).toMatchObject({
      detectedMime: 'audio/mpeg',
      sentMime: 'audio/mp3',
      accepted: true,
      preferred: 'audio/mp3',
    });
    expect(mp3.notes.join(' ')).toContain('the same format under the name the API document lists');
  });

  it('points out the preferred type when another accepted one is sent', async () => {
    const png = await info('picture', 'sample.png');
    expect(png).toMatchObject({ sentMime: 'image/png', accepted: true, preferred: 'image/jpeg' });
    expect(png.notes).toContain('Accepted. The API document prefers image/jpeg for picture.');
  });

  it('refuses a PDF as a movie and says which msg_type fits', async () => {
    const pdf = await info('movie', 'sample.pdf');
    expect(pdf.accepted).toBe(false);
    expect(pdf.notes.join(' ')).toContain('the platform answers 415. Send it as msg_type file.');
  });

  it('accepts anything as a file, noting media sent as a file', async () => {
    const jpg = await info('file', 'sample.jpg');
    expect(jpg.accepted).toBe(true);
    expect(jpg.notes.join(' ')).toContain('A file of type image/jpeg is sent as msg_type picture.');
  });

  it('keeps a chosen type and says when it contradicts the bytes', async () => {
    const lie = await info('picture', 'sample.mp3', 'image/png');
    expect(lie).toMatchObject({ sentMime: 'image/png', accepted: true });
    expect(lie.notes[0]).toContain(
      'The bytes are audio/mpeg (.mp3), but the part is sent as image/png',
    );
  });

  it('sends unknown bytes as application/octet-stream', async () => {
    const found = describeFile(
      'file',
      { name: 'x.bin', size: 3 },
      await detectMediaType(Buffer.from('abc')),
    );
    expect(found).toMatchObject({
      detectedMime: null,
      sentMime: 'application/octet-stream',
      accepted: true,
    });
  });
});
