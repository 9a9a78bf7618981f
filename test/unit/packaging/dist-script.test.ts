// `npm run dist` where the Electron binary cannot be had (as on this machine): it stops at once,
// before building, saying what is missing and what to do. And where it finds the binary.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { packageJson, projectDir } from '../../helpers/builder-config';

type Found = { ok: true; source: string; electronDist?: string } | { ok: false; message: string };
// Loaded by URL: the script belongs to the scripts' type project, not the tests'.
const { findElectron } = (await import(
  pathToFileURL(join(projectDir, 'scripts', 'dist.mjs')).href
)) as {
  findElectron(options: {
    env: NodeJS.ProcessEnv;
    platform: NodeJS.Platform;
    arch: string;
    electronDir: string;
  }): Found;
};

const version = (packageJson().devDependencies['electron'] ?? '').replace(/^\D*/, '');
const zipName = `electron-v${version}-linux-x64.zip`;
let scratch: string;
let noElectron: string;
let emptyCache: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'tp-dist-'));
  noElectron = join(scratch, 'electron');
  emptyCache = join(scratch, 'cache');
  mkdirSync(noElectron);
  mkdirSync(emptyCache);
});

afterEach(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run dist without the Electron binary', () => {
  it('exits 2 at once with what is missing and what to do', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      TP_DIST_ELECTRON_DIR: noElectron,
      electron_config_cache: emptyCache,
    };
    delete env['ELECTRON_MIRROR'];
    delete env['ELECTRON_CACHE'];
    const r = spawnSync('npm', ['run', '-s', 'dist'], { cwd: projectDir, env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `npm run dist stopped before building: it needs the Electron ${version} binary to package`,
    );
    expect(r.stderr).toContain(`${join(noElectron, 'dist')} does not exist`);
    expect(r.stderr).toContain('ELECTRON_MIRROR is not set');
    expect(r.stderr).toContain(`${zipName} is not in the Electron cache folder, ${emptyCache}`);
    expect(r.stderr).toMatch(/set ELECTRON_MIRROR to a mirror/);
    expect(r.stderr).toMatch(/copy electron-v.* into/);
    // Stopped before the build: electron-vite printed nothing.
    expect(r.stdout).not.toMatch(/vite|building/i);
  });
});

describe('where the binary comes from', () => {
  const base = { platform: 'linux' as const, arch: 'x64' };

  it('uses the unpacked binary of the electron package when it is there', () => {
    mkdirSync(join(noElectron, 'dist'));
    writeFileSync(join(noElectron, 'dist', 'version'), version);
    const found = findElectron({ ...base, env: {}, electronDir: noElectron });
    expect(found).toEqual({
      ok: true,
      source: `the binary in ${join(noElectron, 'dist')}`,
      electronDist: join(noElectron, 'dist'),
    });
  });

  it('goes ahead with a mirror', () => {
    const found = findElectron({
      ...base,
      env: { ELECTRON_MIRROR: 'https://mirror.example/electron/' },
      electronDir: noElectron,
    });
    expect(found).toMatchObject({
      ok: true,
      source: 'the mirror https://mirror.example/electron/',
    });
  });

  it('finds the zip in the cache folder, at its top or in a download’s hashed subfolder', () => {
    for (const folder of ['', 'a1b2c3']) {
      const cache = mkdtempSync(join(scratch, 'c-'));
      mkdirSync(join(cache, folder), { recursive: true });
      writeFileSync(join(cache, folder, zipName), '');
      for (const name of ['electron_config_cache', 'ELECTRON_CACHE']) {
        const found = findElectron({ ...base, env: { [name]: cache }, electronDir: noElectron });
        expect(found, `${name} ${folder}`).toEqual({
          ok: true,
          source: `the cached ${join(cache, folder, zipName)}`,
        });
      }
    }
  });

  it('does not take another platform’s zip', () => {
    writeFileSync(join(emptyCache, `electron-v${version}-darwin-arm64.zip`), '');
    const found = findElectron({
      ...base,
      env: { electron_config_cache: emptyCache },
      electronDir: noElectron,
    });
    expect(found.ok).toBe(false);
  });
});
