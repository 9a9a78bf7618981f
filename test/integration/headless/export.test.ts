// The headless host's streamed export download, over real loopback HTTP against a real engine:
// guarded like the host's other routes (Host, session cookie) plus Sec-Fetch-Site, answered as an
// attachment whose body is exactly the `sessions.export` content, and checked before the download
// starts (`check=1`), with the error's words when it cannot be made.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSessionUrl, type LogFilter } from '../../../src-shared/contract';
import { createCore, type Core } from '../../../src-main/core/index';
import { startHttpHost, type HttpHost } from '../../../src-main/headless/http-host';
import { hostFor, tempDir } from '../../helpers/core-fixture';
import { rawRequest } from '../../helpers/raw-http';

const TOKEN = 'export-token-0123456789abcdefghijklmnopqrstu';
let dataDir: string;
let core: Core;
let host: HttpHost;
let cookie: string;

const seqsOf = (ndjson: string) =>
  ndjson
    .trimEnd()
    .split('\n')
    .map((line) => (JSON.parse(line) as { seq: number }).seq);

/**
 * The list's answer for a filter once the engine has indexed the whole journal and counted every
 * match: until then (just after opening) it covers what is done so far, and says so.
 */
async function settledQuery(filter: LogFilter) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const out = await core.invoke('log.query', { filter, limit: 1 });
    if (!out.indexing && !out.counting) return out;
    if (Date.now() > deadline)
      throw new Error('The engine was still indexing the journal after 15 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(host.port, path, { headers });

beforeAll(async () => {
  dataDir = tempDir('tp-host-export-');
  // A session of a few MB, so the download takes several of the engine's chunks.
  const lines = Array.from({ length: 6_000 }, (_, i) =>
    JSON.stringify({
      seq: i + 1,
      at: '2026-01-01T00:00:00.000Z',
      kind: 'system',
      summary: `record ${i + 1} <é>`,
      system: { level: 'info', message: `record ${i + 1} ${'x'.repeat(400)}` },
    }),
  );
  await writeFile(join(dataDir, 'journal.ndjson'), `${lines.join('\n')}\n`);
  core = await createCore(hostFor(null, dataDir), { inboundPort: 0 });
  const rendererDir = join(dataDir, 'renderer');
  await mkdir(rendererDir);
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>fixture</title>');
  host = await startHttpHost({ core, rendererDir, port: 0, token: TOKEN });
  cookie = `tp_session_${host.port}=${TOKEN}`;
});

afterAll(async () => {
  await host?.close();
  await core?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the headless host’s export download', () => {
  it('streams each format as an attachment, the same content as sessions.export', async () => {
    for (const format of ['ndjson', 'har', 'html'] as const) {
      const answer = await get(exportSessionUrl({ format }), {
        cookie,
        'sec-fetch-site': 'same-origin',
      });
      const whole = await core.invoke('sessions.export', { format });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${whole.filename}"; filename*=UTF-8''${whole.filename}`,
      );
      expect(answer.headers['content-type']).toBe(`${whole.mimeType}; charset=utf-8`);
      expect(answer.headers['cache-control']).toBe('no-store');
      // Written as it is made: no length known up front.
      expect(answer.headers['transfer-encoding']).toBe('chunked');
      // HAR leaves system records out; the others hold every record: several MB.
      if (format !== 'har') expect(answer.body.length).toBeGreaterThan(2 ** 21);
      expect(answer.body).toBe(whole.content);
    }
  });

  it('is refused without the session cookie, from another site or origin, or with a foreign Host', async () => {
    const path = exportSessionUrl({ format: 'ndjson' });
    expect((await get(path)).status).toBe(401);
    expect((await get(path, { cookie: `tp_session_${host.port}=wrong` })).status).toBe(401);
    const crossSite = await get(path, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatch(/foreign site/);
    expect(crossSite.headers['content-disposition']).toBeUndefined();
    const foreignOrigin = await get(path, { cookie, origin: 'http://evil.example' });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.body).toMatch(/foreign Origin/);
    expect((await get(path, { cookie, host: 'evil.example' })).status).toBe(403);
    // The page's own origin is no reason to refuse.
    const own = await get(path, { cookie, origin: `http://127.0.0.1:${host.port}` });
    expect(own.status).toBe(200);
  });

  it('with a filter, has the records the Event log lists for it and says filtered', async () => {
    const filter = { text: 'record 12' };
    const listed = await settledQuery(filter);
    // 12, 120–129 and 1200–1299 (111 records) of the session's 6,000.
    expect(listed.total).toBeGreaterThan(100);
    expect(listed.total).toBeLessThan(200);
    const answer = await get(exportSessionUrl({ format: 'ndjson', filter }), {
      cookie,
      'sec-fetch-site': 'same-origin',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /filename="tp-inspector-[a-z0-9-]+-filtered\.ndjson"/,
    );
    const summaries = answer.body
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { summary: string }).summary);
    expect(summaries).toHaveLength(listed.total);
    expect(summaries.every((summary) => summary.includes('record 12'))).toBe(true);
    const whole = await core.invoke('sessions.export', { format: 'ndjson', filter });
    expect(answer.body).toBe(whole.content);
    // The view's Clear alone is a filter too: only what came after it.
    const afterClear = { afterSeq: 5_990 };
    const cleared = await core.invoke('sessions.export', { format: 'ndjson', filter: afterClear });
    const seqs = cleared.content
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { seq: number }).seq);
    expect(seqs[0]).toBe(5_991);
    expect(seqs).toHaveLength((await settledQuery(afterClear)).total);
    // A paused list: what it showed when paused, none of what came since.
    const paused = await get(exportSessionUrl({ format: 'ndjson', filter, throughSeq: 200 }), {
      cookie,
    });
    expect(paused.headers['content-disposition']).toMatch(/-filtered\.ndjson"/);
    expect(seqsOf(paused.body)).toEqual([12, ...Array.from({ length: 10 }, (_, i) => 120 + i)]);
    const notSeq = await get(`${exportSessionUrl({ format: 'ndjson' })}&throughSeq=last`, {
      cookie,
    });
    expect(notSeq.status).toBe(400);
    expect(notSeq.body).toMatch(/The export asked for is not valid: throughSeq/);
  });

  it('answers a check before the download, with the words of what is wrong', async () => {
    const ok = await get(exportSessionUrl({ format: 'html' }, true), { cookie });
    expect(ok.status).toBe(204);
    expect(ok.body).toBe('');
    const unknown = await get(exportSessionUrl({ format: 'html', sessionId: 'nope' }, true), {
      cookie,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatch(/There is no session "nope"\. List the sessions and pick one\./);
    const badFormat = await get(exportSessionUrl({ format: 'pdf' }), { cookie });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body).toMatch(/The export asked for is not valid: format/);
    const notJson = await get(`${exportSessionUrl({ format: 'ndjson' })}&filter=%7Bkinds`, {
      cookie,
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatch(/filter is not JSON: export from the Event log again/);
    const badFilter = await get(exportSessionUrl({ format: 'ndjson', filter: { kinds: 'api' } }), {
      cookie,
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body).toMatch(/The export asked for is not valid: filter\.kinds/);
  });
});
