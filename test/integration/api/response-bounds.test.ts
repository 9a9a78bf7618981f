// A server that answers too much (a platform URL that is not the platform, a tunnel server that
// misbehaves) cannot make the engine hold it: the API client and the tunnel registration read
// response bodies up to a limit, then fail with words that say what happened and what to do.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/index';
import { RegistrationRefused, registerTunnel } from '../../../src-main/core/tunnel/lt-register';
import { hostFor, profileOn, tempDir } from '../../helpers/core-fixture';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

/**
 * A server on 127.0.0.1 that answers `size` bytes of 'x', but for a token at /tp/token unless
 * `tokenToo`.
 */
async function answeringTooMuch(size: number, tokenToo = false): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url === '/tp/token' && !tokenToo) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(Buffer.alloc(size, 'x'));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A core that reads 64 KiB of an answer at most, with a profile on `baseUrl`. */
async function withProfileOn(
  baseUrl: string,
  run: (core: Core, profileId: string) => Promise<void>,
): Promise<void> {
  const core = await createCore(hostFor(null, tempDir()), {
    inboundPort: 0,
    apiMaxResponseBytes: 64 * 1024,
  });
  try {
    const profile = await profileOn(core, 'Too much', baseUrl);
    await run(core, profile.id);
  } finally {
    await core.close();
  }
}

describe('the API client', () => {
  it('fails a call whose response is over the limit, and the journal keeps its first bytes', async () => {
    const baseUrl = await answeringTooMuch(2 * 1024 * 1024);
    await withProfileOn(baseUrl, async (core, profileId) => {
      const { record } = await core.invoke('api.call', {
        profileId,
        method: 'GET',
        path: '/tp/resource/list',
        params: {},
        actAs: { kind: 'app' },
      });
      expect(record.api.status).toBeNull();
      expect(record.api.error).toMatch(
        /answered HTTP 200 with a body over TP Inspector's limit of 64 KiB.*check the profile's base URL/,
      );
      expect(record.api.responseBody!.size).toBe(64 * 1024);
      expect(record.api.responseBody!.text.startsWith('xxxx')).toBe(true);
    });
  });
});

describe('the token endpoint', () => {
  it('reads its answer up to the same limit as the API client', async () => {
    const baseUrl = await answeringTooMuch(256 * 1024, true);
    await withProfileOn(baseUrl, async (core, profileId) => {
      await core.invoke('auth.getAppToken', { profileId }).catch(() => undefined);
      const { records } = await core.invoke('log.list', { limit: 50 });
      const token = records.find((r) => r.kind === 'api' && r.api.url.endsWith('/tp/token'));
      expect(token?.kind === 'api' && token.api.error).toMatch(
        /over TP Inspector's limit of 64 KiB/,
      );
      expect(token?.kind === 'api' && token.api.responseBody?.size).toBe(64 * 1024);
    });
  });
});

describe('the tunnel registration', () => {
  it('fails when the server answers more than 64 KiB', async () => {
    const url = await answeringTooMuch(1024 * 1024);
    const registered = registerTunnel(url, undefined, { timeoutMs: 5000 });
    await expect(registered).rejects.toThrow(RegistrationRefused);
    await expect(registered).rejects.toThrow(
      /answered the registration \(HTTP 200\) with more than 64 KiB.*Check the tunnel server setting\. It began: "xxx/,
    );
  });
});
