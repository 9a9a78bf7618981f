// The real Electron window, driven by Playwright's Electron support. It runs where `npm start`
// would open the window (the binary installed, a display); elsewhere it reports itself skipped with
// the launcher's own reason. Everything behind the window is tested through the headless host.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { skipWithReason } from '../helpers/skip';

const root = join(import.meta.dirname, '..', '..');

interface Decision {
  mode: 'electron' | 'headless';
  check?: string;
  reason?: string;
  detail?: string;
  electronPath?: string;
}

/** The launcher's own checks (scripts/start.mjs --dry-run), so the test and `npm start` agree. */
function launchPlan():
  { ok: true; executablePath: string; extraArgs: string[] } | { ok: false; why: string } {
  if (
    !existsSync(join(root, 'out', 'main', 'index.js')) ||
    !existsSync(join(root, 'out', 'preload', 'index.cjs'))
  ) {
    return { ok: false, why: 'the app is not built (run npm run build first)' };
  }
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs'), '--dry-run'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0)
    return {
      ok: false,
      why: `the launcher's checks failed to run: ${r.stderr || r.error?.message}`,
    };
  const d = JSON.parse(r.stdout) as Decision;
  if (d.mode === 'electron' && d.electronPath)
    return { ok: true, executablePath: d.electronPath, extraArgs: [] };
  // CI containers run as root, where Chromium starts only with its sandbox off: acceptable for a
  // throwaway test run, never for `npm start`.
  if (d.check === 'root' && d.electronPath) {
    return { ok: true, executablePath: d.electronPath, extraArgs: ['--no-sandbox'] };
  }
  const reason = d.reason ?? 'unknown reason';
  return {
    ok: false,
    why:
      d.check === 'electron-binary'
        ? `Electron binary not available: ${d.detail ?? reason}`
        : `Electron cannot start here: ${reason}`,
  };
}

const plan = launchPlan();
const userData = mkdtempSync(join(tmpdir(), 'tp-electron-e2e-'));
let app: ElectronApplication | null = null;

afterAll(async () => {
  await app?.close().catch(() => undefined);
  rmSync(userData, { recursive: true, force: true });
});

describe('Electron window', () => {
  it('opens the app with its three regions, and the preload bridge reaches the engine', async (ctx) => {
    if (!plan.ok) return skipWithReason(ctx, plan.why);
    app = await _electron.launch({
      executablePath: plan.executablePath,
      args: [...plan.extraArgs, root],
      cwd: root,
      // A fresh user-data folder on Linux (XDG), so the test never touches a real profile.
      env: { ...process.env, XDG_CONFIG_HOME: userData, ELECTRON_RUN_AS_NODE: '' },
      timeout: 60_000,
    });
    const page = await app.firstWindow();
    for (const name of ['Request composer', 'Contacts', 'Event log']) {
      await expect
        .poll(() => page.getByRole('region', { name, exact: true }).isVisible(), {
          timeout: 30_000,
        })
        .toBe(true);
    }
    // The page sees the Bridge and nothing of Node or Electron.
    const exposed = await page.evaluate(() => {
      const w = globalThis as unknown as Record<string, unknown>;
      return {
        bridge: Object.keys((w['tp'] ?? {}) as object).sort(),
        node: typeof w['require'] !== 'undefined' || typeof w['process'] !== 'undefined',
      };
    });
    expect(exposed).toEqual({ bridge: ['invoke', 'on'], node: false });
    const info = await page.evaluate(async () => {
      const tp = (
        globalThis as unknown as {
          tp: { invoke(n: string, i: unknown): Promise<{ sandboxUrl: string | null }> };
        }
      ).tp;
      return tp.invoke('app.info', {});
    });
    expect(info.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    // A command error crosses the bridge with its code intact.
    const failure = await page.evaluate(async () => {
      const tp = (
        globalThis as unknown as { tp: { invoke(n: string, i: unknown): Promise<unknown> } }
      ).tp;
      return tp.invoke('log.list', { limit: -1 }).then(
        () => null,
        (e: unknown) => e as { code?: string },
      );
    });
    expect(failure).toMatchObject({ code: 'invalid_input' });
  });
});
