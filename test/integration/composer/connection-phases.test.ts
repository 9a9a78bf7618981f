// The phases of a new connection as the composer reports them: DNS for a host name, TCP connect,
// and the TLS handshake, against the sandbox served over HTTPS with its self-signed certificate.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { request } from 'undici';
import {
  phaseTimedAgent,
  type ConnectionPhases,
} from '../../../src-main/core/api/connection-phases';
import { sendHttp } from '../../../src-main/core/api/http-client';
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox/index';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ https: true });
});
afterAll(async () => {
  await sandbox?.close();
});

it('measures DNS, connect and TLS on a fresh HTTPS connection to a host name', async () => {
  const url = new URL('/_sandbox/state', sandbox.baseUrl);
  url.hostname = 'localhost';
  const phases: ConnectionPhases = {};
  const agent = phaseTimedAgent(phases, { ca: sandbox.certificatePem ?? undefined });
  const res = await request(url, { dispatcher: agent });
  await res.body.text();
  await agent.close();
  expect(res.statusCode).toBe(200);
  expect(phases.dnsMs).toBeGreaterThanOrEqual(0);
  expect(phases.connectMs).toBeGreaterThanOrEqual(0);
  expect(phases.tlsMs).toBeGreaterThan(0);
});

it('reports no phases it did not see: no DNS for an IP address, no TLS for http', async () => {
  const plain = await startSandbox();
  try {
    const result = await sendHttp({
      method: 'GET',
      url: `${plain.baseUrl}/_sandbox/state`,
      headers: {},
      measurePhases: true,
    });
    expect(result.status).toBe(200);
    expect(result.timing.connectMs).toBeGreaterThanOrEqual(0);
    expect(result.timing).not.toHaveProperty('dnsMs');
    expect(result.timing).not.toHaveProperty('tlsMs');
    const pooled = await sendHttp({
      method: 'GET',
      url: `${plain.baseUrl}/_sandbox/state`,
      headers: {},
    });
    expect(pooled.timing).not.toHaveProperty('connectMs');
  } finally {
    await plain.close();
  }
});
