// `npm run serve` without --data-dir uses the default data folder every host shares (the one an
// installed desktop app uses), prints it, and carries over, once, the data an earlier version kept
// in the headless host's own folder: its profiles are there, and the event log says where from.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/index';
import { confSettings } from '../../../src-main/headless/settings';
import { hostFor } from '../../helpers/core-fixture';
import { hostFolders, startHost } from '../../helpers/in-process-host';

const SERVE = resolve(import.meta.dirname, '../../../out/main/serve.js');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The headless host of this build, with HOME (and so its default folders) in `home`. */
async function serve(home: string): Promise<{ dataDir: string }> {
  expect(existsSync(SERVE), `${SERVE} is missing: run npm run build first`).toBe(true);
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  const child = spawn(
    process.execPath,
    [
      SERVE,
      '--json',
      '--port',
      '0',
      '--sandbox-port',
      '0',
      '--inbound-port',
      '0',
      '--redirect-port',
      '0',
    ],
    { env },
  );
  const exited = new Promise((done) => child.once('exit', done));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const first = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout }).once('line', done);
    child.once('exit', (code) => fail(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return JSON.parse(first) as { dataDir: string };
}

describe('the default data folder of the headless host', () => {
  it('is the shared one, filled once from the folder an earlier headless host used', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tp-home-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const older = join(home, '.config', 'tp-inspector-nodejs');
    const core = await createCore(hostFor(null, older, confSettings(older)), { inboundPort: 0 });
    await core.invoke('profiles.create', {
      name: 'Staging',
      baseUrl: 'https://staging.example.com',
      clientId: 'app-1',
      redirectUri: 'http://127.0.0.1:47615/callback',
      scopes: [],
    });
    await core.close();

    const started = await serve(home);

    const shared = join(home, '.config', 'TP Inspector');
    expect(started.dataDir).toBe(shared);
    expect(readFileSync(join(shared, 'settings.json'), 'utf8')).toContain('"Staging"');
    await expect
      .poll(() => readFileSync(join(shared, 'journal.ndjson'), 'utf8'), {
        message: 'waiting for the event log to say where the data came from',
      })
      .toContain(`copied from ${older}`);
    expect(existsSync(join(older, 'settings.json')), 'the older folder is left as it was').toBe(
      true,
    );
  });

  it('says where secrets are kept as the engine chose: the opted-in file, not memory', async () => {
    // "Store secrets unencrypted" chosen in the folder's settings.
    const folders = await hostFolders(cleanups);
    const { host } = await startHost(cleanups, { ...folders, sandboxPort: 0 });
    expect(host.secretStorage).toBe('plain-file');
  });
});
