// Builds a bench's measuring child (a TypeScript entry that imports the engine) into out-bench/,
// beside the app's build rather than inside it: out/ is what the installer packs (electron-builder
// `files: out/**`), and nothing of bench/ belongs in the app. An SSR build, as electron-vite builds
// the Node side: node_modules stay external, the engine's sources are bundled.
import { basename, join } from 'node:path';
import { build } from 'vite';
import { root } from '../scripts/build-if-stale.mjs';

const BENCH_OUT = join(root, 'out-bench');

/**
 * Builds `entry` (a path under bench/) to out-bench/<name>.js and resolves with that path.
 * @param {string} entry
 */
export async function buildBenchChild(entry) {
  const name = basename(entry).replace(/\.ts$/, '');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: join(root, entry),
      outDir: BENCH_OUT,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      rolldownOptions: { output: { entryFileNames: `${name}.js`, format: 'es' } },
    },
  });
  return join(BENCH_OUT, `${name}.js`);
}
