// `tp run --profile` and the app's own data folder: while the app runs on it, a run is refused
// before it reads or writes anything (two writers lose each other's settings and sessions); when
// the app is closed, a run reads the profile but changes none of its settings, and its records go
// to a session of its own, listed in the folder's index.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appBeside } from '../../helpers/in-process-host';
import { runTp } from '../../helpers/tp-cli';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const { tempFolder, startApp } = appBeside(cleanups);

/** A collection whose one step connects a sandbox user and reads an app token. */
function collection(): string {
  const folder = tempFolder('tp-beside-');
  writeFileSync(join(folder, 'collection.yaml'), 'name: Beside the app\n');
  writeFileSync(
    join(folder, 'connect.yaml'),
    [
      'steps:',
      '  - name: Connect Chloé',
      '    connect-user: { name: Chloé }',
      '  - name: App token',
      '    request: { endpoint: token, params: { grant_type: client_credentials } }',
      '    expect: { status: 200 }',
      '',
    ].join('\n'),
  );
  return folder;
}

const tp = (args: string[], cwd: string) => runTp(args, { cwd });

const read = (file: string) => readFileSync(file, 'utf8');

describe('tp run --profile on the data folder of the app', () => {
  it('is refused while the app runs on it, and changes neither its settings nor its open session', async () => {
    const dataDir = tempFolder('tp-app-data-');
    const app = await startApp(dataDir);
    const folder = collection();
    const settingsBefore = read(join(dataDir, 'settings.json'));
    const journal = join(dataDir, 'journal.ndjson');
    const journalBytes = existsSync(journal) ? statSync(journal).size : 0;

    const run = await tp(
      ['run', '.', '--profile', 'Sandbox (Acme Orders)', '--data-dir', dataDir],
      folder,
    );

    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      `TP Inspector is running on the data folder ${dataDir} (the headless host, pid ${process.pid},`,
    );
    expect(run.stderr).toMatch(/leave --profile out to run against a fresh embedded sandbox/);
    expect(run.stdout).toBe('');
    expect(read(join(dataDir, 'settings.json'))).toBe(settingsBefore);
    expect(existsSync(journal) ? statSync(journal).size : 0).toBe(journalBytes);
    expect(existsSync(join(dataDir, 'sessions', 'index.json'))).toBe(false);
    // The app is still there and still holds its folder.
    expect(app.dataDir).toBe(dataDir);
  });

  it('when the app is closed, reads the profile, changes none of its settings, and lists its session', async () => {
    const dataDir = tempFolder('tp-app-data-');
    const app = await startApp(dataDir);
    await app.close();
    const settingsBefore = read(join(dataDir, 'settings.json'));
    const folder = collection();

    const run = await tp(
      [
        'run',
        '.',
        '--profile',
        'Sandbox (Acme Orders)',
        '--data-dir',
        dataDir,
        '--reporter',
        'json',
      ],
      folder,
    );

    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { status: string }).status).toBe('passed');
    // No user the run connected, no sandbox address of the run's own sandbox: the same settings.
    expect(read(join(dataDir, 'settings.json'))).toBe(settingsBefore);
    const index = JSON.parse(read(join(dataDir, 'sessions', 'index.json'))) as {
      sessions: { id: string; name: string }[];
    };
    const session = index.sessions.find((s) => s.name.startsWith('Beside the app'));
    expect(session, JSON.stringify(index.sessions)).toBeDefined();
    expect(read(join(dataDir, 'sessions', `${session!.id}.ndjson`))).toContain(
      'Step 2 of connect.yaml, App token: passed',
    );
    // The run let go of the folder: the app starts on it again.
    await startApp(dataDir);
  });
});
