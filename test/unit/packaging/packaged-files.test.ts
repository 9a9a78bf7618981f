// What goes into app.asar and the resources folder, computed with electron-builder's own file
// matchers from electron-builder.yml: over a copy of the repository's file tree (empty files) with
// a build in out/, an old dist/ and node_modules, as `npm run dist` finds them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builderConfig,
  packageJson,
  projectDir,
  requireFromProject,
} from '../../helpers/builder-config';

type Filter = (file: string, stat: ReturnType<typeof statSync>) => boolean;
interface Matcher {
  from: string;
  to: string;
  createFilter(): Filter;
}

// The index first: app-builder-lib's modules import each other in a cycle that starts there.
requireFromProject('app-builder-lib');
const { getMainFileMatchers, getFileMatchers } = requireFromProject(
  'app-builder-lib/out/fileMatcher',
) as {
  getMainFileMatchers(...args: unknown[]): Matcher[];
  getFileMatchers(config: unknown, name: string, dest: string, options: unknown): Matcher[] | null;
};

const BUILD_OUTPUT = [
  'out/main/index.js',
  'out/main/index.js.map',
  'out/main/serve.js',
  'out/main/chunks/core-abc.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
  'out/renderer/assets/index-abc.js',
  'out/renderer/assets/index-abc.css',
  'dist/tp-inspector-0.1.0-linux-x86_64.AppImage',
  'node_modules/ws/index.js',
];

let tree: string;

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'tp-packaged-'));
  const tracked = execFileSync('git', ['ls-files'], { cwd: projectDir, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const file of [...tracked, ...BUILD_OUTPUT]) {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    writeFileSync(join(tree, file), '');
  }
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** Walks `from` as electron-builder's copier does: a folder the filter refuses is not entered. */
function selected(from: string, filter: Filter): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (!filter(path, stat)) continue;
      if (stat.isDirectory()) walk(path);
      else found.push(relative(from, path).split('\\').join('/'));
    }
  };
  walk(from);
  return found.sort();
}

describe('the packaged app', () => {
  it('holds the build in out/ (no source maps) and package.json, nothing else', () => {
    const config = builderConfig();
    const packager = {
      info: {
        projectDir: tree,
        buildResourcesDir: config.directories?.buildResources ?? 'build',
        config,
        isPrepackedAppAsar: false,
        debugLogger: { isEnabled: false },
      },
    };
    const [matcher, ...others] = getMainFileMatchers(
      tree,
      '/app',
      (pattern: string) => pattern,
      {},
      packager,
      join(tree, config.directories?.output ?? 'dist'),
      false,
    );
    expect(others).toEqual([]);
    expect(selected(tree, matcher!.createFilter())).toEqual([
      'out/main/chunks/core-abc.js',
      'out/main/index.js',
      'out/main/serve.js',
      'out/preload/index.cjs',
      'out/renderer/assets/index-abc.css',
      'out/renderer/assets/index-abc.js',
      'out/renderer/index.html',
      'package.json',
    ]);
  });

  it('takes its runtime dependencies from package.json, where the build tools are not', () => {
    const pkg = packageJson();
    for (const tool of ['electron', 'electron-builder', 'electron-vite', 'vite', 'vitest']) {
      expect(pkg.dependencies[tool], tool).toBeUndefined();
    }
  });

  it('ships the sample media and the Help menu’s documents beside app.asar', () => {
    const config = builderConfig();
    const matchers = getFileMatchers(config, 'extraResources', '/resources', {
      macroExpander: (pattern: string) => pattern,
      customBuildOptions: {},
      globalOutDir: join(tree, 'dist'),
      defaultSrc: tree,
    });
    const shipped = (matchers ?? []).flatMap((m) =>
      selected(m.from, m.createFilter()).map(
        (file) => `${relative('/resources', m.to) || '.'}/${file}`,
      ),
    );
    const samples = readdirSync(join(projectDir, 'resources', 'samples'))
      .filter((name) => name === 'manifest.json' || name.startsWith('sample.'))
      .map((name) => `samples/${name}`);
    expect(shipped.sort()).toEqual(
      [...samples, 'docs/glossary.md', 'docs/guide.md', 'docs/journal.md'].sort(),
    );
  });
});
