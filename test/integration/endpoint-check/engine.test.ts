// endpointCheck.run through the engine: the deliveries are journaled in a session of the check's
// own (redacted: the signature shown, the secret never), RSA-SHA256 is signed with the embedded
// sandbox's key, a redirect is not followed, and a URL where nothing listens is said in words.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../src-main/headless/listen';
import { selfSignedCertificate } from '../../../src-main/sandbox/tls/self-signed';
import { JournalRecord } from '../../../src-shared/contract';
import { errorOf } from '../../helpers/command-error';
import { startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';
import { startSampleHandler, type SampleHandler } from './sample-handler';

let fx: CoreFixture;
let secret: string;
let handler: SampleHandler | undefined;

beforeAll(async () => {
  fx = await startCoreWithSandbox();
  secret = fx.sandbox.apps[0]!.client_secret;
});
afterAll(() => fx.close());
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
});

describe('endpointCheck.run', () => {
  it('journals each delivery in a session of its own, with the signature and without the secret', async () => {
    handler = await startSampleHandler('correct', { CLIENT_SECRET: secret });
    const before = await fx.core.invoke('sessions.list', {});
    const report = await fx.core.invoke('endpointCheck.run', {
      url: handler.url,
      only: ['accepts.text', 'refuses.'],
    });
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['accepts.text', 'pass'],
      ['refuses.wrong-signature', 'pass'],
      ['refuses.no-signature', 'pass'],
      ['refuses.other-bytes', 'pass'],
      ['refuses.other-secret', 'pass'],
      ['refuses.other-method', 'pass'],
      ['refuses.empty-data', 'pass'],
    ]);
    // The person's session is open again; the check's is another one.
    const after = await fx.core.invoke('sessions.list', {});
    expect(after.recordingId).toBe(before.recordingId);
    expect(report.sessionId).not.toBe(before.recordingId);
    const ndjson = (
      await fx.core.invoke('sessions.export', { sessionId: report.sessionId, format: 'ndjson' })
    ).content;
    const records = ndjson
      .trim()
      .split('\n')
      .map((l) => JournalRecord.parse(JSON.parse(l)));
    const text = records.find((r) => r.seq === report.checks[0]!.seqs[0]);
    expect(text?.kind).toBe('api');
    expect(text?.summary).toBe(`Endpoint check accepts.text: POST ${handler.url} → 200`);
    expect(text?.kind === 'api' && text.api.requestParams.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(records.filter((r) => r.kind === 'api')).toHaveLength(7);
    expect(ndjson).not.toContain(secret);
  });

  it('signs RSA-SHA256 with the embedded sandbox key, which a handler verifies with its public key', async () => {
    const pem = await (await fetch(`${fx.sandbox.baseUrl}/_sandbox/signing-key.pem`)).text();
    const keyFile = join(mkdtempSync(join(tmpdir(), 'tp-check-')), 'signing-key.pem');
    writeFileSync(keyFile, pem);
    handler = await startSampleHandler('correct', {
      SIGNATURE_METHOD: 'RSA-SHA256',
      RSA_PUBLIC_KEY_FILE: keyFile,
    });
    const report = await fx.core.invoke('endpointCheck.run', {
      url: handler.url,
      signatureMethod: 'RSA-SHA256',
      only: ['accepts.group-invite', 'signature.', 'refuses.other-secret', 'refuses.other-method'],
    });
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['accepts.group-invite', 'pass'],
      ['signature.hmac-sha256', 'not-configured'],
      ['signature.hmac-sha1', 'not-configured'],
      ['signature.rsa-sha256', 'pass'],
      ['refuses.other-secret', 'pass'],
      ['refuses.other-method', 'pass'],
    ]);
  });

  it("signs with the sandbox app's method as it is now, changed in the Simulator", async () => {
    handler = await startSampleHandler('correct', {
      CLIENT_SECRET: secret,
      SIGNATURE_METHOD: 'HMAC-SHA1',
    });
    await fx.core.invoke('simulator.updateApp', { changes: { signatureMethod: 'HMAC-SHA1' } });
    try {
      const report = await fx.core.invoke('endpointCheck.run', {
        url: handler.url,
        only: ['accepts.text', 'signature.'],
      });
      expect(report.signatureMethod).toBe('HMAC-SHA1');
      expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
        ['accepts.text', 'pass'],
        ['signature.hmac-sha256', 'not-configured'],
        ['signature.hmac-sha1', 'pass'],
        ['signature.rsa-sha256', 'not-configured'],
      ]);
    } finally {
      await fx.core.invoke('simulator.updateApp', { changes: { signatureMethod: 'HMAC-SHA256' } });
    }
  });

  it('fails on a redirect and does not follow it', async () => {
    let followed = 0;
    const target = createServer((_req, res) => {
      followed += 1;
      res.end('ok');
    });
    const redirecting = createServer((_req, res) => {
      res.writeHead(308, { location: `http://127.0.0.1:${port(target)}/hook` }).end();
    });
    await Promise.all([listen(target), listen(redirecting)]);
    try {
      const report = await fx.core.invoke('endpointCheck.run', {
        url: `http://127.0.0.1:${port(redirecting)}/hook`,
        only: ['accepts.text', 'transport.'],
      });
      const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
      expect(byId['accepts.text']?.outcome).toBe('fail');
      expect(byId['accepts.text']?.advice).toContain('does not follow redirects');
      expect(byId['transport.redirect']?.outcome).toBe('fail');
      expect(byId['transport.certificate']?.outcome).toBe('not-configured');
      expect(followed).toBe(0);
    } finally {
      target.close();
      redirecting.close();
    }
  });

  it('warns of a certificate that does not hold for the host, and still runs the battery over it', async () => {
    const { keyPem, certPem } = selfSignedCertificate();
    const server = createHttpsServer({ key: keyPem, cert: certPem }, (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await listen(server);
    try {
      const report = await fx.core.invoke('endpointCheck.run', {
        url: `https://127.0.0.1:${port(server)}/hook`,
        only: ['accepts.text', 'transport.certificate'],
      });
      const [accepts, certificate] = report.checks;
      expect(accepts?.outcome).toBe('pass');
      expect(certificate?.outcome).toBe('warn');
      expect(certificate?.reason).toMatch(
        /does not hold \(it is self-signed: DEPTH_ZERO_SELF_SIGNED_CERT\)/,
      );
    } finally {
      server.close();
    }
  });

  it('says in words that nothing listens at the URL', async () => {
    const url = `http://127.0.0.1:${await freeLoopbackPort()}/hook`;
    const err = await errorOf(fx.core.invoke('endpointCheck.run', { url, only: ['accepts.'] }));
    expect(err.code).toBe('network_error');
    expect(err.message).toMatch(/could not reach .*connection refused.*Start the handler/);
    // Also when the first check sends nothing (a method the app does not use).
    const later = await errorOf(
      fx.core.invoke('endpointCheck.run', {
        url,
        only: ['signature.hmac-sha1', 'refuses.no-signature'],
      }),
    );
    expect(later.message).toMatch(/could not reach .*connection refused/);
    const https = await errorOf(
      fx.core.invoke('endpointCheck.run', {
        url: url.replace('http:', 'https:'),
        only: ['accepts.'],
      }),
    );
    expect(https.message).toMatch(/could not reach https:.*ECONNREFUSED.*Start the handler/);
  });

  it('sends nothing off this machine unless the person confirmed it, whoever asks', async () => {
    // A name under .invalid: nothing could be reached there even if the engine tried.
    const before = (await fx.core.invoke('sessions.list', {})).sessions.length;
    const err = await errorOf(
      fx.core.invoke('endpointCheck.run', { url: 'https://handler.invalid/hook' }),
    );
    expect(err.code).toBe('invalid_input');
    expect(err.message).toBe(
      "handler.invalid is not this machine: the check sends it forgeries and a burst of 50 deliveries signed with the profile's secret. Confirm that this server is yours to test (tp check --yes), then run the check again.",
    );
    expect((await fx.core.invoke('sessions.list', {})).sessions.length, 'no session').toBe(before);
  });

  it('judges a handler that drops the first connection as failing that check, not as absent', async () => {
    handler = await startSampleHandler('crashes-on-group-events', { CLIENT_SECRET: secret });
    const report = await fx.core.invoke('endpointCheck.run', {
      url: handler.url,
      only: ['accepts.group-remove'],
    });
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([['accepts.group-remove', 'fail']]);
    expect(report.passed).toBe(false);
  });

  it('refuses an --only that names no check, with the nearest ones', async () => {
    const err = await errorOf(
      fx.core.invoke('endpointCheck.run', {
        url: 'http://127.0.0.1:9/',
        only: ['refuses.no-signatur'],
      }),
    );
    expect(err.code).toBe('invalid_input');
    expect(err.message).toMatch(
      /no check "refuses.no-signatur" \(in only\): did you mean refuses.no-signature/,
    );
  });
});

const port = (server: Server | import('node:https').Server) =>
  (server.address() as { port: number }).port;
const listen = (server: Server | import('node:https').Server) =>
  new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
