// The headless page's streamed export (bridge/export-download.ts): a check first, so a refusal
// reads as the host's words (and no download starts); then the browser takes the download over.
import { describe, expect, it, vi } from 'vitest';
import { httpSaveExport } from '../../../src-renderer/src/bridge/export-download';

describe('an export saved from the headless page', () => {
  it('checks, then starts the download at the streamed route', async () => {
    const fetchFn = vi.fn(async () => new Response(null, { status: 204 }));
    const started: string[] = [];
    const save = httpSaveExport(fetchFn, (url) => started.push(url));
    await expect(save({ format: 'html', sessionId: 's 1' })).resolves.toEqual({
      outcome: 'downloading',
    });
    expect(fetchFn).toHaveBeenCalledWith('/export/session?format=html&sessionId=s%201&check=1', {
      cache: 'no-store',
    });
    expect(started).toEqual(['/export/session?format=html&sessionId=s%201']);
  });

  it('says what the host answered, and starts nothing, when the export cannot be made', async () => {
    const words = 'There is no session "gone". List the sessions and pick one.';
    const started: string[] = [];
    const save = httpSaveExport(
      async () => new Response(`${words}\n`, { status: 404 }),
      (url) => started.push(url),
    );
    await expect(save({ format: 'ndjson', sessionId: 'gone' })).rejects.toMatchObject({
      code: 'not_found',
      message: words,
    });
    const down = httpSaveExport(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      (url) => started.push(url),
    );
    await expect(down({ format: 'ndjson' })).rejects.toMatchObject({
      code: 'transport_closed',
      message: expect.stringMatching(/The host did not answer, so nothing was exported/),
    });
    expect(started).toEqual([]);
  });
});
