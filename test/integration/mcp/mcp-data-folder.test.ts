// `tp mcp --data-dir` and the app's own data folder: refused in words while the app runs on it
// (never two writers); served once the app is closed, and let go when the agent closes the server.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../src-main/core/common/data-folder-lock';
import type { HeadlessHost } from '../../../src-main/headless/index';
import { hostFolders, startHost } from '../../helpers/in-process-host';
import { startMcp } from '../../helpers/mcp-client';
import { runTp } from '../../helpers/tp-cli';
import { waitFor } from '../../helpers/wait-for';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startApp(dataDir: string): Promise<HeadlessHost> {
  const { rendererDir } = await hostFolders(cleanups, { allowPlainFile: false });
  return (await startHost(cleanups, { dataDir, rendererDir, sandboxPort: 0 })).host;
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
});
