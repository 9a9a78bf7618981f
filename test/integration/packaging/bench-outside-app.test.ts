// The app's build (out/, which the installer packs whole: electron-builder `files: out/**`) holds
// nothing of bench/: the benches' measuring children are built to out-bench/ by bench/build-child.mjs.
// Reads the real build, which `npm test` makes before the tests run.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const OUT = join(ROOT, 'out');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe("the app's build in out/", () => {
  const files = filesUnder(OUT).filter((f) => !f.endsWith('.build-stamp'));

  it('has its entries and no bench entry', () => {
    const names = files.map((f) => relative(OUT, f).split('\\').join('/'));
    expect(names).toContain('main/tp.js');
    expect(names).toContain('main/serve.js');
    expect(names.filter((n) => /bench/i.test(n))).toEqual([]);
  });

  it("bundles no bench code: no file holds a bench child's options", () => {
    // BENCH_STEPS and BENCH_DELIVERIES are read only by bench/runner-child; a bundle that took it in
    // would carry them.
    const holding = files.filter((f) => /BENCH_(STEPS|DELIVERIES)/.test(readFileSync(f, 'latin1')));
    expect(holding.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
