// A composer send goes through the API client: a 401 invalid_token gets one renewal of the token
// and one more attempt, never a second, and the retried attempt carries its whole body again (an
// upload read as the socket takes it cannot be sent twice from the same stream).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/index';
import { hostFor, profileOn, tempDir } from '../../helpers/core-fixture';

interface Seen {
  url: string;
  authorization: string | undefined;
  bodyBytes: number;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

/** A platform on 127.0.0.1 that issues a new app token each time and refuses every one of them. */
async function refusingEveryToken(seen: Seen[]): Promise<string> {
  let issued = 0;
  const server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, bodyBytes });
      if (req.url === '/tp/token') {
        issued += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ access_token: `tok-${issued}`, token_type: 'Bearer', expires_in: 3600 }),
        );
        return;
      }
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': 'Bearer error="invalid_token"',
      });
      res.end(JSON.stringify({ error: 'invalid_token' }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a composer send refused with 401 invalid_token', () => {
  it('renews the token once, sends the whole upload again once, and answers the second 401', async () => {
    const seen: Seen[] = [];
    const baseUrl = await refusingEveryToken(seen);
    const core = await createCore(hostFor(null, tempDir()), { inboundPort: 0 });
    try {
      const profile = await profileOn(core, 'Refuses every token', baseUrl);
      const bytes = Buffer.alloc(600 * 1024, 7);
      const progress: number[] = [];
      const off = core.events.on('composer.progress', (p) => {
        if (p.requestId === 'retry-1') progress.push(p.sentBytes);
      });
      const result = await core.invoke('composer.send', {
        profileId: profile.id,
        endpointId: 'bulk.send',
        params: { contact_id: 'c-1', resources: 'u-1', msg_type: 'file' },
        actAs: { kind: 'app' },
        file: { name: 'big.bin', base64: bytes.toString('base64') },
        requestId: 'retry-1',
      });
      off();

      expect(seen.map((s) => s.url)).toEqual([
        '/tp/token',
        '/tp/bulk/message/send.json',
        '/tp/token',
        '/tp/bulk/message/send.json',
      ]);
      const [first, second] = seen.filter((s) => s.url !== '/tp/token');
      expect([first!.authorization, second!.authorization]).toEqual([
        'Bearer tok-1',
        'Bearer tok-2',
      ]);
      // Both attempts carried the file whole, and the second was not an empty spent stream.
      expect(first!.bodyBytes).toBeGreaterThan(bytes.length);
      expect(second!.bodyBytes).toBe(first!.bodyBytes);
      expect(progress.filter((sent) => sent === first!.bodyBytes)).toHaveLength(2);

      expect(result.record.api.status).toBe(401);
      const summaries = (await core.invoke('log.list', { limit: 100 })).records
        .filter((r) => r.kind === 'api')
        .map((r) => r.summary);
      expect(summaries).toEqual([
        'POST /tp/token (client_credentials) → 200',
        'POST /tp/bulk/message/send.json (file) → 401',
        'POST /tp/token (client_credentials) → 200',
        'POST /tp/bulk/message/send.json (file) → 401',
      ]);
    } finally {
      await core.close();
    }
  });
});
