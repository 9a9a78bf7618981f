// `tp run --profile NAME`: a saved profile of a data folder that points at a running platform (a
// test sandbox standing in for staging), its client secret from TP_CLIENT_SECRET. With --yes the
// run goes through and its journal session is in that data folder; without, it is refused (exit 2)
// before anything is sent.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/index';
import { confSettings } from '../../../src-main/headless/settings';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { hostFor, startTestSandbox, tempDir } from '../../helpers/core-fixture';
import { runTp } from '../../helpers/tp-cli';

const PROFILE = 'Staging';

let sandbox: RunningSandbox;
let dataDir: string;
let folder: string;

/** A data folder whose settings hold a profile named Staging for the sandbox's app, no secret. */
async function dataDirWithProfile(): Promise<string> {
  const dir = tempDir('tp-cli-data-');
  const app = sandbox.apps[0]!;
  const core = await createCore(hostFor(null, dir, confSettings(dir)), { inboundPort: 0 });
  try {
    await core.invoke('profiles.create', {
      name: PROFILE,
      baseUrl: sandbox.baseUrl,
      clientId: app.client_id,
      redirectUri: app.redirect_uri,
      scopes: app.scopes,
    });
  } finally {
    await core.close();
  }
  return dir;
}

const tp = (args: string[], env: Record<string, string>) => runTp(args, { cwd: folder, env });

beforeAll(async () => {
  sandbox = await startTestSandbox();
  dataDir = await dataDirWithProfile();
  folder = tempDir('tp-cli-profile-');
  writeFileSync(join(folder, 'collection.yaml'), 'name: Staging checks\n');
  writeFileSync(
    join(folder, 'token.yaml'),
    [
      'steps:',
      '  - name: App token',
      '    request: { endpoint: token, params: { grant_type: client_credentials } }',
      '    expect: { status: 200, body: { access_token: { type: string } } }',
      '',
    ].join('\n'),
  );
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  for (const dir of [dataDir, folder]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('tp run --profile', () => {
  it('refuses a profile that is not the sandbox without --yes (exit 2), saying what to add', async () => {
    const run = await tp(['run', '.', '--profile', PROFILE, '--data-dir', dataDir], {
      TP_CLIENT_SECRET: sandbox.apps[0]!.client_secret,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /Profile "Staging" is not the sandbox: the run may change the state of http:\/\/127\.0\.0\.1:\d+ .*Add --yes to confirm\./,
    );
    expect(run.stdout).toBe('');
  });

  it('runs against the saved profile with --yes and the secret from the environment', async () => {
    const run = await tp(
      ['run', '.', '--profile', PROFILE, '--data-dir', dataDir, '--yes', '--reporter', 'json'],
      { TP_CLIENT_SECRET: sandbox.apps[0]!.client_secret },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`against profile "${PROFILE}" (data folder ${dataDir})`);
    const report = JSON.parse(run.stdout) as { status: string };
    expect(report.status).toBe('passed');

    const index = JSON.parse(readFileSync(join(dataDir, 'sessions', 'index.json'), 'utf8')) as {
      sessions: { id: string; name: string }[];
    };
    const session = index.sessions.find((s) => s.name.startsWith('Staging checks'));
    expect(session, JSON.stringify(index.sessions)).toBeDefined();
    const journal = readFileSync(join(dataDir, 'sessions', `${session!.id}.ndjson`), 'utf8');
    expect(journal).toContain(`${sandbox.baseUrl}/`);
    expect(journal).toContain('Step 1 of token.yaml, App token: passed');
    expect(journal).not.toContain(sandbox.apps[0]!.client_secret);
  });
});
