// The unused-exports check of `npm run lint` sees only the files of its program
// (tsconfig.unused-exports.json): a tracked file outside it would have its exports unchecked and
// its imports uncounted, so an export only it uses would be called unused. And the check holds
// only as long as the lint runs it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
// Read by their own tools (electron-vite, vitest) or run by hand to make a sample file: nothing
// of ours imports them and they export nothing of ours.
const OUTSIDE_THE_CHECK = new Set([
  'electron.vite.config.ts',
  'vitest.config.ts',
  'resources/samples/make-amr.mjs',
  'resources/samples/make-pdf.mjs',
]);

function programFiles(): Set<string> {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.unused-exports.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  return new Set(parsed.fileNames.map((file) => relative(ROOT, file)));
}

it('reads every tracked TypeScript and .mjs file but the tools’ own configs and the fixtures', () => {
  const inProgram = programFiles();
  const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && !file.startsWith('test/fixtures/'));
  expect(tracked.filter((file) => !inProgram.has(file) && !OUTSIDE_THE_CHECK.has(file))).toEqual(
    [],
  );
});

it('is run by npm run lint', () => {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts['lint']).toMatch(
    /&& ts-unused-exports tsconfig\.unused-exports\.json --excludeDeclarationFiles\b/,
  );
});
