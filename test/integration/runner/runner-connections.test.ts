// A run's request steps share kept-alive connections (one handshake per host, as Postman's and
// Bruno's runners do), while the composer's own sends keep a connection each, whose DNS, connect
// and TLS phases it shows. Counted at a TCP relay in front of the sandbox, which the profile's
// base URL names.
import { createConnection, createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRunnerFixture, stepStates, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
let relay: Server;
let connections = 0;
let profileId: string;

beforeAll(async () => {
  fx = await startRunnerFixture();
  const target = new URL(fx.sandbox.baseUrl);
  relay = createServer((client) => {
    connections += 1;
    const upstream = createConnection(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const app = fx.sandbox.apps[0]!;
  const profile = await fx.core.invoke('profiles.create', {
    name: 'Through the relay',
    baseUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    clientId: app.client_id,
    clientSecret: app.client_secret,
    redirectUri: app.redirect_uri,
    scopes: app.scopes,
  });
  profileId = profile.id;
}, 60_000);

afterAll(async () => {
  relay?.close();
  await fx?.close();
});

const tokenStep = (name: string) => `
  - name: ${name}
    request:
      endpoint: token
      params: { grant_type: client_credentials }
    expect: { status: 200 }`;

it("sends a run's request steps over kept-alive connections", async () => {
  const before = connections;
  const names = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
  const folder = fx.collection({ 'tokens.yaml': `steps:${names.map(tokenStep).join('')}\n` });
  const run = await fx.run(folder, { profileId });
  expect(stepStates(run)).toEqual(names.map((name) => `tokens.yaml ${name}: passed`));
  // The pool may open a second connection when a step starts before the last answer's connection
  // is back in it (the steps follow each other at once); never one per step.
  expect(connections - before, 'connections the relay accepted for 6 steps').toBeLessThanOrEqual(2);
});

it('gives each composer send a connection of its own, with its phases', async () => {
  const before = connections;
  const send = () =>
    fx.core.invoke('composer.send', {
      profileId,
      endpointId: 'token',
      params: { grant_type: 'client_credentials' },
      actAs: { kind: 'app' },
    });
  const first = await send();
  const second = await send();
  expect(connections - before, 'connections the relay accepted for 2 sends').toBe(2);
  for (const sent of [first, second]) {
    expect(sent.record.api.status).toBe(200);
    expect(sent.record.api.timing.connectMs).toBeGreaterThanOrEqual(0);
  }
});
