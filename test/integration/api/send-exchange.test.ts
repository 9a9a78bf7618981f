// Every exchange the engine sends goes through one piece (src-main/core/api/send-exchange.ts): the
// platform's token endpoint and the directory URL's otp, like the API client's calls, and the
// deliveries sent to a handler (a forward, the endpoint check). Shown here: each is sent by it,
// journaled redacted by it (the journal below has no redactor of its own), and read within the
// size limit it is given.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRecord, ForwardRecord } from '../../../src-shared/contract';
import * as sendExchangeModule from '../../../src-main/core/api/send-exchange';
import { authorizeWithOtp } from '../../../src-main/core/auth/otp-authorize';
import { requestToken } from '../../../src-main/core/auth/token-endpoint';
import { sendDelivery } from '../../../src-main/core/endpoint-check/send-delivery';
import { createForwarder } from '../../../src-main/core/inbound/forward';
import { openJournal } from '../../../src-main/core/log/journal';
import type { Journal } from '../../../src-main/core/log/journal';
import { createRedactor } from '../../../src-main/core/log/redact';
import type { Profile } from '../../../src-main/core/profiles/profile-store';
import { tempDir } from '../../helpers/core-fixture';

vi.mock('../../../src-main/core/api/send-exchange', async (importOriginal) => {
  const actual = await importOriginal<typeof sendExchangeModule>();
  return {
    ...actual,
    sendExchange: vi.fn(actual.sendExchange),
    sendExchangeAs: vi.fn(actual.sendExchangeAs),
  };
});

const ACCESS_TOKEN = 'issued-access-token-0123456789';
const REFRESH_TOKEN = 'issued-refresh-token-0123456789';
const CLIENT_SECRET = 'the-client-secret-0123456789';
const CODE = 'authorization-code-0123456789';
const REDIRECT_URI = 'http://127.0.0.1:8000/callback';

const servers: Server[] = [];
const journals: Journal[] = [];
afterEach(async () => {
  vi.clearAllMocks();
  for (const j of journals.splice(0)) j.close();
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

/** A platform on 127.0.0.1: tokens at /tp/token, the otp's redirect at /tp/authorize. */
async function platform(padding = 0): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/tp/authorize')) {
      res.writeHead(302, { location: `${REDIRECT_URI}?code=${CODE}&state=s1` });
      res.end('x'.repeat(padding));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        access_token: ACCESS_TOKEN,
        refresh_token: REFRESH_TOKEN,
        token_type: 'Bearer',
        expires_in: 3600,
        padding: 'x'.repeat(padding),
      }),
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function profileAt(baseUrl: string): Profile {
  return {
    id: 'p1',
    name: 'Local',
    baseUrl,
    clientId: 'app',
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    scopes: ['basic'],
  } as unknown as Profile;
}

/** A journal that redacts nothing itself: what is redacted, the sending piece redacted. */
function setUp(maxResponseBytes?: number) {
  const path = join(tempDir(), 'journal.ndjson');
  const journal = openJournal(path);
  journals.push(journal);
  const redactor = createRedactor();
  redactor.addSecret(CLIENT_SECRET);
  return { journal, redactor, ...(maxResponseBytes ? { maxResponseBytes } : {}) };
}

const lineOf = (journal: Journal, seq: number) =>
  JSON.stringify(journal.list({ limit: 100 }).find((r) => r.seq === seq));

