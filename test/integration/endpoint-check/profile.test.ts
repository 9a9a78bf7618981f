// tp check --profile NAME: deliveries signed with a saved custom profile's secret (from
// TP_CLIENT_SECRET), its journal session kept in that data folder, and the secret in no output.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/index';
import { confSettings } from '../../../src-main/headless/settings';
import { hostFor, tempDir } from '../../helpers/core-fixture';
import { runTp } from '../../helpers/tp-cli';
import { HANDLERS, startSampleHandler, type SampleHandler } from './sample-handler';

const SECRET = 'staging-secret-5e1d9a7b';
let dataDir: string;
let handler: SampleHandler | undefined;

beforeAll(async () => {
  dataDir = tempDir('tp-check-data-');
  const core = await createCore(hostFor(null, dataDir, confSettings(dataDir)), { inboundPort: 0 });
  try {
    await core.invoke('profiles.create', {
      name: 'Staging',
      baseUrl: 'https://staging.platform.example',
      clientId: 'acme-orders',
      redirectUri: 'http://127.0.0.1:47615/callback',
      scopes: ['basic'],
    });
  } finally {
    await core.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
});

describe('tp check --profile', () => {
  it("signs with the profile's secret and keeps the check's session in its data folder", async () => {
    handler = await startSampleHandler('correct', { CLIENT_SECRET: SECRET });
    const args = ['check', handler.url, '--profile', 'Staging', '--data-dir', dataDir];
    const run = await runTp([...args, '--only', 'accepts.text,refuses.', '--reporter', 'json'], {
      cwd: HANDLERS,
      env: { TP_CLIENT_SECRET: SECRET },
    });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { profileName: string; sessionId: string };
    expect(report.profileName).toBe('Staging');
    expect(run.stdout + run.stderr).not.toContain(SECRET);
    const session = readdirSync(join(dataDir, 'sessions')).find((f) =>
      f.startsWith(report.sessionId),
    );
    const ndjson = readFileSync(join(dataDir, 'sessions', session!), 'utf8');
    expect(ndjson).toContain('Endpoint check accepts.text');
    expect(ndjson).not.toContain(SECRET);
  });

  it('says so when the profile has no secret and none is given (exit 2)', async () => {
    // The secret given to the first run was kept in memory for that run only.
    const run = await runTp(
      ['check', 'http://127.0.0.1:9/hook', '--profile', 'Staging', '--data-dir', dataDir],
      { cwd: HANDLERS, env: { TP_CLIENT_SECRET: '' } },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /Profile "Staging" has no client secret here: set TP_CLIENT_SECRET .*npm run -s tp -- check/,
    );
  });
});
