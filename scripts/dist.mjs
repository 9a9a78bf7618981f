#!/usr/bin/env node
// `npm run dist` (installers for this OS) and `npm run dist:dir` (the unpacked app only):
// electron-builder with electron-builder.yml, after a build. electron-builder packages the Electron
// binary of the `electron` devDependency's version; where that binary can be neither found nor
// downloaded, it would fail minutes in with a network error, so this stops at once and says what
// to do. Arguments after `--` go to electron-builder (`npm run dist -- --mac --arm64`).
//
// TP_DIST_ELECTRON_DIR replaces node_modules/electron in the check (the tests use it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** @param {NodeJS.ProcessEnv} env @param {NodeJS.Platform} platform */
function electronCacheDir(env = process.env, platform = process.platform) {
  // @electron/get's own order: electron_config_cache, then the older ELECTRON_CACHE name, then
  // the per-user cache folder.
  const configured = env.electron_config_cache || env.ELECTRON_CACHE;
  if (configured) return configured;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'electron');
  if (platform === 'win32')
    return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'electron', 'Cache');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'electron');
}

/**
 * The cache holds the zip at its top or in one hashed subfolder per download URL.
 * @param {string} cacheDir @param {string} zipName
 */
function zipInCache(cacheDir, zipName) {
  if (!existsSync(cacheDir)) return null;
  if (existsSync(join(cacheDir, zipName))) return join(cacheDir, zipName);
  for (const entry of readdirSync(cacheDir, { withFileTypes: true })) {
    const candidate = join(cacheDir, entry.name, zipName);
    if (entry.isDirectory() && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Where electron-builder will get the Electron binary from, or why it cannot.
 * @param {{ env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, arch?: string, electronDir?: string }} [options]
 * @returns {{ ok: true, source: string, electronDist?: string } | { ok: false, message: string }}
 */
// test/unit/packaging/dist-script.test.ts loads this file by URL, which the check cannot follow.
// ts-unused-exports:disable-next-line
export function findElectron({
  env = process.env,
  platform = process.platform,
  arch = process.arch,
  electronDir = env.TP_DIST_ELECTRON_DIR || join(root, 'node_modules', 'electron'),
} = {}) {
  const version = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ).version;
  const distDir = join(electronDir, 'dist');
  if (existsSync(join(distDir, 'version'))) {
    return { ok: true, source: `the binary in ${distDir}`, electronDist: distDir };
  }
  if (env.ELECTRON_MIRROR) return { ok: true, source: `the mirror ${env.ELECTRON_MIRROR}` };
  const cacheDir = electronCacheDir(env, platform);
  const zipName = `electron-v${version}-${platform}-${arch}.zip`;
  const zip = zipInCache(cacheDir, zipName);
  if (zip) return { ok: true, source: `the cached ${zip}` };
  return {
    ok: false,
    message: [
      `npm run dist stopped before building: it needs the Electron ${version} binary to package, and there is none here.`,
      `  - ${distDir} does not exist (the electron package's download at npm install failed or was skipped);`,
      '  - ELECTRON_MIRROR is not set;',
      `  - ${zipName} is not in the Electron cache folder, ${cacheDir}.`,
      'To build an installer, do one of these and run npm run dist again:',
      '  - on a machine that can reach github.com, run npm install (it downloads the binary), then npm run dist;',
      '  - set ELECTRON_MIRROR to a mirror of the Electron releases your network can reach,',
      '    e.g. ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/ npm run dist;',
      `  - copy ${zipName} (from the Electron release on GitHub) into ${cacheDir},`,
      '    or into a folder named by electron_config_cache.',
      'electron-builder also downloads its packaging tools (AppImage, fpm for deb, NSIS) on first use.',
      'Without a window, the app runs as the headless host: npm run serve.',
    ].join('\n'),
  };
}

/** @param {string} command @param {string[]} args */
function run(command, args) {
  const r = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findElectron();
  if (!found.ok) {
    console.error(found.message);
    process.exit(2);
  }
  console.error(`Packaging with Electron from ${found.source}.`);
  run('npx', ['electron-vite', 'build']);
  const args = process.argv.slice(2);
  // The unpacked binary fits this OS and architecture only: for any other target, download.
  const crossTarget = args.some((a) =>
    /^--(mac|win|linux|x64|arm64|ia32|armv7l|universal)$/.test(a),
  );
  if (found.electronDist && !crossTarget) args.push(`-c.electronDist=${found.electronDist}`);
  // electron-builder finds electron-builder.yml by itself.
  run('npx', ['electron-builder', ...args]);
}
