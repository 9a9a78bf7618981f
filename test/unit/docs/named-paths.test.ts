// A path named in a comment or a doc is a promise that the file is there: when a file moves, the
// comments and docs that point at it must move with it. Every path with an extension that a doc
// (docs/, README.md, CONTRIBUTING.md) or a source comment names must exist, from the repository's
// root, from one of the folders the code names paths from (src-main/, src-main/core/,
// src-renderer/src/, ...) or from the naming file's own folder.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const BASES = [
  '',
  'src-main/',
  'src-main/core/',
  'src-main/sandbox/',
  'src-renderer/src/',
  'src-renderer/src/features/',
  'src-shared/',
  'test/',
];
// Names used as examples of a shape, not as pointers to a file of ours.
const EXAMPLES = new Set([
  'sends/text.yaml',
  'a/b.yaml',
  // A scenario's snapshot file, as a snapshot check names it (from the collection's folder).
  '__snapshots__/sends/text.yaml',
  '__snapshots__/snapshot.yaml',
  '__snapshots__/shop.yaml',
  'test/unit/x.test.ts',
  'test/unit/core/contacts/x.test.ts',
  'test/integration/contacts/x.test.ts',
  'test/e2e/x.test.ts',
]);
const PATH = /(?<![\w./@-])((?:[\w-]+\/)+[\w.-]+\.(?:ts|tsx|mjs|md|yaml|css))\b/g;

function trackedFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', 'src-main', 'src-shared', 'src-renderer', 'src-preload', 'bench', 'scripts'],
    { cwd: ROOT, encoding: 'utf8' },
  ).split('\n');
  const docs = execFileSync('git', ['ls-files', 'docs', 'README.md', 'CONTRIBUTING.md', 'test'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\n');
  return [...listed, ...docs].filter(
    (f) => /\.(ts|tsx|mjs|md)$/.test(f) && !f.startsWith('test/fixtures/'),
  );
}

/** What a line says in words: all of a Markdown line, the comment part of a code line. */
function prose(file: string, line: string): string {
  if (file.endsWith('.md')) return line;
  return /(\/\/.*|\/\*.*|^\s*\*.*)/.exec(line)?.[0] ?? '';
}

function exists(file: string, named: string): boolean {
  if (BASES.some((base) => existsSync(join(ROOT, base + named)))) return true;
  return existsSync(join(ROOT, dirname(file), named));
}

describe('paths named in comments and docs', () => {
  it('every one exists', () => {
    const broken: string[] = [];
    for (const file of trackedFiles()) {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const match of prose(file, line).matchAll(PATH)) {
          // A CI example checks the repository out as tp-inspector/: the path is ours below it.
          const named = (match[1] ?? '').replace(/^tp-inspector\//, '');
          if (EXAMPLES.has(named) || named.includes('node_modules')) continue;
          if (!exists(file, named)) broken.push(`${file}:${i + 1} names ${named}`);
        }
      });
    }
    expect(broken).toEqual([]);
  });
});
