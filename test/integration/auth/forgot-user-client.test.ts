// Whether the platform still knows a user whose refresh it refused is asked through the API client
// acting as the app (createAppClient): the client renews a refused app token once and asks again,
// as for any call, and never a second time; the question keeps no retry of its own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ApiRecord } from '../../../src-shared/contract';
import { createAppClient } from '../../../src-main/core/api/api-client';
import { platformForgotUser } from '../../../src-main/core/auth/platform-forgot-user';
import { openJournal, type Journal } from '../../../src-main/core/log/journal';
import { createRedactor } from '../../../src-main/core/log/redact';
import type { Profile, ProfileStore } from '../../../src-main/core/profiles/profile-store';
import { tempDir } from '../../helpers/core-fixture';

const STALE = 'app-token-stale-0123456789';
const FRESH = 'app-token-fresh-0123456789';

const servers: Server[] = [];
const journals: Journal[] = [];
afterEach(async () => {
  for (const j of journals.splice(0)) j.close();
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

/** /tp/me.json: 401 invalid_token for any token but `known`, and `answer` for that one. */
async function platform(known: string | null, answer: { status: number; error: string }) {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(`${req.url} ${req.headers.authorization}`);
    const [status, error] =
      req.headers.authorization === `Bearer ${known}`
        ? [answer.status, answer.error]
        : [401, 'invalid_token'];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

function appClient(baseUrl: string) {
  const journal = openJournal(join(tempDir(), 'journal.ndjson'));
  journals.push(journal);
  const profile = { id: 'p1', name: 'Local', baseUrl } as unknown as Profile;
  const renewed: string[] = [];
  const api = createAppClient({
    journal,
    redactor: createRedactor(),
    profiles: { require: () => profile } as unknown as ProfileStore,
    tokens: {
      app: async () => STALE,
      renewApp: async (_profileId, refused) => {
        renewed.push(refused);
        return FRESH;
      },
    },
  });
  const meRecords = () =>
    journal
      .list({ limit: 10 })
      .filter((r): r is ApiRecord => r.kind === 'api')
      .map((r) => r.summary);
  return { api, renewed, meRecords };
}

it('renews a refused app token once through the client, then reads not_found as forgotten', async () => {
  const { baseUrl, asked } = await platform(FRESH, { status: 404, error: 'not_found' });
  const { api, renewed, meRecords } = appClient(baseUrl);

  expect(await platformForgotUser(api, 'p1', 'u1')).toBe(true);
  expect(renewed).toEqual([STALE]);
  expect(asked).toEqual([
    `/tp/me.json?user_id=u1 Bearer ${STALE}`,
    `/tp/me.json?user_id=u1 Bearer ${FRESH}`,
  ]);
  // Each attempt is journaled, the refused one included.
  expect(meRecords()).toEqual(['GET /tp/me.json → 401', 'GET /tp/me.json → 404']);
});

it('asks a second time only: a renewed token refused again is not proof, and not renewed again', async () => {
  const { baseUrl, asked } = await platform(null, { status: 404, error: 'not_found' });
  const { api, renewed } = appClient(baseUrl);

  expect(await platformForgotUser(api, 'p1', 'u1')).toBe(false);
  expect(renewed).toEqual([STALE]);
  expect(asked).toHaveLength(2);
});

it('takes a user only no longer connected (403) as known', async () => {
  const { baseUrl } = await platform(STALE, { status: 403, error: 'user_not_connected' });
  const { api, renewed } = appClient(baseUrl);

  expect(await platformForgotUser(api, 'p1', 'u1')).toBe(false);
  expect(renewed).toEqual([]);
});
