// `tp run` of a scenario that sets up its own forward target: the command line's fresh sandbox has
// no forward target of its own (the app's settings are not there), so the scenario declares one,
// a server this test starts, and its expect-forward step passes. A target off this machine is
// refused without --yes, before any sandbox starts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTp } from '../../helpers/tp-cli';

let server: Server;
let hook: string;
const received: string[] = [];
const folders: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(body);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"stored":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function collection(scenario: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'tp-inbound-cli-'));
  folders.push(folder);
  writeFileSync(join(folder, 'collection.yaml'), 'name: Forward checks\n');
  writeFileSync(join(folder, 'forward.yaml'), scenario);
  return folder;
}

describe('tp run with a scenario’s own forward target', () => {
  it('forwards the delivery to it, and expect-forward passes', async () => {
    const folder = collection(`inbound:
  forward: [{ url: "${hook}" }]
steps:
  - connect-user: { name: Olga }
    capture: { olga: user_id }
  - request:
      endpoint: contact.add
      user: "{{olga}}"
      params: { contact_id: shop, display_name: Shop, capabilities: interactive }
    expect: { status: 200 }
  - simulate: { action: send-message, user: "{{olga}}", contact: shop, params: { text: forward this } }
  - expect-delivery: { match: { user: "{{olga}}", text: forward this } }
  - name: Forwarded to the scenario's target
    expect-forward: { target: "${hook}", status: 201, body: { stored: true } }
`);
    const run = await runTp(['run', '.'], { cwd: folder });
    expect(run.code, run.stderr).toBe(0);
    expect(received.map((b) => decodeURIComponent(b.replace(/\+/g, ' ')))).toEqual([
      expect.stringContaining('"body":"forward this"'),
    ]);
  }, 60_000);

  it('refuses a target off this machine without --yes (exit 2), before anything runs', async () => {
    const folder = collection(`inbound:
  forward: [{ url: "https://hooks.example.com/tp" }]
steps:
  - wait: 1ms
`);
    const run = await runTp(['run', '.'], { cwd: folder });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('forward.yaml: https://hooks.example.com/tp');
    expect(run.stderr).toMatch(/off this machine.*Add --yes if you trust it/);
    expect(run.stderr).not.toMatch(/Running \. against/);
  }, 30_000);
});
