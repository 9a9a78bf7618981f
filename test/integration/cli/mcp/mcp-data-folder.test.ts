// `tp mcp --data-dir` and the app's own data folder: refused in words while the app runs on it
// (never two writers); served once the app is closed, and let go when the agent closes the server;
// a saved profile that is not the sandbox is changed only with --allow-writes; and a record written
// before the engine knew a secret neither shows it nor is found by a search for it.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../../src-main/core/common/data-folder-lock';
import { appBeside, hostFolders, startHost } from '../../../helpers/in-process-host';
import { startMcp } from '../../../helpers/mcp-client';
import { runTp, TP } from '../../../helpers/tp-cli';
import { waitFor } from '../../../helpers/wait-for';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const { tempFolder, startApp } = appBeside(cleanups);

/** A closed app's folder holding a profile "Staging" of a platform on loopback where nothing listens. */
async function folderWithStaging(): Promise<string> {
  const dataDir = tempFolder('tp-mcp-staging-');
  const { rendererDir } = await hostFolders(cleanups, { allowPlainFile: false });
  const { host, core } = await startHost(cleanups, { dataDir, rendererDir, sandboxPort: 0 });
  await core.invoke('profiles.create', {
    name: 'Staging',
    baseUrl: 'http://127.0.0.1:9',
    clientId: 'staging-app',
    redirectUri: 'http://127.0.0.1:9/callback',
    scopes: ['basic'],
  });
  await host.close();
  return dataDir;
}

describe('tp mcp --data-dir', () => {
  it('is refused while the app runs on the folder, saying who holds it and what to do', async () => {
    const dataDir = tempFolder('tp-mcp-app-');
    await startApp(dataDir);

    const refused = await runTp(['mcp', '--data-dir', dataDir], { cwd: dataDir });

    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      `TP Inspector is running on the data folder ${dataDir} (the headless host, pid ${process.pid},`,
    );
    expect(refused.stderr).toContain(
      'Close it first and start the server again, or leave --data-dir and --profile out to serve a fresh embedded sandbox of its own.',
    );
    // Nothing on stdout: an agent reads it as the protocol.
    expect(refused.stdout).toBe('');
  });

  it("serves the closed app's folder as its profile, and lets go of it when the agent closes", async () => {
    const dataDir = tempFolder('tp-mcp-app-');
    const app = await startApp(dataDir);
    await app.close();

    const mcp = await startMcp(['--data-dir', dataDir, '--profile', 'Sandbox (Acme Orders)'], {
      cwd: dataDir,
    });
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    const state = await mcp.call('sandbox_state');
    expect(state.isError, mcp.text(state)).toBeFalsy();
    const journal = await mcp.call('query_journal', {});
    expect(journal.isError, mcp.text(journal)).toBeFalsy();
    expect(mcp.stderr()).toContain(`data folder ${dataDir}, profile "Sandbox (Acme Orders)"`);
    await mcp.close();

    await waitFor('the server to let go of the data folder', () =>
      existsSync(join(dataDir, LOCK_FILE)) ? undefined : true,
    );
    await startApp(dataDir);
  });

  it('changes a platform other than the embedded sandbox only with --allow-writes', async () => {
    const dataDir = await folderWithStaging();
    const env = { TP_CLIENT_SECRET: 'staging-client-secret-41' };
    const guarded = await startMcp(['--data-dir', dataDir, '--profile', 'Staging'], {
      cwd: dataDir,
      env,
    });
    const request = await guarded.call('send_request', {
      endpointId: 'token',
      actAs: { kind: 'app' },
      params: { grant_type: 'client_credentials' },
    });
    expect(request.isError).toBe(true);
    expect(guarded.text(request)).toBe(
      'Refused: profile "Staging" is not the embedded sandbox, and a request may change the state of http://127.0.0.1:9. Restart the server with --allow-writes if that platform is yours to change.',
    );
    const run = await guarded.call('run_collection', { folder: dataDir });
    expect(guarded.text(run)).toMatch(
      /^Refused: profile "Staging" is not the embedded sandbox, and a run/,
    );
    // Nothing was sent: no call is in the journal.
    const calls = await guarded.call('query_journal', { filter: { kinds: ['api'] } });
    expect((calls.structuredContent as { total: number }).total).toBe(0);
    await guarded.close();
    await waitFor('the server to let go of the data folder', () =>
      existsSync(join(dataDir, LOCK_FILE)) ? undefined : true,
    );

    const allowed = await startMcp(
      ['--data-dir', dataDir, '--profile', 'Staging', '--allow-writes'],
      {
        cwd: dataDir,
        env,
      },
    );
    const sent = await allowed.call('send_request', {
      endpointId: 'token',
      actAs: { kind: 'app' },
      params: { grant_type: 'client_credentials' },
    });
    // Sent this time (nothing listens there, so it got no answer), and journaled.
    expect(allowed.text(sent)).not.toMatch(/^Refused/);
    const tried = await allowed.call('query_journal', { filter: { kinds: ['api'] } });
    expect((tried.structuredContent as { total: number }).total).toBeGreaterThan(0);
    // The token request carried the profile's client secret; no answer does.
    await allowed.call('get_record', {
      seq: (tried.structuredContent as { rows: { seq: number }[] }).rows[0]!.seq,
    });
    expect(allowed.answers.join('\n')).not.toContain(env.TP_CLIENT_SECRET);
    await allowed.close();
  });

  it('stops on SIGTERM as when its stdin closes: exit 0, the folder let go', async () => {
    const dataDir = tempFolder('tp-mcp-term-');
    const child = spawn(process.execPath, [TP, 'mcp', '--data-dir', dataDir], { cwd: dataDir });
    cleanups.push(() => void (child.exitCode === null && child.kill('SIGKILL')));
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    await waitFor('the server to be ready', () => (stderr.includes('is ready') ? true : undefined));
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);

    child.kill('SIGTERM');

    expect(await exited, stderr).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('shows no secret of a record written before the engine knew it, and no search finds it', async () => {
    const dataDir = await folderWithStaging();
    const secret = 'staging-client-secret-58e1c0';
    // As an earlier version wrote it, when no profile held this secret: in clear.
    const journal = join(dataDir, 'journal.ndjson');
    const seq = readFileSync(journal, 'utf8').trim().split('\n').length + 1;
    const note = `pasted ${secret} here`;
    const record = { kind: 'system', summary: note, system: { level: 'info', message: note } };
    appendFileSync(
      journal,
      `${JSON.stringify({ seq, at: new Date().toISOString(), ...record })}\n`,
    );
    const mcp = await startMcp(['--data-dir', dataDir, '--profile', 'Staging'], {
      cwd: dataDir,
      env: { TP_CLIENT_SECRET: secret },
    });
    cleanups.push(() => mcp.close());

    const listed = await mcp.call('query_journal', { filter: { kinds: ['system'] }, limit: 200 });
    expect(mcp.text(listed)).toContain(`#${seq} · system · pasted stag…`);
    // The shown part aside, a search for the secret, or for more of it than is shown, finds none.
    for (const text of [secret, secret.slice(0, 12)]) {
      const found = await mcp.call('query_journal', { filter: { text: `pasted ${text}` } });
      expect((found.structuredContent as { total: number }).total, text).toBe(0);
    }
    expect(mcp.answers.join('\n')).not.toContain(secret.slice(0, 12));
  });
});