describe('the token endpoint through the one sending piece', () => {
  it('is sent by it, carrying the client secret, and journaled with the secret and new tokens redacted', async () => {
    const deps = setUp();
    const outcome = await requestToken(deps, profileAt(await platform()), 'client_credentials');

    expect(outcome).toMatchObject({ ok: true, token: { accessToken: ACCESS_TOKEN } });
    expect(sendExchangeModule.sendExchange).toHaveBeenCalledTimes(1);
    expect(vi.mocked(sendExchangeModule.sendExchange).mock.calls[0]![1]).toMatchObject({
      url: expect.stringMatching(/\/tp\/token$/),
      carriesSecret: true,
    });
    const line = lineOf(deps.journal, outcome.apiSeq);
    expect(line).toContain('POST /tp/token (client_credentials) → 200');
    for (const secret of [CLIENT_SECRET, ACCESS_TOKEN, REFRESH_TOKEN]) {
      expect(line).not.toContain(secret);
    }
  });

  it('reads the answer within the size limit it is given, as every platform call', async () => {
    const deps = setUp(1024);
    const outcome = await requestToken(deps, profileAt(await platform(4096)), 'client_credentials');

    expect(outcome.ok).toBe(false);
    expect(outcome).toMatchObject({ status: null });
    const record = deps.journal
      .list({ limit: 10 })
      .find((r): r is ApiRecord => r.seq === outcome.apiSeq)!;
    expect(record.api.error).toMatch(/with a body over TP Inspector's limit of 1 KiB/);
  });
});

describe("the directory URL's otp through the one sending piece", () => {
  it('is sent by it as a credential, and the code the platform sends back is journaled redacted', async () => {
    const deps = setUp();
    const baseUrl = await platform();
    const outcome = await authorizeWithOtp(
      deps,
      profileAt(baseUrl),
      `${baseUrl}/tp/authorize?client_id=app&otp=one-time-password-0123&state=s1`,
      5000,
    );

    expect(outcome).toMatchObject({ ok: true });
    expect(sendExchangeModule.sendExchange).toHaveBeenCalledTimes(1);
    expect(vi.mocked(sendExchangeModule.sendExchange).mock.calls[0]![1]).toMatchObject({
      carriesSecret: true,
      timeoutMs: 5000,
    });
    const line = lineOf(deps.journal, outcome.apiSeq!);
    expect(line).toContain('GET /tp/authorize (otp) → 302');
    expect(line).not.toContain(CODE);
  });

  it('takes no redirect from an answer over the size limit it is given', async () => {
    const deps = setUp(1024);
    const baseUrl = await platform(4096);
    const outcome = await authorizeWithOtp(
      deps,
      profileAt(baseUrl),
      `${baseUrl}/tp/authorize?client_id=app&otp=one-time-password-0123&state=s1`,
      5000,
    );

    expect(outcome).toMatchObject({
      ok: false,
      message: expect.stringMatching(/over TP Inspector's limit of 1 KiB/),
    });
  });

  it('refuses plain HTTP to a host off this machine before anything is sent', async () => {
    const deps = setUp();
    await expect(
      authorizeWithOtp(
        deps,
        profileAt('http://platform.example'),
        'http://platform.example/tp/authorize?otp=one-time-password-0123',
        5000,
      ),
    ).rejects.toThrow(/The platform requires HTTPS for it/);
    expect(deps.journal.list({ limit: 10 })).toHaveLength(0);
  });
});

describe('deliveries to a handler through the same piece, with no token', () => {
  it('a forward and an endpoint check delivery are each sent and their exchange built by it', async () => {
    const deps = setUp();
    const handler = await platform();
    const forward: ForwardRecord = await createForwarder(deps.journal, deps.redactor).send({
      deliverySeq: 1,
      profileId: 'p1',
      url: `${handler}/hook`,
      body: Buffer.from('data=%7B%7D'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      timeoutMs: 5000,
      why: 'forward',
    });
    const check = await sendDelivery({ url: `${handler}/hook`, ...deps }, 'accepts.genuine', {
      data: '{}',
      signature: 'sig',
      signature_method: 'HMAC-SHA256',
    });

    expect(sendExchangeModule.sendExchangeAs).toHaveBeenCalledTimes(1);
    expect(sendExchangeModule.sendExchange).toHaveBeenCalledTimes(1);
    for (const call of [
      vi.mocked(sendExchangeModule.sendExchangeAs).mock.calls[0]![1],
      vi.mocked(sendExchangeModule.sendExchange).mock.calls[0]![1],
    ]) {
      expect(call.headers.authorization).toBeUndefined();
    }
    expect(forward.forward.exchange).toMatchObject({ url: `${handler}/hook`, status: 200 });
    expect(check.status).toBe(200);
    expect(lineOf(deps.journal, check.seq)).toContain('Endpoint check accepts.genuine: POST');
  });
});
